"""Mordheim cases: warbands hired through the roster's services, a battle paired, reported by one player
and confirmed by the other, its aftermath run by the Celery task (in-process, on commit), the decisions
answered through the decision service; then the rosters are read back.

Situation::

    warbands:
      <key>: {owner: bob, list: reikland, warriors: {<key>: {type: champion, count: 1, equipment: [axe],
                                                             xp: 3}}}
    battle: {scenario: skirmish, winner: <warband key or null>, out_of_action: [[victim, by], ...],
             objectives: {...}}
    answers: [{warband: <key>, kind: <decision kind>, answer: {question: [value, ...]}}]

Expected, each number a change from before the battle unless it is a status, a list or a flag::

    warriors: {<key>: {status: dead, xp: 2, profile: {T: -1}, injuries: [INJ_CHEST_WOUND], count: -1,
                       missed_games: 1, flags: {frenzy: true}}}
    warbands: {<key>: {treasury: 50, shards: 1}}
    decisions: [{warband: <key>, kind: captor}]      # open after the aftermath (and the answers)
    rolls: {MH-INJ-H-01: 2}                          # how many rolls of each rule the product made
"""

from __future__ import annotations

import json
import os
from typing import Any

from campaign.services.campaigns import campaign_start
from roster.aftermath.decisions import decision_answer
from roster.battles.pairings import pairings_set
from roster.battles.reports import battle_confirm, battle_report
from roster.models import Aftermath, Battle, Decision, TreasuryEntry, Warband, Warrior
from roster.services.hiring import warband_hire
from roster.services.warbands import rating_refresh, warband_approve, warband_create, warband_submit
from tests.casebook.cases import Case
from tests.casebook.dice import CaseDice
from tests.casebook.players.common import check_subset, run_on_commit
from tests.support.world import World


def _ref(keys: dict[str, Any], key: Any) -> str | None:
    if key is None:
        return None
    if key not in keys:
        raise AssertionError(f"the case names {key!r}, which its situation does not define")
    return str(keys[key].pk)


def _build(world: World, spec: dict[str, Any]) -> tuple[dict[str, Warband], dict[str, Warrior]]:
    warbands: dict[str, Warband] = {}
    warriors: dict[str, Warrior] = {}
    for wkey, wb in spec["warbands"].items():
        owner = getattr(world, wb.get("owner", "bob"))
        warband = warband_create(campaign=world.campaign, owner=owner, list_slug=wb["list"], name=wb.get("name", wkey))
        for key, w in wb["warriors"].items():
            warriors[key] = warband_hire(
                warband=warband, actor=owner, type_slug=w["type"], name=w.get("name", key),
                count=w.get("count", 1), equipment=w.get("equipment", ()),
            )
            changes = {f: w[f] for f in ("xp", "flags", "injuries", "skills") if f in w}
            if changes:  # a veteran of earlier battles: his record as the league has kept it
                Warrior.objects.filter(pk=warriors[key].pk).update(**changes)
        warband_submit(warband=warband, actor=owner)
        warband_approve(warband=warband, actor=world.alice)
        rating_refresh(warband=Warband.objects.get(pk=warband.pk))
        warbands[wkey] = Warband.objects.get(pk=warband.pk)
    return warbands, {k: Warrior.objects.get(pk=w.pk) for k, w in warriors.items()}


def _report(spec: dict[str, Any], keys: dict[str, Any]) -> dict[str, Any]:
    objectives = _resolve(spec.get("objectives", {}), keys)
    return {
        "scenario": spec.get("scenario", "skirmish"),
        "winner": _ref(keys, spec.get("winner")),
        "out_of_action": [{"victim": _ref(keys, v), "by": _ref(keys, by)} for v, by in spec.get("out_of_action", [])],
        "absent": [_ref(keys, a) for a in spec.get("absent", [])],
        "objectives": objectives,
    }


def _resolve(value: Any, keys: dict[str, Any]) -> Any:
    """Warrior and warband keys written as ``$key`` become their ids."""
    if isinstance(value, str) and value.startswith("$"):
        return _ref(keys, value[1:])
    if isinstance(value, dict):
        return {(_ref(keys, k[1:]) if k.startswith("$") else k): _resolve(v, keys) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, keys) for v in value]
    return value


