"""What every roster service needs: the warband locked, the actor allowed, and refusals in one shape."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db.models import F
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict, NotAllowed, NotFound, RuleViolation
from referee.engine.systems.mordheim.warband.errors import MESSAGES, RosterRuleError
from referee.engine.systems.mordheim.warband.hiring import HenchmanGroup, RosterSummary
from roster.models import Warband, Warrior
from roster.rules import may


def rule_refusal(exc: RosterRuleError) -> RuleViolation:
    """An engine refusal as a 400 with its stable code and a translated message."""
    try:
        detail = _(MESSAGES[exc.code]).format(**exc.context)
    except (KeyError, IndexError):
        detail = exc.message
    return RuleViolation(detail, code=exc.code)


@contextmanager
def engine_rules() -> Iterator[None]:
    """Turn the engine's coded refusals into the API's error shape."""
    try:
        yield
    except RosterRuleError as exc:
        raise rule_refusal(exc) from None


def roster_changed(warband_ids: Iterable[int]) -> None:
    """Move the rosters' ``version`` on, inside the caller's transaction: the cached representation of the
    old version is never served again once this commits (``roster.documents.cache``)."""
    Warband.objects.filter(pk__in=list(warband_ids)).update(version=F("version") + 1)


def locked(warband: Warband | int) -> Warband:
    """The warband row, locked for this transaction: every change to a roster serialises here.

    The UPDATE that moves its version on (``roster_changed``) is what takes the row lock.
    """
    pk = warband.pk if isinstance(warband, Warband) else warband
    if not Warband.objects.filter(pk=pk).update(version=F("version") + 1):
        raise NotFound(_("No such warband."), code="warband_not_found")
    return Warband.objects.select_related("campaign__rules_pack").defer("campaign__rules_pack__content").get(pk=pk)


def require(actor: Any, perm: str, warband: Warband) -> None:
    """Refuse unless the actor's campaign role grants ``perm`` (a staff flag grants nothing here)."""
    if not may(actor, perm, warband):
        if not may(actor, "roster.view_warband", warband):
            raise NotFound(_("No such warband."), code="warband_not_found")
        messages = {
            "roster.change_warband": _("Only the warband's owner may change it; the organiser may correct it."),
            "roster.correct_warband": _("Only the campaign's organiser may correct a warband."),
            "roster.approve_warband": _("Only the campaign's organiser may approve a warband."),
        }
        raise NotAllowed(messages.get(perm, _("You may not do that.")), code="not_allowed")
    if warband.status == Warband.Status.RETIRED and perm != "roster.view_warband":
        raise Conflict(_("This warband has retired; it can no longer change."), code="warband_retired")


def on_roster(warband: Warband) -> list[Warrior]:
    return [w for w in warband.warriors.all() if w.on_roster]


def summary(warband: Warband) -> tuple[RosterSummary, list[Warrior]]:
    """What the hiring rules need to know, plus the groups in the order the summary numbers them."""
    warriors = on_roster(warband)
    heroes: dict[str, int] = {}
    groups: list[Warrior] = []
    for w in warriors:
        if w.kind == Warrior.Kind.HERO:
            heroes[w.type_slug] = heroes.get(w.type_slug, 0) + 1
        else:
            groups.append(w)
    return (
        RosterSummary(
            treasury=warband.treasury,
            heroes=heroes,
            groups=tuple(HenchmanGroup(type=g.type_slug, size=g.count) for g in groups),
            has_leader=any(w.is_leader for w in warriors),
        ),
        groups,
    )
