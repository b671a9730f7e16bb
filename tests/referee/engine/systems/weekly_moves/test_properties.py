"""Property tests: a random valid week always terminates, and the same faces give the same week."""

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st_

from referee.engine.sealed import MoveResult, run_week
from referee.engine.systems.weekly_moves import SYSTEM
from referee.engine.systems.weekly_moves.synthetic import SyntheticRoller, make_synthetic_week


def _run(seed, dice, n, each, mode):
    week = make_synthetic_week(n_players=n, moves_each=each, seed=seed)
    s = week.settings.with_(decision_mode=mode, on_invalid_at_resolution="replace")
    roller = SyntheticRoller(dice)
    plan = SYSTEM.plan_week(week.state, week.moves, s)
    decisions: dict[str, Any] = {}
    results: list[MoveResult] = []
    start = 0
    for _ in range(10 * len(plan.entries) + 10):
        out = run_week(SYSTEM, week.state, plan, s, roller, start=start, decisions=decisions)
        results.extend(r for r in out.results if r.status != "awaiting")
        if out.status == "complete":
            return week.state.to_dict(), [r.to_dict() for r in results], len(plan.entries)
        d = out.pending
        assert d is not None and d.key not in decisions
        # Answer the first option; a replacement is declined (the move is lost).
        decisions[d.key] = d.options[0] if d.kind != "replacement" else {"kind": "none"}
        start = out.next_index
    raise AssertionError("resolution did not terminate")


@given(
    seed=st_.integers(0, 10_000),
    dice=st_.integers(0, 10_000),
    n=st_.integers(4, 12),
    each=st_.integers(1, 4),
    mode=st_.sampled_from(["auto", "pause"]),
)
@settings(max_examples=40, deadline=None)
def test_a_random_valid_week_terminates_and_is_deterministic(seed, dice, n, each, mode):
    first = _run(seed, dice, n, each, mode)
    second = _run(seed, dice, n, each, mode)
    assert first == second
    state, results, total = first
    assert len(results) == total
    json.dumps(state)
    json.dumps(results)
    for p in state["players"]:
        assert p["debt"] <= 6 and p["preparedness"] >= 0


def test_synthetic_week_is_valid_and_sized():
    week = make_synthetic_week(n_players=200, moves_each=3, seed=7)
    assert len(week.state.players) == 200 and len(week.moves) == 600
    for m in week.moves[:50]:
        view = SYSTEM.view_for(week.state, m.player, [x for x in week.moves if x.player == m.player])
        assert SYSTEM.validate(m, view, week.settings) == []
    out = SYSTEM.resolve_week(week.state, week.moves, week.settings, SyntheticRoller(1))
    assert out.status == "complete" and out.total == 600
