"""Admin of the weekly moves: characters are the GM's to edit; submissions and results are read-only
(they change through the API and the resolution, so the secret record and its rolls stay honest)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Character, InfoHolding, MoveResult, Promise, WeeklyDecision, WeeklyMove, WeekResolution


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "user", "status", "preparedness", "debt", "xp")
    list_filter = ("status",)
    search_fields = ("name", "user__username")


@admin.register(InfoHolding)
class InfoHoldingAdmin(admin.ModelAdmin):
    list_display = ("holder", "companion", "subject", "count", "valid")


@admin.register(Promise)
class PromiseAdmin(admin.ModelAdmin):
    list_display = ("promiser", "beneficiary", "week", "fulfilled")


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(WeeklyMove)
class WeeklyMoveAdmin(_ReadOnly):
    list_display = ("week", "character", "kind", "created_at")


@admin.register(WeekResolution)
class WeekResolutionAdmin(_ReadOnly):
    list_display = ("week", "status", "next_index", "total", "started_at", "finished_at")


@admin.register(MoveResult)
class MoveResultAdmin(_ReadOnly):
    list_display = ("week", "index", "character", "kind", "status")


@admin.register(WeeklyDecision)
class WeeklyDecisionAdmin(_ReadOnly):
    list_display = ("week", "key", "character", "kind", "answered_at")
