"""Weekly-moves cases: an intrigue campaign with the named world (Bob, Carol and Dave play, Gina is the
GM), characters and info set by the GM's services, the moves submitted secretly by each player's own
service call, and the week resolved the way the GM's "resolve now" does it: claimed, its resolution task
queued after commit and run in-process. Then the characters and the stored results are read back.

Situation::

    week: 2                      # earlier weeks are resolved empty first
    settings: {...}              # campaign settings (defaults otherwise)
    characters: {bob: {magic: 1, preparedness: 3, ingredients: [grave_dust], companions: [...]}, ...}
    info: [[bob, carol, 1], ...] # holder, subject, count (set by the GM)
    moves: [{who: bob, kind: spying, payload: {target: $carol, mode: take_risk, picks: [info]}}]

Expected (numbers are changes unless a status, a list or a band)::

    characters: {bob: {preparedness: -1, debt: 1, xp: 1, ingredients: 1, artifacts: 0, status: alive,
                        companions: [wounded]}}
    info: {bob>carol: 2}
    results: [{who: bob, kind: spying, total: 11, band: strong, troubles: [[5, 6]]}]
"""

from __future__ import annotations

from typing import Any

from campaign.models import Campaign, Week
from campaign.services import campaign_create, campaign_start, membership_add
from campaign.weekly.models import Character, InfoHolding, MoveResult
from campaign.weekly.services import character_create, info_set, move_submit
from campaign.weekly.services.weeks import week_resolve_now
from referee.served_packs import get_pack
from referee.services.rules_packs import rules_pack_sync
from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.common import check_subset, run_on_commit
from tests.support.world import World, make_user

PLAYERS = ("bob", "carol", "dave")


def _campaign(world: World, settings: dict[str, Any]) -> tuple[Campaign, dict[str, Any]]:
    pack = get_pack("weekly_moves")
    assert pack is not None
    row, _ = rules_pack_sync(pack=pack)
    campaign = campaign_create(name="Intrigue", rules_pack=row, organiser=world.alice, settings=settings)
    users = {"bob": world.bob, "carol": world.carol, "dave": make_user("dave")}
    for user in users.values():
        membership_add(campaign=campaign, user=user, role="player")
    membership_add(campaign=campaign, user=world.gina, role="gm")
    return campaign, users


def _resolve(world: World, week: Week) -> None:
    run_on_commit(lambda: week_resolve_now(week=week, actor=world.gina))
    week.refresh_from_db()
    assert week.status == Week.Status.CLOSED, f"week {week.number} is {week.status}, not closed"


def _resolved(value: Any, chars: dict[str, Character]) -> Any:
    if isinstance(value, str) and value.startswith("$"):  # $carol: her key; $bob:c1: Bob's first companion
        name, _, companion = value[1:].partition(":")
        return chars[name].key + companion
    if isinstance(value, dict):
        return {k: _resolved(v, chars) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolved(v, chars) for v in value]
    return value


def play(case: Case, world: World, dice: CaseDice) -> None:
    spec = case.situation
    campaign, users = _campaign(world, dict(spec.get("settings", {})))
    week = campaign_start(campaign=campaign, actor=world.alice)
    sheets = spec.get("characters", {})
    chars = {
        name: character_create(campaign=campaign, actor=world.gina, user=users[name],
                               sheet={"name": name.title(), "preparedness": 3, **sheets.get(name, {})})
        for name in PLAYERS
    }
    for _ in range(spec.get("week", 1) - 1):
        _resolve(world, week)
        week = Week.objects.get(campaign=campaign, status=Week.Status.OPEN)
    for holder, subject, count in spec.get("info", []):
        info_set(holder=chars[holder], subject=chars[subject], actor=world.gina, count=count)
    before = {k: Character.objects.get(pk=c.pk) for k, c in chars.items()}
    for move in spec.get("moves", []):
        payload = _resolved(move.get("payload", {}), chars)
        if "refused" in move:  # the service refuses it at submission, and nothing is stored
            try:
                move_submit(week=week, actor=users[move["who"]], kind=move["kind"], payload=payload)
            except Exception as exc:
                assert _codes(exc) and move["refused"] in _codes(exc), f"refused with {exc!r}, not {move['refused']}"
            else:
                raise AssertionError(f"the {move['kind']} move was accepted, not refused with {move['refused']}")
            continue
        move_submit(week=week, actor=users[move["who"]], kind=move["kind"], payload=payload)
    _resolve(world, week)
    _check(case.expect, before, week)


def _codes(exc: Exception) -> str:
    """Every code the product's error carries (its own, and its field errors'), as one string."""
    return " ".join(str(x) for x in (getattr(exc, "code", ""), getattr(exc, "detail", ""), getattr(exc, "errors", ""),
                                     exc.args))


def _check(expect: dict[str, Any], before: dict[str, Character], week: Week) -> None:
    for name, want in expect.get("characters", {}).items():
        was, now = before[name], Character.objects.get(pk=before[name].pk)
        got = {
            "preparedness": now.preparedness - was.preparedness,
            "debt": now.debt - was.debt,
            "xp": now.xp - was.xp,
            "ingredients": len(now.ingredients) - len(was.ingredients),
            "artifacts": len(now.artifacts) - len(was.artifacts),
            "status": now.status,
            "companions": [c.get("health", "healthy") for c in now.companions],
            "knows_ritual_location": now.knows_ritual_location,
        }
        check_subset(f"character {name}", want, got)
    names = {c.pk: k for k, c in before.items()}
    held = {f"{names[h.holder_id]}>{names[h.subject_id]}": h.count
            for h in InfoHolding.objects.filter(holder_id__in=names, companion="")}
    for pair, count in expect.get("info", {}).items():
        assert held.get(pair, 0) == count, f"info {pair}: expected {count}, the product gave {held.get(pair, 0)}"
    results = list(MoveResult.objects.filter(week=week).order_by("index"))
    for want in expect.get("results", []):
        mine = [r for r in results if names.get(r.character_id) == want["who"] and r.kind == want["kind"]]
        assert mine, f"no {want['kind']} result for {want['who']}: {[(r.character_id, r.kind) for r in results]}"
        record = mine[0].record
        got = {
            "who": want["who"], "kind": mine[0].kind, "status": mine[0].status,
            "total": record.get("total"), "band": record.get("band"),
            "troubles": [[t.get("raw"), t.get("applied")] for t in record.get("troubles", [])],
        }
        check_subset(f"result {want['who']} {want['kind']}", want, got)
