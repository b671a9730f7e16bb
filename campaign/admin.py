from django.contrib import admin

from campaign.models import Campaign, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "system", "status", "rules_pack", "created_at")
    list_filter = ("system", "status")
    inlines = [MembershipInline]
