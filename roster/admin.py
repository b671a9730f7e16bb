from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from simple_history.admin import SimpleHistoryAdmin

from roster.models import Battle, Holding, RareSearch, TreasuryEntry, Warband, Warrior


class WarriorInline(admin.TabularInline):
    model = Warrior
    extra = 0
    fields = ("name", "kind", "type_slug", "count", "status", "xp")


@admin.register(Warband)
class WarbandAdmin(SimpleHistoryAdmin):
    list_display = ("name", "campaign", "owner", "list_slug", "status", "treasury", "rating")
    list_filter = ("status", "list_slug")
    inlines = [WarriorInline]


@admin.register(Warrior)
class WarriorAdmin(SimpleHistoryAdmin):
    list_display = ("name", "warband", "kind", "type_slug", "count", "status", "xp")


@admin.register(Holding)
class HoldingAdmin(SimpleHistoryAdmin):
    list_display = ("item_slug", "warband", "warrior", "price_paid")


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(admin.ModelAdmin):
    list_display = ("warband", "amount", "balance_after", "reason", "created_at")
    readonly_fields = ("warband", "amount", "balance_after", "reason", "detail", "actor", "created_at")


admin.site.register(RareSearch)


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    """Read-only: results change through the report flow or an audited correction, never here."""

    list_display = ("campaign", "week", "warband_a", "warband_b", "status", "scenario", "result")
    list_filter = ("status", "scenario")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
