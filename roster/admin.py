from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from simple_history.admin import SimpleHistoryAdmin

from roster.models import Battle, Holding, RareSearch, TreasuryEntry, Warband, Warrior
from roster.services.context import roster_changed


class ChangesRoster:
    """An edit in the admin changes a roster as a service does: the warband's ``version`` moves on in the
    admin's transaction (after the inlines are saved), so no reader is served the cached roster of before."""

    def _warband_id(self, obj: Model) -> int | None:
        return obj.pk if isinstance(obj, Warband) else getattr(obj, "warband_id", None)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)  # type: ignore[misc]
        roster_changed([i for i in [self._warband_id(form.instance)] if i is not None])

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        warband_id = self._warband_id(obj)
        super().delete_model(request, obj)  # type: ignore[misc]
        roster_changed([warband_id] if warband_id is not None else [])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        warband_ids = {i for i in (self._warband_id(obj) for obj in queryset) if i is not None}
        super().delete_queryset(request, queryset)  # type: ignore[misc]
        roster_changed(warband_ids)


class WarriorInline(admin.TabularInline):
    model = Warrior
    extra = 0
    fields = ("name", "kind", "type_slug", "count", "status", "xp")


@admin.register(Warband)
class WarbandAdmin(ChangesRoster, SimpleHistoryAdmin):
    list_display = ("name", "campaign", "owner", "list_slug", "status", "treasury", "rating")
    readonly_fields = ("version",)
    list_filter = ("status", "list_slug")
    inlines = [WarriorInline]


@admin.register(Warrior)
class WarriorAdmin(ChangesRoster, SimpleHistoryAdmin):
    list_display = ("name", "warband", "kind", "type_slug", "count", "status", "xp")


@admin.register(Holding)
class HoldingAdmin(ChangesRoster, SimpleHistoryAdmin):
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
