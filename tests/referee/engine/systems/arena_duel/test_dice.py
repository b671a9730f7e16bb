"""AD-DICE: trait and wild die, aces, raises, opposed rolls, die steps, through the duel's commands."""

from __future__ import annotations

from tests.referee.engine.systems.arena_duel.helpers import Duel, character, to_fight, to_gambling


def notice_total(d: Duel) -> int:
    return d.state.chains[d.open_roll("a")].rolls[-1]["total"]


def test_ad_dice_01_the_higher_of_trait_and_wild_die_counts_and_modifiers_apply() -> None:
    d = Duel()
    d.send("a", "notice", [2, 5])  # Notice d6 shows 2, the wild d6 5
    assert notice_total(d) == 5
    unskilled = Duel(a=character("ca", skills={"notice": 4}))
    unskilled.state.data["private"]["a"]["sheet"]["skills"].pop("notice")
    unskilled.send("a", "notice", [3, 1])  # no Notice: d4 - 2 (core SWD), the modifier on the result
    assert notice_total(unskilled) == 1
    assert unskilled.state.chains[unskilled.open_roll("a")].notation == "trait(d4)-2"


def test_ad_dice_02_a_die_showing_its_maximum_is_rolled_again_and_added() -> None:
    d = Duel()
    d.send("a", "notice", [6, 6, 3, 1])  # 6 + 6 + 3 on the Notice die, 1 on the wild die
    assert notice_total(d) == 15
    d.send("b", "notice", [1, 6, 4])  # the wild die aces: 10
    assert d.state.chains[d.open_roll("b")].rolls[-1]["total"] == 10


def test_ad_dice_03_four_is_a_success_and_each_full_four_above_a_raise() -> None:
    for faces, reveals in (([3, 2], 0), ([4, 1], 1), ([6, 2, 1], 2), ([6, 6, 1, 1], 3)):
        d = Duel()
        d.roll_and_announce("a", "notice", faces)  # totals 3, 4, 8, 13
        assert d.mine("a")["reveals"] == reveals


def test_ad_dice_04_an_opposed_roll_goes_to_the_higher_total_and_a_tie_is_rolled_again() -> None:
    d = Duel()
    to_gambling(d, (4, 2), (1, 4))  # 4 against 4
    d.decide("gambling", dice=[5, 1, 2, 2])  # the tie: both roll again at once, 5 against 2
    assert d.state.data["duel"]["gambling"]["winner"] == ""
    assert d.contest("gambling")["round"] == 2
    d.decide("gambling")
    assert d.state.data["duel"]["gambling"] == {"contest": "c1", "winner": "a", "loser": "b"}
    ruled = Duel(settings={"opposed_tie": "gm"})
    to_gambling(ruled, (4, 2), (1, 4))
    ruled.decide("gambling")
    assert ruled.contest("gambling")["status"] == "tied"
    ruled.send("gm", "contest_rule", contest="c1", winner="b")
    assert ruled.state.data["duel"]["gambling"]["winner"] == "b"


def test_ad_dice_05_strength_steps_run_d4_d6_d8_d10_d12() -> None:
    from referee.engine.systems.arena_duel.dice import STEPS, steps_short

    assert STEPS == (4, 6, 8, 10, 12)
    assert [steps_short(have, 8) for have in STEPS] == [2, 1, 0, 0, 0]
    d = Duel(a=character("ca", attributes={"strength": 10}))
    to_fight(d)
    assert d.view("a")["me"]["sheet"]["attributes"]["strength"] == 10