def play(case: Case, world: World, dice: CaseDice) -> None:
    spec = case.situation
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    warbands, warriors = _build(world, spec)
    keys: dict[str, Any] = {**warbands, **warriors}
    a, b = list(warbands.values())[:2]
    first_entry = TreasuryEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    (battle,) = pairings_set(week=week, actor=world.alice, pairs=[(a.pk, b.pk)])
    battle_report(battle=battle, actor=a.owner, data=_report(spec["battle"], keys))
    run_on_commit(lambda: battle_confirm(battle=Battle.objects.get(pk=battle.pk), actor=b.owner))
    aftermath = Aftermath.objects.get(battle=battle)
    assert aftermath.status == "applied", f"the aftermath is {aftermath.status}: {aftermath.error}"
    if os.environ.get("CASEBOOK_TRACE"):
        for d in Decision.objects.filter(aftermath=aftermath):
            print("DECISION", d.kind, d.warband_id, d.answered_at, json.dumps(d.request)[:1500])
        print("ROLLS", [(r.rule, r.label, r.faces) for r in dice.rolled])
    for answer in spec.get("answers", []):
        decision = Decision.objects.get(
            aftermath=aftermath, warband=warbands[answer["warband"]], kind=answer["kind"], answered_at=None
        )
        reply = _resolve(answer["answer"], keys)

        def answered(d: Decision = decision, reply: Any = reply) -> Decision:
            return decision_answer(decision_id=d.pk, actor=d.answerer, answer=reply)

        run_on_commit(answered)
    _check(case.expect, warbands, warriors, aftermath, dice, first_entry)


def _check(expect: dict[str, Any], warbands: dict[str, Warband], warriors: dict[str, Warrior],
           aftermath: Aftermath, dice: CaseDice, first_entry: int) -> None:
    names = {str(w.pk): k for k, w in warriors.items()}
    band_names = {str(w.pk): k for k, w in warbands.items()}

    def target(h: dict[str, Any]) -> str:
        """A hatred's target by the case's key: a warband for HATE_WARBAND, else a warrior (or a list slug)."""
        known = band_names if h["kind"] == "HATE_WARBAND" else names
        return known.get(str(h["target"]), str(h["target"]))

    for key, want in expect.get("warriors", {}).items():
        before, now = warriors[key], Warrior.objects.get(pk=warriors[key].pk)
        got: dict[str, Any] = {
            "status": now.status,
            "on_roster": now.status in (Warrior.Status.ACTIVE, Warrior.Status.CAPTIVE),
            "xp": now.xp - before.xp,
            "count": now.count - before.count,
            "missed_games": now.missed_games - before.missed_games,
            "injuries": [i["result"] if isinstance(i, dict) else i for i in now.injuries],
            "profile": {s: now.profile[s] - before.profile[s] for s in want.get("profile", {})},
            "flags": {f: now.flags.get(f) for f in want.get("flags", {})},
            "skills": now.skills,
            "hatreds": [[h["kind"], target(h)] for h in now.flags.get("hatreds", [])],
            "kind": now.kind,
            "equipment": sorted(now.holdings.values_list("item_slug", flat=True)),
        }
        check_subset(f"warrior {key}", want, got)
    for key, want in expect.get("warbands", {}).items():
        was, band = warbands[key], Warband.objects.get(pk=warbands[key].pk)
        gold: dict[str, int] = {}
        for reason, amount in TreasuryEntry.objects.filter(warband=band, pk__gt=first_entry).values_list(
                "reason", "amount"):
            gold[reason] = gold.get(reason, 0) + amount
        shards_from: dict[str, int] = {}
        for e in aftermath.outcome.get("effects", []):
            if e["kind"] == "add_shards" and e["warband"] == str(band.pk):
                shards_from[e["rule"]] = shards_from.get(e["rule"], 0) + e["amount"]
        totals = {"treasury": band.treasury - was.treasury, "shards": band.shards - was.shards,
               "gold": gold, "shards_from": shards_from,
               "rating": band.rating - was.rating, "heroes": band.warriors.filter(kind="hero").count()}
        check_subset(f"warband {key}", want, totals)
    if "decisions" in expect:
        open_ = [{"warband": next(k for k, w in warbands.items() if w.pk == d.warband_id), "kind": d.kind}
                 for d in Decision.objects.filter(aftermath=aftermath, answered_at=None)]
        for want in expect["decisions"]:
            assert want in open_, f"no open decision {want}; open: {open_}"
    for rule, count in expect.get("rolls", {}).items():
        assert len(dice.rolls_of(rule)) == count, f"{rule}: {len(dice.rolls_of(rule))} rolls, not {count}"
