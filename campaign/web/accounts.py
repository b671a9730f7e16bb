"""The person behind the account: the invitation page (join, or sign up then join), the profile, the language."""

from __future__ import annotations

from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from campaign.lib.web.common import back_to, done, refusals_as_messages
from campaign.models import Notification
from campaign.selectors.campaigns import invitation_by_code
from campaign.selectors.devices import devices_of
from campaign.selectors.roles import role_of
from campaign.services import invitation_accept
from campaign.services.members import invitation_problem
from campaign.services.notifications import profile_of, profile_update
from campaign.services.tokens import auth_token_revoke, auth_tokens_revoke_all
from campaign.web.adapter import PENDING_INVITATION

TIME_ZONES = sorted(available_timezones())


def invitation_page(request: HttpRequest, code: str) -> HttpResponse:
    """What the link offers, and a Join button; a visitor without an account signs up (or logs in) first."""
    invitation = invitation_by_code(code)
    if invitation is None:
        raise Http404
    problem = invitation_problem(invitation, timezone.now())
    member = request.user.is_authenticated and role_of(viewer=request.user, campaign_id=invitation.campaign_id)
    if request.method == "POST" and request.user.is_authenticated:
        with refusals_as_messages(request) as refused:
            invitation_accept(code=code, user=request.user)
        request.session.pop(PENDING_INVITATION, None)
        if not refused:
            return done(
                request,
                _("Welcome to %(campaign)s.") % {"campaign": invitation.campaign.name},
                reverse("campaign-page", args=[invitation.campaign_id]),
            )
        return redirect(request.path)
    if not request.user.is_authenticated and problem is None:
        request.session[PENDING_INVITATION] = code  # after sign-up and the e-mail's link, back here
    context = {"invitation": invitation, "problem": problem, "member": member, "next": request.path}
    return render(request, "campaign/invitation.html", context)


class ProfileForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=(), required=False)
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=(),
        required=False,
        help_text=gettext_lazy("Deadlines are shown in this time zone; empty: the campaign's own."),
    )
    email_kinds = forms.MultipleChoiceField(
        label=gettext_lazy("Send me these notices by e-mail too"),
        choices=Notification.Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["language"].choices = [("", _("As my browser asks")), *settings.LANGUAGES]  # type: ignore[attr-defined]
        self.fields["time_zone"].choices = [("", "—"), *((tz, tz) for tz in TIME_ZONES)]  # type: ignore[attr-defined]


@login_required
def profile_page(request: HttpRequest) -> HttpResponse:
    profile = profile_of(request.user)
    if request.method == "POST":
        form = ProfileForm(request.POST)
        if form.is_valid():
            with refusals_as_messages(request) as refused:
                profile_update(
                    user=request.user,
                    language=form.cleaned_data["language"],
                    time_zone=form.cleaned_data["time_zone"],
                    email_kinds=form.cleaned_data["email_kinds"],
                )
            if not refused:
                response = done(request, _("Your profile is saved."), reverse("profile"))
                _remember_language(response, form.cleaned_data["language"])
                return response
    else:
        form = ProfileForm(
            initial={
                "language": profile.language,
                "time_zone": profile.time_zone,
                "email_kinds": profile.email_kinds if profile.email_chosen else Notification.Kind.values,
            }
        )
    context = {"form": form, "profile": profile, "devices": devices_of(user=request.user)}
    return render(request, "campaign/profile.html", context)


@login_required
@require_POST
def device_revoke_view(request: HttpRequest, device_id: int) -> HttpResponse:
    with refusals_as_messages(request):  # another person's device, or a gone one: 404
        auth_token_revoke(user=request.user, device_id=device_id)
    return done(request, _("That device is logged out."), reverse("profile"))


@login_required
@require_POST
def devices_revoke_all_view(request: HttpRequest) -> HttpResponse:
    auth_tokens_revoke_all(user=request.user)
    return done(request, _("Every device is logged out of the API."), reverse("profile"))


def _remember_language(response: HttpResponse, language: str) -> None:
    if language:
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax", max_age=365 * 24 * 3600)
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)


@require_POST
def language_switch(request: HttpRequest) -> HttpResponse:
    """The header's language switch: kept on the profile (every device) and in a cookie (before log-in)."""
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        language = ""
    if request.user.is_authenticated:
        profile_update(user=request.user, language=language)
    response = redirect(back_to(request, reverse("home")))
    _remember_language(response, language)
    return response
