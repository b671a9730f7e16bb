"""With the real dice engine: seeded weeks are reproducible, and stored rolls replay a week exactly."""

import copy

from referee.engine.dice import SeededRoller
from referee.engine.sealed import run_week
from referee.engine.systems.weekly_moves import SYSTEM
from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
from tests.support.dice import ReplayRoller


def _seeded(start_seq=0):
    return SeededRoller(seed=b"week-seed", salt=b"campaign-1|week-2", start_seq=start_seq)


def test_a_seeded_week_is_reproducible_and_its_stored_rolls_replay_it():
    week = make_synthetic_week(n_players=30, moves_each=3, seed=11)
    initial = copy.deepcopy(week.state)
    first = SYSTEM.resolve_week(week.state, week.moves, week.settings, _seeded())
    again_state = copy.deepcopy(initial)
    again = SYSTEM.resolve_week(again_state, week.moves, week.settings, _seeded())
    assert first.to_dict() == again.to_dict() and again_state.to_dict() == week.state.to_dict()
    # A retry after a crash replays the stored rolls and never rolls again (DESIGN §5.1).
    stored = [r for result in first.results for r in result.rolls]
    replay_state = copy.deepcopy(initial)
    replayer = ReplayRoller(stored)
    replayed = SYSTEM.resolve_week(replay_state, week.moves, week.settings, replayer)
    assert replayer.remaining == 0
    assert replayed.to_dict() == first.to_dict() and replay_state.to_dict() == week.state.to_dict()


def test_a_paused_entry_resumes_on_the_same_stream_position():
    week = make_synthetic_week(n_players=12, moves_each=2, seed=5)
    s = week.settings.with_(decision_mode="pause")
    plan = SYSTEM.plan_week(week.state, week.moves, s)
    decisions: dict = {}
    roller = _seeded()
    out = run_week(SYSTEM, week.state, plan, s, roller)
    pauses = 0
    while out.status == "paused":
        pauses += 1
        paused = out.results[-1]
        assert out.pending is not None
        decisions[out.pending.key] = (
            out.pending.options[0] if out.pending.kind != "replacement" else {"kind": "none"}
        )
        # Resume where the paused entry started in the stream: its rolls come out the same.
        roller = _seeded(roller.next_seq - len(paused.rolls))
        out = run_week(SYSTEM, week.state, plan, s, roller, start=out.next_index, decisions=decisions)
        assert (
            not out.results or not paused.rolls or out.results[0].rolls[: len(paused.rolls)] == paused.rolls
        )
    assert out.status == "complete" and pauses > 0
