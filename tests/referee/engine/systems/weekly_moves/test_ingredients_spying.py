"""WM-ING (Ingredient search) and WM-SPY (Spying)."""

import pytest

from referee.engine.systems.weekly_moves import SYSTEM
from referee.engine.systems.weekly_moves.catalog import default_catalogue

from .helpers import codes, event, game, info, know, mv, player, resolve, settings

HERB = settings(ingredient_catalogue=("herb",))


@pytest.mark.parametrize(
    ("faces", "mode", "herbs", "debt"),
    [
        ([5, 5, 5], "keep_searching", 2, 1),  # 10+: +2 then Troubles (5: Debt +1)
        ([5, 5], "go_back", 1, 0),  # 10+: +1, no Troubles
        ([4, 4, 5], None, 1, 1),  # 7-9: +1 then Troubles
        ([1, 2, 5], None, 0, 1),  # 6-: Troubles only
    ],
)
def test_wm_ing_01_search_bands(faces, mode, herbs, debt):
    st = game(player("a"), player("b"))
    payload = {"mode": mode} if mode else {}
    out = resolve(st, [mv("a", "ingredient_search", **payload)], faces, s=HERB)
    assert out.status == "complete"
    assert st.players["a"].ingredients == ["herb"] * herbs
    assert st.players["a"].debt == debt


def test_wm_ing_01_push_alias_and_magic_stat():
    st = game(player("a", magic=2), player("b"))
    out = resolve(st, [mv("a", "ingredient_search", mode="push")], [4, 4, 5], s=HERB)  # 8 + 2 = 10
    assert out.results[0].record["mode"] == "keep_searching" and len(st.players["a"].ingredients) == 2


def test_wm_ing_02_found_ingredient_drawn_from_the_catalogue():
    st = game(player("a"), player("b"))
    catalogue = default_catalogue().ingredient_slugs
    assert len(catalogue) == 8 and "ru" in default_catalogue().ingredients[0].names
    out = resolve(st, [mv("a", "ingredient_search", mode="go_back")], [5, 5, 3])
    assert st.players["a"].ingredients == [catalogue[2]]
    assert out.results[0].rolls[-1].notation == "D8"  # canonical, as a real roll records it


def test_wm_ing_02_gm_picks_the_ingredient_when_configured():
    st = game(player("a"), player("b"))
    s = settings(ingredient_choice="gm", ingredient_catalogue=("herb", "bone"))
    out = resolve(st, [mv("a", "ingredient_search", mode="go_back")], [5, 5], s=s)
    d = out.pending
    assert d is not None and d.player == "" and d.kind == "ingredient" and d.options == ["herb", "bone"]
    resolve(st, [mv("a", "ingredient_search", mode="go_back")], [5, 5], s=s, decisions={d.key: "bone"})
    assert st.players["a"].ingredients == ["bone"]


def test_wm_spy_01_names_one_other_player_and_rolls_shadow():
    st = game(player("a", shadow=2), player("b"))
    view = SYSTEM.view_for(st, "a", [])
    assert [e.code for e in SYSTEM.validate(mv("a", "spying"), view, settings())] == ["bad_target"]
    assert [e.code for e in SYSTEM.validate(mv("a", "spying", target="a"), view, settings())] == [
        "bad_target"
    ]
    out = resolve(st, [mv("a", "spying", target="b", mode="hold", picks=["info"])], [4, 4])
    assert out.results[0].record["roll"]["bonus"] == 2 and out.results[0].record["band"] == "strong"


def test_wm_spy_02_weak_hit_one_pick_then_troubles():
    st = game(player("a"), player("b"))
    resolve(st, [mv("a", "spying", target="b", picks=["info"])], [4, 4, 5])
    assert info(st, "a", "b") == 1 and st.players["a"].debt == 1


def test_wm_spy_02_miss_the_target_picks_with_the_spy_as_subject():
    st = game(player("a"), player("b"))
    out = resolve(st, [mv("a", "spying", target="b")], [1, 2])
    r = out.results[0]
    assert info(st, "b", "a") == 1  # b's only valid pick (GAP-05: b holds no info on a)
    caught = next(e for e in r.events if e.code == "spy_caught")
    assert caught.visible_to == {"a", "b"}


def test_wm_spy_02_gap05_target_pick_meets_info_requirements_by_default():
    st = game(player("a", artifacts=["idol"]), player("b"))
    know(st, "b", "a", 1)
    out = resolve(st, [mv("a", "spying", target="b")], [1, 2])
    assert out.pending is not None and out.pending.player == "b"
    assert out.pending.options == ["info", "surveillance"]  # no Steal: b holds 1 info, not 3
    relaxed = resolve(st, [mv("a", "spying", target="b")], [1, 2], s=settings(spy_miss_requirements=False))
    assert relaxed.pending is not None and relaxed.pending.options == ["info", "surveillance", "steal"]


