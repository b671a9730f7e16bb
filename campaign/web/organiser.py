"""The organiser's jobs on the web: create a campaign, its settings, invitations (link and e-mail), start it."""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from campaign.lib.i18n import localized
from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Invitation
from campaign.selectors import campaign_access, invitation_in, invitations_of
from campaign.services import campaign_create, campaign_start, campaign_update, invitation_create, invitation_revoke
from campaign.services.campaigns import rules_pack_pinned
from campaign.services.notifications import invitation_email
from campaign.web.settings_form import groups_of, settings_form
from referee.served_packs import packs

TIME_ZONES = sorted(available_timezones())


def _pack_choices() -> list[tuple[str, str]]:
    newest: dict[str, Any] = {}
    for pack in packs():
        newest[pack.slug] = pack
    return [(slug, f"{localized(p.source.name)} ({p.version})") for slug, p in sorted(newest.items())]


class CampaignForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    rules_pack = forms.ChoiceField(
        label=gettext_lazy("Game and rules pack"),
        choices=(),
        help_text=gettext_lazy("The campaign keeps this version of the rules, whatever the server loads later."),
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=(),
        initial="Europe/Prague",
        help_text=gettext_lazy("Weekly deadlines fall at local time here."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules_pack"].choices = _pack_choices()  # type: ignore[attr-defined]
        self.fields["time_zone"].choices = [(tz, tz) for tz in TIME_ZONES]  # type: ignore[attr-defined]


@login_required
def campaign_new(request: HttpRequest) -> HttpResponse:
    """Anybody logged in may found a campaign; they organise it. Its settings come next."""
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusals_as_messages(request) as refused:
            pack = rules_pack_pinned(slug=form.cleaned_data["rules_pack"])
            campaign = campaign_create(
                name=form.cleaned_data["name"],
                rules_pack=pack,
                organiser=request.user,
                time_zone=form.cleaned_data["time_zone"],
            )
        if not refused:
            return done(
                request,
                _("Campaign %(name)s created: check its settings, then invite the players.") % {"name": campaign.name},
                reverse("campaign-settings-page", args=[campaign.pk]),
            )
    return render(request, "campaign/organiser/new.html", {"form": form})


def _organiser_access(request: HttpRequest, pk: int) -> Any:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    if not access.is_organiser:
        raise PermissionDenied
    return access


@login_required
@not_found_is_404
def campaign_settings_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Every league and game-system setting, with its help text; a refused value names its field."""
    access = _organiser_access(request, pk)
    campaign = access.campaign
    form = settings_form(campaign.system, campaign.settings, request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusals_as_messages(request) as refused:
            campaign_update(campaign=campaign, actor=request.user, settings=dict(form.cleaned_data))
        if refused:
            for name, problems in refused[0].fields.items():
                if name in form.fields:
                    form.add_error(name, [str(p) for p in problems])
        else:
            return done(request, _("Settings saved."), reverse("campaign-settings-page", args=[pk]))
    context = {"campaign": campaign, "groups": groups_of(form, campaign.system), "form": form}
    return render(request, "campaign/organiser/settings.html", context)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Invitation.Role.choices, initial="player")
    days = forms.IntegerField(label=gettext_lazy("Valid for (days)"), min_value=1, max_value=365, initial=7)
    max_uses = forms.IntegerField(
        label=gettext_lazy("How many people may use it"),
        min_value=1,
        required=False,
        initial=10,
        help_text=gettext_lazy("Empty: anybody with the link until it expires."),
    )
    email = forms.EmailField(
        label=gettext_lazy("Send it to this e-mail address"),
        required=False,
        help_text=gettext_lazy("Optional; you can also copy the link and send it yourself."),
    )


@login_required
@not_found_is_404
def invitations_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser makes invitation links (and e-mails them), sees who used them, withdraws them."""
    access = _organiser_access(request, pk)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusals_as_messages(request) as refused:
            invitation = invitation_create(
                campaign=access.campaign,
                actor=request.user,
                role=form.cleaned_data["role"],
                days=form.cleaned_data["days"],
                max_uses=form.cleaned_data["max_uses"],
            )
            link = request.build_absolute_uri(reverse("invitation-page", args=[invitation.code]))
        if not refused:
            email = form.cleaned_data["email"]
            if not email:
                return done(request, _("Invitation made."), reverse("invitations-page", args=[pk]))
            if invitation_email(invitation=invitation, email=email, link=link, actor=request.user):
                return done(
                    request,
                    _("Invitation sent to %(email)s.") % {"email": email},
                    reverse("invitations-page", args=[pk]),
                )
            messages.error(
                request,
                _(
                    "The invitation is made, but the e-mail to %(email)s could not be sent: copy its link below and "
                    "send it yourself."
                )
                % {"email": email},
            )
            return redirect(reverse("invitations-page", args=[pk]))
    rows = [
        {"i": i, "link": request.build_absolute_uri(reverse("invitation-page", args=[i.code]))}
        for i in invitations_of(viewer=request.user, campaign_id=pk)
    ]
    context = {"campaign": access.campaign, "form": form, "rows": rows}
    return render(request, "campaign/organiser/invitations.html", context)


@login_required
@require_POST
@not_found_is_404
def invitation_withdraw(request: HttpRequest, pk: int, invitation_id: int) -> HttpResponse:
    access = _organiser_access(request, pk)
    invitation = invitation_in(viewer=request.user, campaign_id=pk, invitation_id=invitation_id)
    if invitation is None:
        raise PermissionDenied
    with refusals_as_messages(request):
        invitation_revoke(invitation=invitation, actor=request.user)
        return done(request, _("Invitation withdrawn."), reverse("invitations-page", args=[access.campaign.pk]))
    return redirect("invitations-page", pk)


@login_required
@require_POST
@not_found_is_404
def campaign_start_view(request: HttpRequest, pk: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    with refusals_as_messages(request) as refused:
        week = campaign_start(campaign=access.campaign, actor=request.user)
    if not refused:
        return done(
            request, _("The campaign has started: week %(n)s is open.") % {"n": week.number}, f"/campaigns/{pk}/"
        )
    return redirect("campaign-page", pk)
