"""Supernatural creatures (SC-SUP) in the haunted-town scenario, run by the house seat or the GM."""

from __future__ import annotations

from referee.engine.systems.skirmish_cards import nerve
from tests.referee.engine.systems.skirmish_cards.table import Table, finish_turn, remove, top

HOUSE = ["8-black", "7-black", "6-black", "5-black"]


def haunted(*, gm: bool = False, settings: dict | None = None, rolls: tuple = ()) -> Table:
    seats = {"bob": "player", "carol": "player", **({"gina": "gm"} if gm else {})}
    faces = top("black", ["5-black", "6-black", "10-black", "4-black"])
    faces += top("red", ["7-red", "8-red", "9-red", "3-red"])
    faces += top("black", HOUSE, faction_cards=False)
    t = Table(seats=seats, settings={"scenario": "haunted_town", **(settings or {})}, faces=[*faces, *rolls],
              start={} if gm else {"operator": "bob"})
    t.place(bob="marshal", carol="leader")
    house = "gina" if gm else "bob"
    t.send(house, "place_first", character="wolf1")
    for key, d in list(t.state.decisions.items()):
        t.send(d.player, "decide", key=key, choice="decline")
    return t


def idle(t: Table, cid: str) -> None:
    """The character up does as little as its rules let it (the bear must move, the first wolf howls)."""
    action = "move" if t.c(cid)["creature"] == "bear" else "aim"
    extra = {"howl_target": "deputy"} if t.c(cid)["creature"] == "wolf" and not t.data["howled"] else {}
    if extra:
        t.dice(9)
    t.declare(cid, action, **extra)
    t.send(t.seat_of(cid), action, character=cid)
    t.pass_all()


def to(t: Table, cid: str) -> None:
    while t.up() != cid:
        idle(t, t.up())


def test_sc_sup_01_unholy_passes_every_nerve_test_without_a_roll() -> None:
    t = haunted()
    nerve.owe(t.state, "SC-HTH-13", character="wolf1")  # what the game triggered (SC-NRV-03)
    t.send(t.seat_of("wolf1"), "nerve_test", character="wolf1", trigger="SC-HTH-13")
    assert t.events("nerve.auto")[0]["character"] == "wolf1" and not t.events("nerve.tested")


def test_sc_sup_02_attacking_a_terrifying_character_takes_a_test_first_and_it_must_be_shot_if_in_the_way() -> None:
    t = haunted()
    t.declare("marshal", "shoot")
    assert t.refused("bob", "shoot", character="marshal", target="leader", obscured_by="wolf1").code == \
        "must_shoot_terrifying"
    t.dice(2, 11)  # the Terrifying test fails (2 < 4): a marker, then the d20
    t.send("bob", "shoot", character="marshal", target="wolf1")
    t.pass_all()
    assert t.events("nerve.tested")[0]["trigger"] == "SC-SUP-02" and t.c("marshal")["markers"] == 1
    assert t.events("shot.rolled")[0]["die"] == 11


def test_sc_sup_03_the_first_wolf_howls_at_minus_one_per_other_wolf_and_never_removes() -> None:
    t = haunted()
    to(t, "wolf1")
    assert t.refused("bob", "declare", character="wolf1", actions=["move"]).code == "howl_target_required"
    t.c("gunman")["markers"] = 1
    t.dice(6)  # 6 - 1 marker - 1 (second wolf) = 4 < 5: fails, but a second marker would remove the gunman
    t.declare("wolf1", "move", howl_target="gunman")
    assert t.events("nerve.tested")[0]["modifier"] == -1 and t.c("gunman")["markers"] == 1
    assert "marker.withheld" in t.codes() and not t.c("gunman")["removed"]
    t.send("bob", "move", character="wolf1")
    t.pass_all()
    t.declare("wolf2", "aim")
    assert len(t.events("howl")) == 1


def test_sc_sup_04_the_raven_leaps_one_move_per_started_10_cm_into_hth_without_fight() -> None:
    t = haunted()
    to(t, "raven")
    t.declare("raven", "move", "move", "move")
    assert t.refused("bob", "move", character="raven", mode="leap", distance_cm=35).code == "leap_too_far"
    t.send("bob", "move", character="raven", mode="leap", distance_cm=25, target="gunman")
    t.dice(9, 4, 5)  # the gunman passes its Terrifying test; raven 4 + 1 for starting, gunman 5: a tie
    t.pass_all()
    assert t.c("raven")["used"] == 3 and t.c("raven")["movement"] == 3
    assert t.c("raven")["fight"] and t.events("fight.started")[0]["characters"] == ["raven", "gunman"]
    assert not [a for a in t.c("raven")["declared"] if a == "fight"]


