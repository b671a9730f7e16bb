"""WM-GEN: weekly submission, move rolls, strong-hit modes, picks, week 1."""

import pytest

from referee.engine.dice import ScriptError
from referee.engine.systems.weekly_moves import SYSTEM
from referee.engine.systems.weekly_moves.moves import band
from tests.support.dice import ScriptedRoller

from .helpers import codes, game, info, know, mv, player, resolve, result, settings

ONE_HERB = settings(ingredient_catalogue=("herb",))


def test_wm_gen_01_one_move_per_week_and_any_number_of_free_actions():
    st = game(player("a"), player("b"))
    mine = [mv("a", "ingredient_search", 1), mv("a", "preparation", 2, effect="preparedness")]
    view = SYSTEM.view_for(st, "a", mine)
    assert [e.code for e in SYSTEM.validate(mv("a", "spying", 3, target="b"), view, settings())] == [
        "too_many_moves"
    ]
    assert SYSTEM.validate(mv("a", "preparation", 4, effect="preparedness"), view, settings()) == []
    limited = settings(free_actions_per_week=1)
    assert [
        e.code for e in SYSTEM.validate(mv("a", "preparation", 4, effect="preparedness"), view, limited)
    ] == ["too_many_free"]
    assert SYSTEM.validate(mv("a", "spying", 3, target="b"), view, settings(moves_per_week=2)) == []


def test_wm_gen_01_default_order_is_submission_time_with_free_actions_around_the_move():
    st = game(player("a"), player("b"))
    moves = [
        mv("a", "preparation", 0, mid="a-prep", effect="preparedness", when="after"),
        mv("b", "ingredient_search", 1, mid="b-move"),
        mv("a", "ingredient_search", 2, mid="a-move"),
        mv("a", "use_ability", 3, mid="a-abl", ability="x", when="before"),
        mv("b", "preparation", 5, mid="b-prep", effect="preparedness"),  # default timing: before
    ]
    plan = SYSTEM.plan_week(st, moves, settings())
    assert [m.id for m in plan.entries] == ["b-prep", "b-move", "a-abl", "a-move", "a-prep"]
    after = SYSTEM.plan_week(st, moves, settings(free_action_timing="after"))
    assert [m.id for m in after.entries] == ["b-move", "b-prep", "a-abl", "a-move", "a-prep"]
    st.queue = ["a-move", "b-move"]  # the GM orders the queue
    assert [m.id for m in SYSTEM.plan_week(st, moves, settings()).entries][:2] == ["a-move", "b-move"]


def test_wm_gen_01_a_silent_player_gets_the_campaign_default():
    st = game(player("a"), player("b"))
    assert [m.player for m in SYSTEM.plan_week(st, [mv("a", "ingredient_search")], settings()).entries] == [
        "a"
    ]
    plan = SYSTEM.plan_week(st, [mv("a", "ingredient_search")], settings(default_move="ingredient_search"))
    assert [(m.player, m.kind) for m in plan.entries] == [
        ("a", "ingredient_search"),
        ("b", "ingredient_search"),
    ]


def test_wm_gen_02_move_roll_is_2d6_plus_stat_and_the_app_calls_the_band():
    assert [band(t) for t in (2, 6, 7, 9, 10, 14)] == ["miss", "miss", "weak", "weak", "strong", "strong"]
    st = game(player("a", magic=-1), player("b"))
    out = resolve(st, [mv("a", "ingredient_search")], [5, 5, 5], s=ONE_HERB)  # 10 - 1 = 9: weak hit
    r = out.results[0]
    assert r.record["roll"] == {"dice": [5, 5], "stat": "magic", "bonus": -1, "total": 9}
    assert r.record["band"] == "weak"
    assert st.players["a"].ingredients == ["herb"] and st.players["a"].debt == 1  # troubles 5


