"""WM-TRB: the Troubles table, contradictions, next valid result, random picks."""

import pytest

from referee.engine.systems.weekly_moves import Companion

from .helpers import game, info, know, mv, player, resolve, result, settings

HERB = settings(ingredient_catalogue=("herb",))


def _miss_search(st, faces, s=HERB, extra=()):
    """An Ingredient search miss (1+1): Troubles only, rolled from ``faces``."""
    return resolve(st, [*extra, mv("a", "ingredient_search", 9, mid="search")], [1, 1, *faces], s=s)


def _troubles(out, n=0):
    return result(out, "search").record["troubles"][n]


@pytest.mark.parametrize("value", [1, 2, 4, 5, 6])
def test_wm_trb_01_each_result_applies(value):
    st = game(player("a", preparedness=3, ingredients=["herb"], companions=[Companion(id="ac")]), player("b"))
    out = _miss_search(st, [value])
    a = st.players["a"]
    assert _troubles(out)["raw"] == value and _troubles(out)["applied"] == value
    expected = {
        1: lambda: a.preparedness == 2,
        2: lambda: a.companions[0].health == "wounded",
        4: lambda: a.ingredients == [],
        5: lambda: a.debt == 1,
        6: lambda: info(st, "b", "a") == 1,
    }
    assert expected[value]()
    ev = next(e for e in out.results[0].events if e.code == "troubles")
    assert "a" in ev.visible_to and ("b" in ev.visible_to) == (value == 6)  # the receiver of info is told


def test_wm_trb_01_result_3_the_target_gains_info_and_is_told():
    st = game(player("a"), player("b"))
    out = resolve(st, [mv("a", "spying", target="b", picks=["info"])], [4, 4, 3])
    assert info(st, "b", "a") == 1
    ev = next(e for e in out.results[0].events if e.code == "troubles")
    assert ev.visible_to == {"a", "b"} and ev.data["gainer"] == "b"


def test_wm_trb_02_healing_by_preparation_then_troubles_2_is_skipped():
    # The spec's test: heal the wounded companion (now healthy), then roll 2 after Ingredient search
    # while holding one ingredient -> 2 skipped (contradiction), 3 skipped (no target), 4 applies.
    st = game(
        player("a", ingredients=["herb", "herb"], companions=[Companion(id="ac", health="wounded")]),
        player("b"),
    )
    prep = mv("a", "preparation", 1, mid="heal", effect="heal", heal="ac", when="before")
    out = _miss_search(st, [2], extra=[prep])
    t = _troubles(out)
    assert (t["raw"], t["applied"]) == (2, 4)
    assert t["skipped"] == [{"value": 2, "reason": "contradiction"}, {"value": 3, "reason": "cannot_apply"}]
    assert st.players["a"].companions[0].health == "healthy" and st.players["a"].ingredients == []


def test_wm_trb_02_scope_move_lets_the_wound_through():
    st = game(
        player("a", ingredients=["herb", "herb"], companions=[Companion(id="ac", health="wounded")]),
        player("b"),
    )
    prep = mv("a", "preparation", 1, mid="heal", effect="heal", heal="ac", when="before")
    out = _miss_search(st, [2], s=HERB.with_(contradiction_scope="move"), extra=[prep])
    assert _troubles(out)["applied"] == 2 and st.players["a"].companions[0].health == "wounded"


def test_wm_trb_02_planned_later_actions_count_and_analogy_for_preparedness():
    # Scope is the whole week, resolved or not: a Preparation planned *after* the search still counts.
    st = game(player("a", ingredients=["herb"], preparedness=3), player("b"))
    later = mv("a", "preparation", 1, mid="prep", effect="preparedness", when="after")
    out = _miss_search(st, [1], extra=[later])
    assert _troubles(out)["skipped"][0] == {"value": 1, "reason": "contradiction"}
    assert st.players["a"].preparedness == 3
    no_analogy = game(player("a", ingredients=["herb"], preparedness=3), player("b"))
    out2 = _miss_search(no_analogy, [1], s=HERB.with_(contradiction_by_analogy=False), extra=[later])
    assert _troubles(out2)["applied"] == 1


