from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.http import HttpRequest

from campaign.models import Campaign, CampaignEvent, Correction, Invitation, Membership, Week
from campaign.services import account_guard


class GuardedAdminLoginForm(AdminAuthenticationForm):
    """The admin's door keeps the one account rule (campaign.services.account_guard): a guessing address
    waits, an unconfirmed address gets no session."""

    def clean(self) -> dict[str, Any]:
        login = str(self.data.get("username") or "")
        request: Any = self.request
        wait = account_guard.login_wait(request, login)
        if wait:
            raise forms.ValidationError(account_guard.too_many_attempts_message(wait), code="too_many_attempts")
        try:
            cleaned = super().clean()
        except forms.ValidationError as refusal:
            if getattr(refusal, "code", None) == "invalid_login":
                account_guard.login_failed(request, login)
            raise
        if self.user_cache is not None:
            account_guard.login_succeeded(request, login)
        return cleaned

    def confirm_login_allowed(self, user: Any) -> None:
        refusal = account_guard.account_refusal(user)
        if refusal:
            raise forms.ValidationError(refusal, code="email_unconfirmed")
        super().confirm_login_allowed(user)


admin.site.login_form = GuardedAdminLoginForm


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ("user", "role", "joined_at", "left_at", "invitation")
    readonly_fields = ("joined_at", "invitation")


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "system", "status", "rules_pack", "time_zone", "created_at")
    list_filter = ("system", "status")
    search_fields = ("name",)
    inlines = [MembershipInline]


@admin.register(Week)
class WeekAdmin(admin.ModelAdmin):
    """Read-mostly: weeks change through the sweep and ``manage.py resolve_week``, so their seeds stay honest."""

    list_display = ("campaign", "number", "status", "deadline", "claimed_at", "closed_at")
    list_filter = ("status",)
    readonly_fields = ("campaign", "number", "status", "opened_at", "deadline", "claimed_at", "closed_at")


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("campaign", "role", "created_by", "expires_at", "revoked_at", "uses", "max_uses")
    list_filter = ("role",)
    readonly_fields = ("code", "uses", "created_at")


@admin.register(CampaignEvent)
class CampaignEventAdmin(admin.ModelAdmin):
    list_display = ("campaign", "kind", "warband", "battle", "actor", "created_at")
    list_filter = ("kind", "visibility")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    list_display = ("campaign", "target", "actor", "created_at")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