def test_sc_sup_05_the_bear_far_from_the_baron_must_charge_and_gets_plus_two_for_starting() -> None:
    t = haunted()
    to(t, "bear")
    assert t.refused("bob", "declare", character="bear", actions=["aim"]).code == "bear_must_charge"
    t.declare("bear", "move")
    t.send("bob", "move", character="bear", mode="charge", target="deputy")
    t.dice(3, 3)
    t.pass_all()
    t.pass_all()
    bear = next(e for e in t.events("fight.rolled") if e["character"] == "bear")
    assert ["started_fight", 2, "SC-SUP-05"] in bear["modifiers"]


def test_sc_sup_06_scavengers_stay_aloft_until_an_enemy_has_two_markers() -> None:
    t = haunted()
    assert t.c("flock")["flock"] == "aloft" and not t.c("flock")["card"]
    t.c("gunman")["markers"] = 1
    from tests.referee.engine.systems.skirmish_cards.test_shooting import shoot

    shoot(t, target="gunman")
    t.c("gunman")["hp"] = 5
    t.result("wound")
    assert t.c("flock")["flock"] == "placed" and t.c("flock")["target"] == "gunman"
    assert "within 20 cm of the target" in t.events("scavengers.placed")[0]["reminder"]


def test_sc_sup_07_from_the_next_turn_they_get_cards_and_hunt_until_the_target_heals() -> None:
    t = haunted()
    t.c("flock")["flock"], t.c("flock")["target"], t.c("flock")["placed_turn"] = "placed", "gunman", 1
    t.c("gunman")["markers"] = 1
    finish_turn_with_howl(t)
    t.place(bob="marshal", carol="leader")
    t.send("bob", "place_first", character="wolf1")
    for key, d in list(t.state.decisions.items()):
        t.send(d.player, "decide", key=key, choice="decline")
    assert t.c("flock")["card"]
    to(t, "flock")
    t.declare("flock", "move")
    assert t.c("flock")["flock"] == "aloft" and "scavengers.flew_off" in t.codes()


def finish_turn_with_howl(t: Table) -> None:
    while t.state.turn.phase == "activations":
        idle(t, t.up())
    finish_turn(t)


def test_sc_sup_08_cowardly_when_one_scavenger_dies_the_rest_return_to_their_perch() -> None:
    t = haunted()
    flock = t.c("flock")
    flock.update(flock="placed", target="gunman", markers=1)
    from tests.referee.engine.systems.skirmish_cards.test_shooting import shoot

    shoot(t, target="flock")
    t.result("wound")
    assert flock["models"] == 2 and flock["flock"] == "perched" and "scavengers.fled" in t.codes()
    t.declare("leader", "shoot")
    assert t.refused("carol", "shoot", character="leader", target="flock").code == "target_aloft"


def test_sc_sup_09_creatures_go_to_the_gm_seat_else_a_house_seat_with_its_own_deck_and_no_hand() -> None:
    house = haunted()
    info = house.data["sides"]["house"]
    assert (info["kind"], info["controller"]) == ("house", "bob") and house.c("wolf1")["side"] == "house"
    assert house.state.zones["hand:house"].cards == [] and not info["faction_cards"]
    assert sum(1 for c in house.state.cards.values() if c.owner == "house") == 10
    assert house.state.cards[house.c("wolf1")["card"]].owner == "house"
    gm = haunted(gm=True)
    assert gm.c("wolf1")["side"] == "gina" and gm.data["sides"]["gina"]["kind"] == "gm"
    named = Table(settings={"scenario": "haunted_town", "creature_control": "named_player"},
                  start={"operator": "carol"})
    assert named.c("bear")["side"] == "carol"
    try:
        Table(settings={"scenario": "haunted_town"})
    except Exception as exc:
        assert getattr(exc, "code", "") == "house_operator_required"
    else:
        raise AssertionError("a house seat needs an operator")
    remove(house, "wolf1", "wolf2", "raven", "bear", "flock")
    assert not house.data["sides"]["house"]["out"] and house.state.outcome is None