def test_wm_trb_03_a_result_that_cannot_apply_is_skipped():
    st = game(player("a", preparedness=1, debt=2), player("b"))
    out = _miss_search(st, [1])  # Preparedness 1 -> 2 (no companion) -> 3 (no target) -> 4 (none) -> 5
    t = _troubles(out)
    assert t["applied"] == 5 and [s["value"] for s in t["skipped"]] == [1, 2, 3, 4]
    assert all(s["reason"] == "cannot_apply" for s in t["skipped"])
    assert st.players["a"].preparedness == 1 and st.players["a"].debt == 3


def test_wm_trb_04_roll_5_with_debt_6_tries_6():
    st = game(player("a", debt=6), player("b"))
    out = _miss_search(st, [5])
    assert (_troubles(out)["raw"], _troubles(out)["applied"]) == (5, 6) and info(st, "b", "a") == 1


def test_wm_trb_04_roll_6_in_week_one_with_every_holding_at_1_wraps_to_1():
    st = game(player("a", preparedness=3), player("b"), player("c"), week=1)
    know(st, "b", "a", 1)
    know(st, "c", "a", 1)
    out = _miss_search(st, [6])
    assert (_troubles(out)["raw"], _troubles(out)["applied"]) == (6, 1) and st.players["a"].preparedness == 2


def test_wm_trb_04_nothing_happens_when_all_six_are_skipped():
    st = game(
        player("a", preparedness=1, debt=6, companions=[Companion(id="ac", health="wounded")]), player("b")
    )
    know(st, "b", "a", 3)
    out = _miss_search(st, [3])
    t = _troubles(out)
    assert t["raw"] == 3 and t["applied"] is None and len(t["skipped"]) == 6
    assert st.players["a"].preparedness == 1 and st.players["a"].debt == 6


def test_wm_trb_05_random_choices_only_among_valid_candidates():
    st = game(player("a"), player("b"), player("c", status="dead"), player("d"), player("e"))
    know(st, "d", "a", 3)  # d cannot gain more
    out = _miss_search(st, [6, 2])  # candidates b and e: a d2 picks the second
    assert _troubles(out)["gainer"] == "e" and info(st, "e", "a") == 1 and info(st, "c", "a") == 0
    assert out.results[0].rolls[-1].notation == "D2"  # canonical, as a real roll records it
    herbs = game(player("a", ingredients=["x", "y", "z"]), player("b"))
    out2 = _miss_search(herbs, [4, 3])  # a D3 reads a d6 face, as a real roll does: 3 shows 2
    assert _troubles(out2)["ingredient"] == "y" and herbs.players["a"].ingredients == ["x", "z"]
    incl = game(player("a"), player("b"), player("c", status="dead"))
    out3 = _miss_search(incl, [6, 2], s=HERB.with_(troubles_random_excludes_inactive=False))
    assert _troubles(out3)["gainer"] == "c"


def test_wm_trb_05_troubles_companion_choice_by_the_affected_player_or_random():
    st = game(player("a", companions=[Companion(id="x"), Companion(id="y")]), player("b"))
    out = _miss_search(st, [2])
    assert out.pending is not None and out.pending.player == "a" and out.pending.options == ["x", "y"]
    rnd = game(player("a", companions=[Companion(id="x"), Companion(id="y")]), player("b"))
    _miss_search(rnd, [2, 2], s=HERB.with_(troubles_companion_choice="random"))
    assert [c.health for c in rnd.players["a"].companions] == ["healthy", "wounded"]


def test_wm_trb_06_each_troubles_is_rolled_on_its_own_including_the_helpers():
    st = game(player("a"), player("h", ingredients=["herb"]))
    know(st, "h", "a", 1)
    moves = [
        mv("h", "help", 0, mid="help", helped="a", move="ingredient_search"),
        mv("a", "ingredient_search", 1, mid="search"),
    ]
    # a: 2+2 = 4; helper 4+4 = 8 (weak): the move uses 8 (+1 herb, a's Troubles 5), then h's Troubles 5.
    out = resolve(st, moves, [2, 2, 4, 4, 5, 5], s=HERB)
    t = result(out, "search").record["troubles"]
    assert [(x["who"], x["raw"]) for x in t] == [("a", 5), ("h", 5)]
    assert st.players["a"].debt == 1 and st.players["h"].debt == 1
