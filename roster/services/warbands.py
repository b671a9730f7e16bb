"""Create, submit, approve (or send back) and correct warbands; keep their rating current."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.lib.bounds import INTEGER_MAX, SMALLINT_MAX
from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.lib.names import checked_name
from campaign.models import Campaign, Correction
from campaign.selectors.roles import PLAYER, role_of
from campaign.services.corrections import correction_record
from campaign.services.events import event_record
from referee.engine.systems.mordheim.lists.types import STATS
from referee.engine.systems.mordheim.warband.legality import Problem, roster_problems
from referee.engine.systems.mordheim.warband.rating import RatedWarrior, warband_rating
from roster.bridge.packs import list_of, pack_of
from roster.models import Warband, Warrior
from roster.notices import warband_approved_notify, warband_sent_back_notify
from roster.services.context import locked, on_roster, require, summary
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
    name = checked_name(name)
    if not name:
        raise RuleViolation(_("A warband needs a name."), code="name_required", fields={"name": [_("Required.")]})
    warband = Warband(campaign=campaign, owner=owner, list_slug=list_slug, name=name.strip()[:120])
    warband_list = pack_of(warband.campaign).warband_list(list_slug)
    if warband_list is None:
        lists = ", ".join(sorted(pack_of(warband.campaign).lists))
        raise RuleViolation(
            _("There is no warband list %(slug)s; choose one of: %(lists)s.") % {"slug": list_slug, "lists": lists},
            code="unknown_warband_list",
            field="list",
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


def warband_problems(warband: Warband) -> list[Problem]:
    """Every way the roster breaks its list's rules (leader, Hero and model limits, gold); empty when legal."""
    current, _groups = summary(warband)
    return roster_problems(list_of(warband), current)


def _not_legal(problems: list[Problem], first: str) -> RuleViolation:
    return RuleViolation(
        first + " " + " ".join(p.message for p in problems),
        code="warband_not_legal",
        fields={"problems": [p.message for p in problems], "codes": [p.code for p in problems]},
    )


@transaction.atomic
def warband_submit(*, warband: Warband, actor: Any) -> Warband:
    """The player submits the warband for the organiser's approval; a roster its list forbids is refused
    with every problem named, so the player can fix them first."""
    warband = locked(warband)
    require(actor, "roster.change_warband", warband)
    if warband.status != Warband.Status.DRAFT:
        raise Conflict(
            _("Only a warband being built can be submitted; this one is %(status)s.")
            % {"status": warband.get_status_display()},
            code="warband_not_draft",
        )
    problems = warband_problems(warband)
    if problems:
        raise _not_legal(problems, _("The warband cannot be submitted yet:"))
    warband.status, warband.submitted_at = Warband.Status.PENDING, timezone.now()
    warband.save(update_fields=["status", "submitted_at"])
    event_record(
        campaign=warband.campaign, kind="warband_submitted", warband=warband, actor=actor,
        payload={"name": warband.name},
    )
    return warband


@transaction.atomic
def warband_approve(*, warband: Warband, actor: Any) -> Warband:
    """The organiser accepts a submitted warband into the campaign (it may then be paired), only when its
    roster is legal by its list; otherwise 400 with exactly what is wrong. Approving twice changes nothing."""
    warband = locked(warband)
    require(actor, "roster.approve_warband", warband)
    if warband.status == Warband.Status.APPROVED:
        return warband
    if warband.status != Warband.Status.PENDING:
        raise Conflict(
            _("The player has not submitted this warband for approval yet."), code="warband_not_submitted"
        )
    problems = warband_problems(warband)
    if problems:
        raise _not_legal(problems, _("This roster is not legal by its list:"))
    warband.status = Warband.Status.APPROVED
    warband.approved_by, warband.approved_at = actor, timezone.now()
    warband.review_note = ""
    warband.save(update_fields=["status", "approved_by", "approved_at", "review_note"])
    event_record(
        campaign=warband.campaign, kind="warband_approved", warband=warband, actor=actor,
        payload={"name": warband.name},
    )
    warband_approved_notify(warband)
    return warband


@transaction.atomic
def warband_send_back(*, warband: Warband, actor: Any, reason: str) -> Warband:
    """The organiser returns a submitted warband to its player with a reason; the player fixes and resubmits."""
    warband = locked(warband)
    require(actor, "roster.approve_warband", warband)
    if not reason.strip():
        raise RuleViolation(
            _("Tell the player what to change: sending back needs a reason."),
            code="reason_required",
            fields={"reason": [_("Required.")]},
        )
    if warband.status != Warband.Status.PENDING:
        raise Conflict(_("Only a warband waiting for approval can be sent back."), code="warband_not_submitted")
    warband.status, warband.review_note = Warband.Status.DRAFT, reason.strip()[:2000]
    warband.save(update_fields=["status", "review_note"])
    event_record(
        campaign=warband.campaign, kind="warband_sent_back", warband=warband, actor=actor,
        payload={"name": warband.name, "reason": warband.review_note},
    )
    warband_sent_back_notify(warband)
    return warband


