"""Create, approve and correct warbands; keep their rating current."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.models import Campaign, Correction
from campaign.selectors.roles import PLAYER, role_of
from campaign.services.corrections import correction_record
from referee.engine.systems.mordheim.warband.rating import RatedWarrior, warband_rating
from roster.bridge.packs import pack_of
from roster.models import Warband, Warrior
from roster.notices import warband_approved_notify
from roster.services.context import locked, on_roster, require
from roster.services.treasury import treasury_apply


def rating_of(warband: Warband) -> int:
    """MH-XP-08 over the warriors on the roster (dead, dismissed and empty groups do not count)."""
    return warband_rating(RatedWarrior(xp=w.xp, models=w.count, large=w.large) for w in on_roster(warband))


def rating_refresh(*, warband: Warband) -> int:
    warband.rating = rating_of(warband)
    warband.save(update_fields=["rating"])
    return warband.rating


@transaction.atomic
def warband_create(*, campaign: Campaign, owner: Any, list_slug: str, name: str) -> Warband:
    """Found a warband on one of the campaign's lists, with the list's starting gold in its treasury."""
    if role_of(viewer=owner, campaign_id=campaign.pk) != PLAYER:
        raise NotFound(_("No such campaign, or you are not one of its players."), code="campaign_not_found")
    if campaign.status == Campaign.Status.FINISHED:
        raise Conflict(_("This campaign is finished."), code="campaign_finished")
    if not name.strip():
        raise RuleViolation(_("A warband needs a name."), code="name_required", fields={"name": [_("Required.")]})
    warband = Warband(campaign=campaign, owner=owner, list_slug=list_slug, name=name.strip()[:120])
    warband_list = pack_of(warband.campaign).warband_list(list_slug)
    if warband_list is None:
        lists = ", ".join(sorted(pack_of(warband.campaign).lists))
        raise RuleViolation(
            _("There is no warband list %(slug)s; choose one of: %(lists)s.") % {"slug": list_slug, "lists": lists},
            code="unknown_warband_list",
            fields={"list": [list_slug]},
        )
    warband.save()
    treasury_apply(
        warband=warband,
        amount=warband_list.starting_gold,
        reason="starting_gold",
        detail=warband_list.name.en,
        actor=owner,
    )
    return warband


@transaction.atomic
def warband_approve(*, warband: Warband, actor: Any) -> Warband:
    """The organiser accepts a warband into the campaign (it may then be paired)."""
    warband = locked(warband)
    require(actor, "roster.approve_warband", warband)
    if warband.status == Warband.Status.PENDING:
        warband.status = Warband.Status.APPROVED
        warband.approved_by, warband.approved_at = actor, timezone.now()
        warband.save(update_fields=["status", "approved_by", "approved_at"])
        warband_approved_notify(warband)
    return warband


CORRECTABLE_WARRIOR_FIELDS = {"xp", "count", "status", "name", "profile", "skills", "missed_games"}


@transaction.atomic
def warband_correct(
    *,
    warband: Warband,
    actor: Any,
    reason: str,
    treasury: int = 0,
    shards: int = 0,
    warrior: Warrior | None = None,
    warrior_changes: dict[str, Any] | None = None,
) -> Correction:
    """The organiser fixes a mistake. Every correction records who, when, why and what changed."""
    warband = locked(warband)
    require(actor, "roster.correct_warband", warband)
    if not reason.strip():
        raise RuleViolation(
            _("Say why: a correction needs a reason."), code="reason_required", fields={"reason": [_("Required.")]}
        )
    changes: dict[str, Any] = {}
    if treasury:
        treasury_apply(warband=warband, amount=treasury, reason="correction", detail=reason, actor=actor)
        changes["treasury"] = treasury
    if shards:
        if warband.shards + shards < 0:
            raise RuleViolation(
                _("The warband has only %(n)d shards.") % {"n": warband.shards}, code="not_enough_shards"
            )
        warband.shards += shards
        warband.save(update_fields=["shards"])
        changes["shards"] = shards
    if warrior is not None and warrior_changes:
        if warrior.warband_id != warband.pk:
            raise NotFound(_("No such warrior in this warband."), code="warrior_not_found")
        unknown = set(warrior_changes) - CORRECTABLE_WARRIOR_FIELDS
        if unknown:
            raise RuleViolation(
                _("These cannot be corrected: %(f)s.") % {"f": ", ".join(sorted(unknown))}, code="not_correctable"
            )
        before = {k: getattr(warrior, k) for k in warrior_changes}
        for key, value in warrior_changes.items():
            setattr(warrior, key, value)
        warrior.save()
        changes["warrior"] = {"id": warrior.pk, "before": before, "after": warrior_changes}
    if not changes:
        raise RuleViolation(_("The correction changes nothing."), code="empty_correction")
    rating_refresh(warband=warband)
    return correction_record(
        campaign=warband.campaign, actor=actor, target=f"warband:{warband.pk}", reason=reason, changes=changes,
        warband=warband,
    )
