"""Pairings: the organiser pairs warbands for a week, by hand or automatically.

Automatic pairings (only approved warbands whose owner is still a member):

1. With an odd count, one warband gets a bye: the one with the fewest byes so far,
   then the lowest rating, then the oldest (lowest id).
2. The others are paired from the highest rating down, each with the free warband
   closest in rating that it has not met within the league's ``rematch_weeks``
   (a search that backtracks, so one early choice cannot strand two warbands that
   just met). When no such pairing exists at all, rematches are allowed and flagged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.league import league_of
from campaign.lib.errors import Conflict, RuleViolation
from campaign.models import Campaign, Membership, Week
from campaign.services.access import ORGANISER, require_role
from campaign.services.events import event_record
from roster.models import Battle, Warband
from roster.notices import battle_paired_notify

SEARCH_LIMIT = 20_000  # steps of the backtracking search before giving up on avoiding rematches

Pair = tuple[int, int | None]


def _open_week(week: Week, actor: Any) -> Week:
    require_role(campaign=week.campaign, user=actor, roles=[ORGANISER], message=_("Only the organiser pairs battles."))
    week = Week.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=week.pk)
    if week.campaign.status != Campaign.Status.RUNNING:
        raise Conflict(_("Battles are paired only while the campaign runs."), code="campaign_not_running")
    if week.status != Week.Status.OPEN:
        raise Conflict(_("This week is closed; pair battles in the open week."), code="week_not_open")
    return week


def _eligible(campaign: Campaign) -> dict[int, Warband]:
    """Approved warbands whose owner is still an active member."""
    active = Membership.objects.filter(campaign=campaign, left_at__isnull=True).values("user_id")
    rows = Warband.objects.filter(campaign=campaign, status=Warband.Status.APPROVED, owner_id__in=active)
    return {w.pk: w for w in rows.order_by("pk")}


def _already_paired(week: Week) -> set[int]:
    out: set[int] = set()
    for a, b in Battle.objects.filter(week=week).values_list("warband_a_id", "warband_b_id"):
        out.add(a)
        if b is not None:
            out.add(b)
    return out


def _create(week: Week, actor: Any, pairs: Sequence[Pair], *, automatic: bool, rematches: set[Pair]) -> list[Battle]:
    battles = []
    rating = dict(Warband.objects.filter(pk__in=[w for p in pairs for w in p if w]).values_list("pk", "rating"))
    for a, b in pairs:
        battle = Battle.objects.create(
            ratings={str(w): rating[w] for w in (a, b) if w is not None},  # MH-UND-03: ratings as the battle begins
            campaign=week.campaign,
            week=week,
            warband_a_id=a,
            warband_b_id=b,
            status=Battle.Status.BYE if b is None else Battle.Status.PAIRED,
            paired_by=actor,
        )
        payload: dict[str, Any] = {"week": week.number, "automatic": automatic}
        if b is None:
            payload["bye"] = True
        if (a, b) in rematches:
            payload["rematch"] = True
        event_record(campaign=week.campaign, kind="battle_paired", battle=battle, actor=actor, payload=payload)
        battle_paired_notify(battle)
        battles.append(battle)
    return battles


def _clear_unplayed(week: Week) -> None:
    """Drop the week's pairings nobody has started (no pre-battle sequence yet), and its byes."""
    Battle.objects.filter(week=week, status__in=[Battle.Status.PAIRED, Battle.Status.BYE], prebattle={}).delete()


