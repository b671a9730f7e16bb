"""The people of a campaign on the web: who is in it (and who was), a member leaving, the organiser removing a
player or a GM, and the organiser finishing the campaign. Their warbands, battles and history stay."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.errors import NotFound
from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.selectors import campaign_access, members_of, membership_in
from campaign.services import campaign_finish
from campaign.services.members import membership_leave, membership_remove


@login_required
@not_found_is_404
def members_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Current members first, then former ones; the organiser may remove a player or a GM, anyone may leave."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    rows = list(members_of(viewer=request.user, campaign_id=pk))
    context = {
        "campaign": access.campaign,
        "access": access,
        "current": [m for m in rows if m.left_at is None],
        "former": [m for m in rows if m.left_at is not None],
        "me": next((m for m in rows if m.user_id == request.user.pk and m.left_at is None), None),
    }
    return render(request, "campaign/organiser/members.html", context)


@login_required
@require_POST
@not_found_is_404
def member_remove_view(request: HttpRequest, pk: int, membership_id: int) -> HttpResponse:
    membership = membership_in(viewer=request.user, campaign_id=pk, membership_id=membership_id)
    if membership is None:
        raise NotFound(_("No such member."), code="member_not_found")
    with refusals_as_messages(request) as refused:
        membership_remove(membership=membership, actor=request.user)
    if not refused:
        text = _("%(who)s is no longer a member; their warbands and history stay.") % {
            "who": membership.user.get_username()
        }
        return done(request, text, reverse("members-page", args=[pk]))
    return redirect("members-page", pk)


@login_required
@require_POST
@not_found_is_404
def leave_view(request: HttpRequest, pk: int) -> HttpResponse:
    access = campaign_access(viewer=request.user, campaign_id=pk)
    with refusals_as_messages(request) as refused:
        membership_leave(campaign=access.campaign, user=request.user)
    if not refused:
        text = _("You left %(name)s; you can still read it.") % {"name": access.campaign.name}
        return done(request, text, reverse("campaign-page", args=[pk]))
    return redirect("members-page", pk)


@login_required
@require_POST
@not_found_is_404
def campaign_finish_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser ends the campaign: the open week is resolved now and no other week opens."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    if not request.POST.get("sure"):
        messages.error(request, _("Tick the box to say you mean it: a finished campaign cannot be restarted."))
        return redirect("campaign-page", pk)
    with refusals_as_messages(request) as refused:
        campaign_finish(campaign=access.campaign, actor=request.user)
    if not refused:
        text = _("The campaign is finished: its standings are final.")
        return done(request, text, reverse("campaign-page", args=[pk]))
    return redirect("campaign-page", pk)

