from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from roster.models import Holding, RareSearch, TreasuryEntry, Warband, Warrior


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
