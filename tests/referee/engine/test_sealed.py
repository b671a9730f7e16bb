"""The sealed-moves mechanism: the plug-in protocol, progress, pause and resume, round trips."""

import json
from dataclasses import dataclass, field

from referee.engine.game_systems import system
from referee.engine.rolls import Roll
from referee.engine.sealed import (
    Decision,
    Event,
    Move,
    MoveError,
    MoveResult,
    MoveType,
    SealedSystem,
    WeekOutcome,
    WeekPlan,
    iter_resolution,
    run_week,
)
from tests.support.dice import ScriptedRoller


@dataclass
class CoinState:
    heads: dict[str, int] = field(default_factory=dict)

    def to_dict(self):
        return {"heads": dict(self.heads)}


class CoinSystem:
    """A toy system: each move flips a d2; a 'call' move asks its author first."""

    slug = "coin_test"

    def move_types(self):
        return {"flip": MoveType("flip", "move", {"en": "Flip", "ru": "Бросок"})}

    def settings_from_dict(self, data):
        return dict(data)

    def state_from_dict(self, data):
        return CoinState(heads=dict(data["heads"]))

    def view_for(self, state, viewer, moves):
        return {"me": viewer}

    def validate(self, move, view, settings):
        return [] if move.kind == "flip" else [MoveError("unknown_kind", "No such move.", "kind")]

    def default_moves(self, player_state, settings):
        return []

    def plan_week(self, state, moves, settings):
        return WeekPlan(week=1, entries=sorted(moves, key=lambda m: m.seq))

    def resolve_move(self, state, plan, index, settings, roller, decisions):
        m = plan.entries[index]
        start = len(roller.made)
        face = roller.roll("d2", rule="COIN-01").total
        if m.payload.get("call") and f"{m.id}:call" not in decisions:
            return MoveResult(
                m.id,
                m.player,
                m.kind,
                "awaiting",
                frozenset({m.player}),
                rolls=roller.made[start:],
                decision=Decision(f"{m.id}:call", m.player, "call", ["heads", "tails"]),
            )
        if face == 1:
            state.heads[m.player] = state.heads.get(m.player, 0) + 1
        return MoveResult(
            m.id,
            m.player,
            m.kind,
            "resolved",
            frozenset({m.player}),
            events=[Event("flip", "COIN-01", frozenset({m.player}), {"face": face})],
            rolls=roller.made[start:],
        )

    def resolve_week(self, state, moves, settings, roller, progress=None):
        return run_week(
            self, state, self.plan_week(state, moves, settings), settings, roller, progress=progress
        )


COIN = CoinSystem()


def test_a_plugin_and_the_weekly_moves_game_are_sealed_systems():
    assert isinstance(COIN, SealedSystem)
    weekly = system("weekly_moves").sealed
    assert weekly is not None and weekly.slug == "weekly_moves" and isinstance(weekly, SealedSystem)


def test_progress_is_reported_per_move_in_order():
    seen = []
    moves = [Move("m2", "b", "flip", seq=2), Move("m1", "a", "flip", seq=1)]
    out = COIN.resolve_week(
        CoinState(),
        moves,
        {},
        ScriptedRoller([1, 2]),
        progress=lambda done, total, r: seen.append((done, total, r.move_id)),
    )
    assert seen == [(1, 2, "m1"), (2, 2, "m2")]
    assert out.status == "complete" and out.next_index == 2


def test_a_crashed_run_continues_from_the_next_index():
    state = CoinState()
    plan = WeekPlan(1, [Move("m1", "a", "flip"), Move("m2", "a", "flip"), Move("m3", "a", "flip")])
    first = next(iter_resolution(COIN, state, plan, {}, ScriptedRoller([1])))
    assert first.move_id == "m1"
    rest = run_week(COIN, state, plan, {}, ScriptedRoller([1, 2]), start=1)
    assert [r.move_id for r in rest.results] == ["m2", "m3"] and state.heads == {"a": 2}


def test_pause_and_resume_with_the_answer():
    state = CoinState()
    plan = WeekPlan(
        1, [Move("m1", "a", "flip"), Move("m2", "b", "flip", {"call": True}), Move("m3", "c", "flip")]
    )
    out = run_week(COIN, state, plan, {}, ScriptedRoller([1, 1]))
    assert out.status == "paused" and out.next_index == 1
    assert out.pending is not None and out.pending.player == "b"
    done = run_week(
        COIN, state, plan, {}, ScriptedRoller([1, 2]), start=out.next_index, decisions={"m2:call": "heads"}
    )
    assert done.status == "complete" and [r.move_id for r in done.results] == ["m2", "m3"]


def test_values_round_trip_through_json():
    roll = Roll("2d6", (3, 4), (3, 4), 7, "x", "WM-GEN-02")
    result = MoveResult(
        "m",
        "a",
        "flip",
        "awaiting",
        frozenset({"a"}),
        events=[Event("e", "R-1", frozenset({"a", "b"}), {"k": [1]})],
        errors=[MoveError("c", "msg", "f")],
        record={"r": 1},
        rolls=[roll],
        decision=Decision("m:k", "a", "pick", [{"x": 1}], "R-1", {"c": 2}),
    )
    out = WeekOutcome(1, "paused", [result], 0, 3)
    data = json.loads(json.dumps(out.to_dict()))
    assert WeekOutcome.from_dict(data).to_dict() == data
    assert WeekOutcome.from_dict(data).results[0].rolls[0] == roll
    move = Move("m", "a", "flip", {"p": 1}, 4)
    assert Move.from_dict(json.loads(json.dumps(move.to_dict()))) == move
    assert result.events_for("b") == result.events and result.events_for("c") == []
    assert result.events_for("c", is_gm=True) == result.events
    assert MoveType("flip", "move", {"en": "Flip"}).to_dict()["category"] == "move"