@transaction.atomic
def pairings_set(*, week: Week, actor: Any, pairs: Sequence[Pair], replace: bool = False) -> list[Battle]:
    """The organiser's own pairings for the week (``(a, None)`` gives ``a`` a bye).

    ``replace`` first drops the week's pairings not yet started. Every warband must be
    approved, owned by a member, and in at most one battle of the week.
    """
    week = _open_week(week, actor)
    if not pairs:
        raise RuleViolation(_("Give at least one pair."), code="no_pairs", fields={"pairs": [_("Required.")]})
    if replace:
        _clear_unplayed(week)
    eligible = _eligible(week.campaign)
    taken = _already_paired(week)
    seen: set[int] = set()
    for index, (a, b) in enumerate(pairs):
        for wid in (a, b):
            if wid is None:
                continue
            where = {"pairs": {str(index): [_("Warband %(id)s.") % {"id": wid}]}}
            if wid not in eligible:
                raise RuleViolation(
                    _("Warband %(id)s cannot be paired: it is not an approved warband of a member.") % {"id": wid},
                    code="warband_not_eligible",
                    fields=where,
                )
            if wid in seen or wid in taken:
                raise Conflict(
                    _("Warband %(id)s is already paired this week.") % {"id": wid},
                    code="warband_already_paired",
                    fields=where,
                )
            seen.add(wid)
        if a == b:
            raise RuleViolation(_("A warband cannot fight itself."), code="same_warband")
    return _create(week, actor, pairs, automatic=False, rematches=set())


def _recent_opponents(week: Week, window: int) -> set[frozenset[int]]:
    if window <= 0:
        return set()
    rows = Battle.objects.filter(
        campaign_id=week.campaign_id,
        week__number__gte=week.number - window,
        week__number__lte=week.number,
        warband_b__isnull=False,
    ).values_list("warband_a_id", "warband_b_id")
    return {frozenset((a, b)) for a, b in rows}


def _match(order: list[int], rating: dict[int, int], banned: set[frozenset[int]]) -> list[Pair] | None:
    """Pair ``order`` (highest rating first), each with its closest allowed partner; backtracks."""
    steps = 0

    def solve(free: list[int]) -> list[Pair] | None:
        nonlocal steps
        if not free:
            return []
        head, rest = free[0], free[1:]
        for partner in sorted(rest, key=lambda w: (abs(rating[head] - rating[w]), -rating[w], w)):
            steps += 1
            if steps > SEARCH_LIMIT:
                return None
            if frozenset((head, partner)) in banned:
                continue
            found = solve([w for w in rest if w != partner])
            if found is not None:
                return [(head, partner), *found]
        return None

    return solve(order)


def auto_pairs(
    *, ratings: dict[int, int], byes: dict[int, int], banned: set[frozenset[int]]
) -> tuple[list[Pair], set[Pair]]:
    """Pairs (and a bye) for warbands with these ratings; returns (pairs, the pairs that are rematches)."""
    order = sorted(ratings, key=lambda w: (-ratings[w], w))
    bye_candidates: list[int | None] = [None]
    if len(order) % 2:
        bye_candidates = [*sorted(order, key=lambda w: (byes.get(w, 0), ratings[w], w))]
    for strict in (True, False):
        for bye in bye_candidates:
            rest = [w for w in order if w != bye]
            pairs = _match(rest, ratings, banned if strict else set())
            if pairs is not None:
                rematches = {p for p in pairs if frozenset(p) in banned} if not strict else set()
                return pairs + ([(bye, None)] if bye is not None else []), rematches
    raise RuntimeError("pairing without constraints always succeeds")  # pragma: no cover


@transaction.atomic
def pairings_auto(*, week: Week, actor: Any) -> list[Battle]:
    """Pair every approved warband not yet paired this week (see the module notes for how)."""
    week = _open_week(week, actor)
    taken = _already_paired(week)
    warbands = {pk: w for pk, w in _eligible(week.campaign).items() if pk not in taken}
    if len(warbands) < 2:
        raise Conflict(_("At least two approved warbands must be free to pair."), code="not_enough_warbands")
    byes: dict[int, int] = {}
    for a in Battle.objects.filter(campaign_id=week.campaign_id, status=Battle.Status.BYE).values_list(
        "warband_a_id", flat=True
    ):
        byes[a] = byes.get(a, 0) + 1
    window = league_of(week.campaign.settings).rematch_weeks
    pairs, rematches = auto_pairs(
        ratings={pk: w.rating for pk, w in warbands.items()}, byes=byes, banned=_recent_opponents(week, window)
    )
    return _create(week, actor, pairs, automatic=True, rematches=rematches)