def test_wm_gen_03_strong_hit_push_gives_two_picks_and_troubles():
    st = game(player("a", debt=3), player("b"))
    move = mv("a", "call_of_duty", mode="push", targets=[], picks=["lower_own_debt", "lower_own_debt"])
    out = resolve(st, [move], [6, 4, 5])
    r = out.results[0]
    assert r.record["mode"] == "work_to_exhaustion"
    assert st.players["a"].debt == 1
    # Troubles 5 contradicts lowering one's own Debt, so the next valid result (6) applies.
    assert r.record["troubles"][0]["raw"] == 5 and r.record["troubles"][0]["applied"] == 6
    assert info(st, "b", "a") == 1


def test_wm_gen_03_strong_hit_hold_back_gives_one_pick_and_no_troubles():
    st = game(player("a", debt=3), player("b"))
    out = resolve(st, [mv("a", "call_of_duty", mode="hold", targets=[], picks=["lower_own_debt"])], [6, 4])
    assert out.results[0].record["mode"] == "dont_overdo_it"
    assert st.players["a"].debt == 2 and "troubles" not in out.results[0].record


def test_wm_gen_03_undeclared_mode_pauses_for_the_actor_then_resumes():
    st = game(player("a", debt=3), player("b"))
    move = mv("a", "call_of_duty", targets=[], picks=["lower_own_debt"])
    out = resolve(st, [move], [6, 4])
    assert out.status == "paused" and out.next_index == 0
    d = out.pending
    assert d is not None and d.player == "a" and d.options == ["work_to_exhaustion", "dont_overdo_it"]
    assert st.players["a"].debt == 3  # nothing applied while paused
    assert [r.faces for r in out.results[0].rolls] == [(6, 4)]
    again = resolve(st, [move], [6, 4], decisions={d.key: "dont_overdo_it"})
    assert again.status == "complete" and st.players["a"].debt == 2


def test_wm_gen_04_picks_once_unless_twice_and_earlier_picks_unlock_later_ones():
    st = game(player("a"), player("b"))
    # Surveillance needs Info 1: the Info pick taken first unlocks it for the second pick.
    out = resolve(st, [mv("a", "spying", target="b", mode="push", picks=["surveillance", "info"])], [6, 6, 1])
    r = out.results[0]
    assert r.record["picks"][0]["picks"] == ["info", "surveillance"]
    assert "surveillance" in codes(r) and info(st, "a", "b") == 1
    st2 = game(player("a"), player("b"))
    know(st2, "a", "b", 1)
    out2 = resolve(
        st2, [mv("a", "spying", target="b", mode="push", picks=["surveillance", "surveillance"])], [6, 6, 1]
    )
    assert out2.results[0].record["picks"][0]["picks"] == ["surveillance", "info"]  # no second Surveillance


def test_wm_gen_05_week_one_forbids_combat_and_second_info():
    st = game(player("a"), player("b"), week=1)
    know(st, "a", "b", 1)
    view = SYSTEM.view_for(st, "a", [])
    assert "week1_combat" in [
        e.code for e in SYSTEM.validate(mv("a", "deadly_combat", target="b"), view, settings())
    ]
    st0 = game(player("a"), player("b"), week=1)
    out = resolve(
        st0,
        [mv("a", "spying", target="b", mode="push", picks=["info", "info"])],
        [6, 6, 5],
        s=settings(decision_mode="auto"),
    )
    assert info(st0, "a", "b") == 1
    assert result(out, "a:spying:0").record["picks"][0]["picks"][0] == "info"


def test_roller_helper_refuses_impossible_faces():
    with pytest.raises(ScriptError):
        ScriptedRoller([7]).roll("d6")


def test_wm_gen_01_info_waived_at_submission_is_still_required_at_resolution():
    st = game(player("a"), player("b"))
    lax = settings(submission_info_check=False, on_invalid_at_resolution="lose")
    move = mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])
    assert SYSTEM.validate(move, SYSTEM.view_for(st, "a", []), lax) == []
    out = resolve(st, [move], [], s=lax)
    assert out.results[0].status == "lost" and out.results[0].errors[0].code == "needs_shelter"
