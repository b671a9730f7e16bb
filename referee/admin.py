from django.contrib import admin

from referee.models import RulesPack


@admin.register(RulesPack)
class RulesPackAdmin(admin.ModelAdmin):
    list_display = ("slug", "version", "system", "checksum", "loaded_at")
    readonly_fields = ("checksum", "loaded_at")