def test_wm_spy_03_info_may_be_chosen_twice_and_is_capped():
    st = game(player("a"), player("b"))
    resolve(st, [mv("a", "spying", target="b", mode="push", picks=["info", "info"])], [6, 6, 5])
    assert info(st, "a", "b") == 2 and st.players["a"].debt == 1
    st3 = game(player("a"), player("b"))
    know(st3, "a", "b", 2)
    out = resolve(
        st3,
        [mv("a", "spying", target="b", mode="push", picks=["info", "info"])],
        [6, 6, 5],
        s=settings(decision_mode="auto"),
    )
    assert info(st3, "a", "b") == 3  # GAP-06 cap
    assert out.results[0].record["picks"][0]["picks"] == ["info", "surveillance"]
    wk1 = game(player("a"), player("b"), week=1)
    resolve(
        wk1,
        [mv("a", "spying", target="b", mode="push", picks=["info", "info"])],
        [6, 6, 5],
        s=settings(decision_mode="auto"),
    )
    assert info(wk1, "a", "b") == 1


def test_wm_spy_04_surveillance_shows_the_spy_a_snapshot_with_this_weeks_moves():
    st = game(player("a"), player("b", might=2, debt=4, ingredients=["herb"]))
    know(st, "a", "b", 1)
    moves = [
        mv("b", "preparation", 0, effect="preparedness"),
        mv("a", "spying", 1, target="b", mode="hold", picks=["surveillance"]),
    ]
    out = resolve(st, moves, [5, 5])
    r = out.results[-1]
    ev = next(e for e in r.events if e.code == "surveillance")
    assert ev.visible_to == {"a"}
    snap = ev.data["snapshot"]
    assert snap["stats"]["might"] == 2 and snap["debt"] == 4
    assert snap["preparedness"] == 4  # b's Preparation already resolved: "as they stand at that moment"
    assert snap["moves"] == [{"kind": "preparation", "payload": {"effect": "preparedness"}}]


def test_wm_spy_05_steal_needs_three_info_and_a_non_empty_stash():
    st = game(player("a"), player("b", artifacts=["idol"], ingredients=["herb", "bone"]))
    know(st, "a", "b", 3)
    move = mv(
        "a", "spying", target="b", mode="hold", picks=["steal"], steal={"kind": "artifact", "item": "idol"}
    )
    out = resolve(st, [move], [5, 5])
    assert st.players["a"].artifacts == ["idol"] and st.players["b"].artifacts == []
    assert next(e for e in out.results[0].events if e.code == "stolen").visible_to == {"a"}  # GAP-03
    # No preference: the spy chooses from the stash list shown to the spy only (GAP-02).
    out2 = resolve(st, [mv("a", "spying", target="b", mode="hold", picks=["steal"])], [5, 5])
    d = out2.pending
    assert (
        d is not None
        and d.player == "a"
        and d.options == [{"kind": "ingredient", "item": "herb"}, {"kind": "ingredient", "item": "bone"}]
    )
    assert d.context["stash"] == d.options
    empty = game(player("a"), player("b"))
    know(empty, "a", "b", 3)
    out3 = resolve(empty, [mv("a", "spying", target="b", mode="hold", picks=["steal"])], [5, 5])
    assert out3.results[0].record["picks"][0]["picks"] == ["surveillance"]  # the only valid pick left


def test_wm_spy_05_blind_steal_setting_draws_at_random():
    st = game(player("a"), player("b", artifacts=["idol"], ingredients=["herb"]))
    know(st, "a", "b", 3)
    resolve(
        st,
        [mv("a", "spying", target="b", mode="hold", picks=["steal"])],
        [5, 5, 2],
        s=settings(steal_choice="blind"),
    )
    assert st.players["a"].ingredients == ["herb"]


def test_wm_spy_06_same_move_info_counts_toward_steal_by_default():
    st = game(player("a"), player("b", artifacts=["idol"]))
    know(st, "a", "b", 2)
    out = resolve(st, [mv("a", "spying", target="b", mode="push", picks=["info", "steal"])], [6, 6, 5])
    assert out.results[0].record["picks"][0]["picks"] == ["info", "steal"]
    assert st.players["a"].artifacts == ["idol"]


def test_wm_spy_06_in_week_one_info_is_blocked_so_steal_is_impossible():
    st = game(player("a"), player("b", artifacts=["idol"]), week=1)
    know(st, "a", "b", 2)
    out = resolve(
        st,
        [mv("a", "spying", target="b", mode="push", picks=["info", "steal"])],
        [6, 6, 5],
        s=settings(decision_mode="auto"),
    )
    assert "steal" not in out.results[0].record["picks"][0]["picks"]
    assert st.players["b"].artifacts == ["idol"] and info(st, "a", "b") == 2


def test_wm_spy_06_strict_setting_needs_three_info_before_the_move():
    st = game(player("a"), player("b", artifacts=["idol"]))
    know(st, "a", "b", 2)
    out = resolve(
        st,
        [mv("a", "spying", target="b", mode="push", picks=["info", "steal"])],
        [6, 6, 5],
        s=settings(steal_counts_same_move_info=False, decision_mode="auto"),
    )
    assert out.results[0].record["picks"][0]["picks"] == ["info", "surveillance"]
    assert "surveillance" in codes(out.results[0]) and event(out.results[0], "info_gained")["count"] == 3
