"""The whole post-battle sequence: order, JSON round trips, replay and termination."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.battle.report import (
    BattleReportError,
    BattleResult,
    Objectives,
    OutOfAction,
)
from referee.engine.systems.mordheim.decisions import DecisionError, DecisionRequest, Resolution
from referee.engine.systems.mordheim.effects import (
    AddShards,
    AddXp,
    SetCaptive,
    StatChange,
    effect_from_dict,
)
from referee.engine.systems.mordheim.postbattle.sequence import PostBattleOutcome, run_post_battle
from referee.engine.systems.mordheim.state import STATS, MordheimSettings
from tests.support.dice import ReplayRoller, ScriptedRoller

from ..helpers import SETTINGS, d66, group, hero, leader, post_battle, tables, warband

dice = pytest.importorskip("referee.engine.dice")


def world(a_faction="", b_faction="undead"):
    a = warband(
        "A",
        leader("a-boss", xp=70, skills=("wyrdstone_hunter",)),
        hero("a-champ", xp=20),
        hero("a-kid", xp=0),
        group("a-men", 3, xp=4),
        rating=120,
        shards=1,
        faction=a_faction,
    )
    b = warband(
        "B",
        leader("b-boss", xp=70),
        hero("b-champ", xp=4),
        group("b-men", 2, xp=2),
        rating=200,
        faction="undead",
    )
    return (a, b)


BATTLE = BattleResult(
    "wyrdstone_hunt",
    winner="B",
    out_of_action=(
        OutOfAction("a-champ", "b-boss"),
        OutOfAction("a-men", "b-men"),
        OutOfAction("b-champ", "a-boss"),
    ),
    objectives=Objectives(wyrdstone_counters={"a-boss": 1, "b-boss": 2}),
)
# Injuries: a-champ 61 (captured by the Undead), the a-men model 2 (lost), b-champ 26 (chest wound).
# XP (A is 80 below B: +2 underdog): a-kid 0 -> 3 crosses 2: 2D6 9, D6 5 (+1 T);
# a-men 4 -> 7 crosses 5: 2D6 5 (+1 S).
# Exploration: A (a-boss, a-kid) rolls 4 4 and a-boss, a Wyrdstone Hunter, may re-roll; B (b-boss + win) 1 2.
FACES = [*d66(61), 2, *d66(26), 4, 5, 5, 1, 4, 4, 4, 1, 2]


def run(faces=FACES, wbs=None):
    return post_battle(BATTLE, wbs or world(), faces)


def test_run_post_battle_goes_through_the_whole_sequence():
    outcome, roller = run()
    assert [(i.warrior, i.records[0].result, i.models_lost) for i in outcome.injuries] == [
        ("a-champ", "INJ_CAPTURED", 0),
        ("a-men", "HINJ_REMOVED", 1),
        ("b-champ", "INJ_CHEST_WOUND", 0),
    ]
    assert {r.warrior: (r.old_xp, r.new_xp) for r in outcome.experience} == {
        "a-boss": (70, 75),
        "a-champ": (20, 23),
        "a-kid": (0, 3),
        "a-men": (4, 7),
        "b-boss": (70, 75),
        "b-champ": (4, 5),
        "b-men": (2, 3),
    }
    assert [(a.warrior, a.threshold, a.result, a.stat) for a in outcome.advances] == [
        ("a-kid", 2, "ADV_H_W_OR_T", "T"),
        ("a-men", 5, "ADV_K_S", "S"),
    ]
    for e in (
        SetCaptive("a-champ", "B", "MH-INJ-H-19"),
        StatChange("b-champ", "T", -1, "MH-INJ-H-10"),
        AddShards("A", 1, "wyrdstone_hunt", "MH-SCN3-06"),
        AddShards("B", 2, "wyrdstone_hunt", "MH-SCN3-06"),
        AddShards("B", 1, "exploration", "MH-INC-05"),
    ):
        assert e in outcome.effects
    assert [(d.kind, d.warband) for d in outcome.decisions] == [
        ("captive_fate", "B"),
        ("exploration_reroll", "A"),
        ("sell_wyrdstone", "B"),
    ]
    assert [(i.warband, i.shards_found, i.shards_held, i.sale) for i in outcome.income] == [
        ("A", 1, 2, None),
        ("B", 3, 3, "pb:sale:B"),
    ]
    assert roller.remaining == []


def test_answering_the_open_exploration_finishes_it_and_opens_the_sale():
    outcome, _ = run()
    wbs = apply_effects(world(), outcome.effects)
    reroll = next(d for d in outcome.decisions if d.kind == "exploration_reroll")
    # WHEN the hunter keeps the double: 4 4 = 8 -> 2 shards and the Straggler (extra die next time)
    res = resolve_decision(
        request=reroll,
        answer="none",
        warbands=wbs,
        tables=tables(),
        settings=SETTINGS,
        roller=ScriptedRoller([]),
    )
    assert AddShards("A", 2, "exploration", "MH-INC-05") in res.effects
    (sale,) = res.decisions
    assert sale.kind == "sell_wyrdstone" and [o.value for o in sale.options][-1] == "4"


def test_outcome_is_json_serialisable_and_round_trips():
    outcome, _ = run()
    text = json.dumps(outcome.to_dict(), sort_keys=True)
    again = PostBattleOutcome.from_dict(json.loads(text))
    assert again == outcome
    assert json.dumps(again.to_dict(), sort_keys=True) == text


def test_replaying_the_stored_rolls_reproduces_the_outcome_exactly():
    outcome, _roller = run()
    replayed = run_post_battle(
        battle=BATTLE,
        warbands=world(),
        tables=tables(),
        settings=SETTINGS,
        roller=ReplayRoller(outcome.rolls),
    )
    assert replayed == outcome
    real = run_post_battle(
        battle=BATTLE,
        warbands=world(),
        tables=tables(),
        settings=SETTINGS,
        roller=dice.ReplayRoller(outcome.rolls),
    )
    assert real.to_dict() == outcome.to_dict()


def test_the_same_faces_give_the_same_outcome():
    ours, _ = run()
    theirs = run_post_battle(
        battle=BATTLE, warbands=world(), tables=tables(), settings=SETTINGS, roller=ScriptedRoller(FACES)
    )
    assert theirs.effects == ours.effects and theirs.decisions == ours.decisions


def test_a_report_that_contradicts_the_rosters_is_refused():
    for bad in (
        BattleResult("skirmish", winner="Z"),
        BattleResult("skirmish", out_of_action=(OutOfAction("nobody"),)),
        BattleResult("skirmish", out_of_action=(OutOfAction("a-boss"), OutOfAction("a-boss"))),
        BattleResult("skirmish", out_of_action=(OutOfAction("b-men"),) * 3),
        BattleResult("skirmish", absent=("a-kid",), out_of_action=(OutOfAction("a-kid"),)),
        BattleResult("tea_party"),
    ):
        with pytest.raises(BattleReportError):
            post_battle(bad, world(), [])


def test_decisions_and_resolutions_round_trip_and_answers_are_checked():
    outcome, _ = run()
    for d in outcome.decisions:
        assert DecisionRequest.from_dict(json.loads(json.dumps(d.to_dict()))) == d
    fate = next(d for d in outcome.decisions if d.kind == "captive_fate")
    wbs = apply_effects(world(), outcome.effects)
    with pytest.raises(DecisionError):
        resolve_decision(
            request=fate,
            answer="CAP_POSSESSED_SACRIFICE",
            warbands=wbs,
            tables=tables(),
            settings=SETTINGS,
            roller=ScriptedRoller([]),
        )
    res = resolve_decision(
        request=fate,
        answer="CAP_UNDEAD_ZOMBIE",
        warbands=wbs,
        tables=tables(),
        settings=SETTINGS,
        roller=ScriptedRoller([]),
    )
    assert Resolution.from_dict(json.loads(json.dumps(res.to_dict()))) == res
    assert effect_from_dict(res.effects[0].to_dict()) == res.effects[0]


def test_xp_granted_during_the_sequence_counts_for_advances():
    # GIVEN a Hero at 1 XP who Survives Against the Odds (+1) and survives (+1): 3 XP crosses 2
    wbs = (warband("A", leader("a", xp=1)), warband("B", leader("b", xp=41)))
    battle = BattleResult("skirmish", out_of_action=(OutOfAction("a"),))
    outcome, _ = post_battle(
        battle, wbs, [*d66(66), 4, 5, 2, 3]
    )  # advance 9: D6 2 -> W; B explores with 1 die
    assert AddXp("a", 1, "INJ_SURVIVES_ODDS", "MH-INJ-H-26") in outcome.effects
    assert [(a.warrior, a.threshold) for a in outcome.advances] == [("a", 2)]


def test_settings_round_trip_and_refuse_unknown_or_mistyped_values():
    custom = MordheimSettings(arm_wound_restriction="one_handed_weapons_only", occupy_max_turns=6)
    assert MordheimSettings.from_dict(json.loads(json.dumps(custom.to_dict()))) == custom
    assert MordheimSettings.from_dict({}) == MordheimSettings()
    for bad in (
        {"nope": 1},
        {"occupy_max_turns": "8"},
        {"occupy_max_turns": True},
        {"arm_wound_restriction": "x"},
    ):
        with pytest.raises(SettingsInvalid):
            MordheimSettings.from_dict(bad)


def _answer_all(outcome, wbs, roller, limit=200):
    """Answer every open decision with the first valid pick until none is left."""
    wbs = apply_effects(wbs, outcome.effects)
    queue = list(outcome.decisions)
    steps = 0
    while queue:
        steps += 1
        assert steps < limit, "decisions kept opening"
        d = queue.pop(0)
        for attempt in itertools.count():
            q = d.questions[0]
            values = [o.value for o in q.options]
            pick = (
                values[attempt : attempt + q.pick] if q.distinct else [values[attempt % len(values)]] * q.pick
            )
            answer = {"choice": pick, **{x.name: [x.options[0].value] for x in d.questions[1:]}}
            try:
                res = resolve_decision(
                    request=d, answer=answer, warbands=wbs, tables=tables(), settings=SETTINGS, roller=roller
                )
                break
            except DecisionError:
                assert attempt < len(values), "no option could be taken"
        wbs = apply_effects(wbs, res.effects)
        queue.extend(res.decisions)
    return wbs


FACTIONS = st.sampled_from(["", "undead", "possessed", "skaven", "sisters_of_sigmar", "witch_hunters"])


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.binary(min_size=4, max_size=8),
    ooa=st.lists(
        st.tuples(
            st.sampled_from(["a-champ", "a-kid", "a-men", "b-champ", "b-men", "a-boss"]), st.booleans()
        ),
        max_size=5,
        unique_by=lambda x: x[0],
    ),
    scenario=st.sampled_from(sorted(tables().scenarios)),
    factions=st.tuples(FACTIONS, FACTIONS),
)
def test_any_seed_terminates_round_trips_and_replays(seed, ooa, scenario, factions):
    battle = BattleResult(
        scenario,
        winner="A" if scenario != "occupy" else None,
        out_of_action=tuple(
            OutOfAction(v, ("b-boss" if v.startswith("a") else "a-boss") if by else None) for v, by in ooa
        ),
    )
    roller = dice.SeededRoller(seed=seed, salt=b"test")
    wbs = world(*factions)
    outcome = run_post_battle(battle=battle, warbands=wbs, tables=tables(), settings=SETTINGS, roller=roller)
    assert PostBattleOutcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    replay = run_post_battle(
        battle=battle,
        warbands=wbs,
        tables=tables(),
        settings=SETTINGS,
        roller=dice.ReplayRoller(outcome.rolls),
    )
    assert replay == outcome
    final = _answer_all(outcome, wbs, dice.SeededRoller(seed=seed, salt=b"answers"))
    for wb in final:
        for w in wb.warriors:  # no advance ever passes a maximum; no injury goes below 0
            assert all(0 <= w.profile[s] <= w.max_profile[s] for s in STATS), w