CORRECTABLE_WARRIOR_FIELDS = {"xp", "count", "status", "name", "profile", "skills", "missed_games"}
#: The rules set no ceiling on experience (MH-XP-07 keeps counting past the last threshold); this one keeps a
#: warband's rating (5 a model + XP, MH-XP-08) far inside its column.
MAX_XP = 9_999
#: A characteristic never goes past 10 in Mordheim (the racial maximums are lower still).
MAX_CHARACTERISTIC = 10
MAX_MISSED_GAMES = 99


def _refused(field: str, message: str, code: str = "invalid") -> RuleViolation:
    return RuleViolation(message, code=code, fields={"changes": {field: [message]}})


def _known_skills(warband: Warband) -> set[str]:
    pack = pack_of(warband.campaign)
    known = set(pack.tables.skills)
    for skill_list in list_of(warband).skill_lists:
        known.update(s.id for s in skill_list.skills)
    return known


def warrior_changes_checked(*, warband: Warband, warrior: Warrior, changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` as the rules of the commands they correct allow them, or a RuleViolation naming the field.

    Types and ranges are the API's to check first; this holds for every caller: a Hero is one model, a
    group stays within its list's size, a profile names only characteristics (0 to 10, and the ones it
    does not name stay), skills are the pack's, a status is one a warrior can have.
    """
    unknown = set(changes) - CORRECTABLE_WARRIOR_FIELDS
    if unknown:
        raise RuleViolation(
            _("These cannot be corrected: %(f)s.") % {"f": ", ".join(sorted(unknown))},
            code="not_correctable",
            fields={"changes": {name: [_("Not correctable.")] for name in sorted(unknown)}},
        )
    out = dict(changes)
    for name in ("xp", "count", "missed_games"):
        value = changes.get(name)
        limit = {"xp": MAX_XP, "count": SMALLINT_MAX, "missed_games": MAX_MISSED_GAMES}[name]
        if name in changes and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit):
            raise _refused(name, _("A whole number from 0 to %(n)d.") % {"n": limit})
    if "count" in changes:
        if warrior.kind == Warrior.Kind.HERO and changes["count"] != 1:
            raise _refused("count", _("A Hero is one model."), code="hero_is_one_model")
        warband_list = list_of(warband)
        size = warband_list.warrior_type(warrior.type_slug).group_size_max if warband_list.has_type(
            warrior.type_slug
        ) else None
        if size is not None and changes["count"] > size:
            raise _refused("count", _("A group of this type has at most %(n)d models.") % {"n": size}, "group_full")
    if "status" in changes and changes["status"] not in Warrior.Status.values:
        raise _refused("status", _("One of: %(s)s.") % {"s": ", ".join(Warrior.Status.values)})
    if "name" in changes and (not isinstance(changes["name"], str) or not changes["name"].strip()):
        raise _refused("name", _("A name, up to 120 characters."))
    if "name" in changes:
        out["name"] = changes["name"].strip()[:120]
    if "profile" in changes:
        out["profile"] = _profile_checked(warrior, changes["profile"])
    if "skills" in changes:
        skills = changes["skills"]
        if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
            raise _refused("skills", _("A list of skill ids."))
        strange = sorted(set(skills) - _known_skills(warband))
        if strange:
            raise _refused("skills", _("No such skill: %(s)s.") % {"s": ", ".join(strange)}, code="unknown_skill")
    return out


def _profile_checked(warrior: Warrior, profile: Any) -> dict[str, int]:
    if not isinstance(profile, dict):
        raise _refused("profile", _("An object of characteristics, e.g. {\"WS\": 4}."))
    merged = dict(warrior.profile or {})
    for stat, value in profile.items():
        if stat not in STATS:
            raise _refused("profile", _("No such characteristic: %(s)s; use %(all)s.") % {
                "s": stat, "all": ", ".join(STATS)
            })
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_CHARACTERISTIC:
            raise _refused("profile", _("%(s)s is a whole number from 0 to %(n)d.") % {
                "s": stat, "n": MAX_CHARACTERISTIC
            })
        merged[stat] = value
    return merged


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
        if warband.shards + shards > INTEGER_MAX:
            raise RuleViolation(
                _("A warband holds at most %(n)d shards.") % {"n": INTEGER_MAX},
                code="shards_too_many",
                fields={"shards": [_("Too many.")]},
            )
        warband.shards += shards
        warband.save(update_fields=["shards"])
        changes["shards"] = shards
    if warrior is not None and warrior_changes:
        if warrior.warband_id != warband.pk:
            raise NotFound(_("No such warrior in this warband."), code="warrior_not_found")
        warrior_changes = warrior_changes_checked(warband=warband, warrior=warrior, changes=warrior_changes)
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
