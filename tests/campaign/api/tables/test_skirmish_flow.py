"""A skirmish encounter through the HTTP API, as the phones play it: placement, the deal and the reveal,
the activation order, a shot with its response window, the end-of-turn draws, the reshuffle.

The dice and shuffles are the server's (the table's stream): each test reads what the phones are
shown and acts on that, and asserts the rule's outcome whatever the cards were.
"""

from __future__ import annotations

import json

import pytest

from referee.engine.systems.skirmish_cards.decks import rank
from tests.campaign.api.tables.skirmish import SEATS, SETTINGS, Skirmish
from tests.support.world import World

pytestmark = pytest.mark.django_db
PLAYERS = ("bob", "carol", "dave")


def _codes(phones: Skirmish, who: str, after: int = 0) -> list[str]:
    return [e["code"] for e in phones[who].get(phones.url(f"events/?after={after}")).json()["events"]]


def _key(card: dict | None) -> tuple[int, int]:
    slug = (card or {}).get("card", "")
    return (0, 0) if slug == "joker" else (1, rank(slug))


def test_sc_end_03_api_a_table_with_values_missing_does_not_leave_setup(world: World) -> None:
    phones = Skirmish(world).seated(settings={**SETTINGS, "hand_size": {"lawmen": 2}})
    body = phones["bob"].post(phones.url("start/"), {}, format="json").json()
    assert body["code"] == "values_missing" and "hand_size.outlaws" in body["detail"]
    assert phones["bob"].get(phones.url()).json()["status"] == "open"


def test_sc_deck_03_api_each_player_is_dealt_a_hand_only_its_owner_sees(world: World) -> None:
    phones = Skirmish(world).begun()
    for who in PLAYERS:
        assert len(phones.hand(who)) == 2 and all("card" in c for c in phones.hand(who))
        for other in PLAYERS:
            zone = next(z for z in phones.game(other)["zones"] if z["key"] == f"hand:{SEATS[who]}")
            assert zone["count"] == 2
            assert (zone.get("cards") is not None) == (other == who)
        assert phones.sk(who)["sides"][SEATS[who]]["deck"] == 10 - 2 - 1  # the first card is drawn


def test_sc_init_01_api_first_cards_are_hidden_until_every_player_has_placed(world: World) -> None:
    phones = Skirmish(world).begun()
    mine = phones.handles("bob", "first:s1")[0]["card"]
    phones.send("bob", "place_first", character="marshal")
    assert phones.sk("bob")["my_first_card_by"] == {"s1": "marshal"}
    for other in ("carol", "dave"):
        assert phones.sk(other)["my_first_card_by"] == {}
        assert phones.chars(other)["marshal"]["card"] is None
        assert phones.handles(other, "first:s1") == []
        events = phones[other].get(phones.url("events/?after=0")).json()["events"]
        # Every deck has a Joker and faction cards: the viewer's own cards may share the name, Bob's may not show.
        theirs = [e for e in events if e["data"].get("side") != SEATS[other]]
        assert mine not in json.dumps(theirs)
        assert phones.sk(other)["sides"]["s1"]["placed"] is True  # that Bob placed is public, not where
    phones.send("carol", "place_first", character="leader")
    assert phones.chars("dave")["leader"]["card"] is None
    phones.send("dave", "place_first", character="boss2")
    for other in PLAYERS:
        shown = phones.chars(other)["marshal"]["card"]
        assert shown["face_up"] and shown["card"] == mine


def test_sc_init_02_03_api_the_others_are_dealt_face_down_and_revealed_at_once(world: World) -> None:
    phones = Skirmish(world).begun()
    phones.send("bob", "place_first", character="marshal")
    phones.send("carol", "place_first", character="leader")
    assert all(c["card"] is None for c in phones.sk("bob")["characters"]), "no card shows before the reveal"
    phones.send("dave", "place_first", character="boss2")
    events = phones["carol"].get(phones.url("events/?after=0")).json()["events"]
    revealed = next(e for e in events if e["code"] == "initiative.revealed")
    assert revealed["rule"] == "SC-INIT-03" and len(revealed["data"]["cards"]) == 9
    for who in PLAYERS:
        assert all(c["card"]["face_up"] and c["card"]["card"] for c in phones.sk(who)["characters"])


def test_sc_init_04_06_api_activation_order_runs_from_the_highest_card_and_a_joker_goes_last(world: World) -> None:
    phones = Skirmish(world).begun()
    phones.place_all()
    sk = phones.sk("carol")
    cards = {c["id"]: c["card"] for c in sk["characters"]}
    order = sk["order"]
    assert sorted(order) == sorted(cards)
    keys = [_key(cards[c]) for c in order]
    assert keys == sorted(keys, reverse=True), f"order {order} is not highest first: {keys}"
    assert phones.up() == order[0] and phones.game("bob")["turn"]["phase"] == "activations"
    owner = phones.owner(order[0])
    assert "declare" in phones.kinds(owner)
    assert all("declare" not in phones.kinds(w) for w in PLAYERS if w != owner)


def _shot(phones: Skirmish) -> tuple[str, str, str, str]:
    """The first activation declares one Shoot at an unactivated enemy; returns (shooter, owner, target, its owner)."""
    phones.place_all()
    shooter = phones.up()
    owner = phones.owner(shooter)
    order = phones.sk(owner)["order"]
    target = next(c for c in order[1:] if phones.owner(c) != owner)
    defender = phones.owner(target)
    phones.send(owner, "declare", character=shooter, actions=["shoot"])
    phones.send(owner, "shoot", character=shooter, target=target, range="close", cover="none")
    return shooter, owner, target, defender


def test_sc_int_03_api_a_shot_opens_a_response_window_where_the_target_ducks_back(world: World) -> None:
    phones = Skirmish(world).begun()
    shooter, owner, target, defender = _shot(phones)
    window = phones.game(owner)["window"]
    assert window is not None and SEATS[owner] not in window["participants"], "never against their own (SC-INT-02)"
    assert SEATS[defender] in window["participants"]
    while phones.game(defender)["window"]["priority"] != SEATS[defender]:
        priority = phones.game(defender)["window"]["priority"]
        phones.send(next(w for w, s in SEATS.items() if s == priority), "pass")
    offered = phones.kinds(defender)
    assert "duck_back" in offered and offered["duck_back"]["options"]["character"] == target
    assert "duck_back" not in phones.kinds(owner) and "pass" not in phones.kinds(owner)
    phones.send(defender, "duck_back", character=target, cover="solid", visible=True)
    while phones.game(owner)["window"] is not None:
        priority = phones.game(owner)["window"]["priority"]
        phones.send(next(w for w, s in SEATS.items() if s == priority), "pass")
    ducked = phones.chars("bob")[target]
    assert ducked["movement"] == 1 and ducked["state"] == "done", "Duck Back spends the activation (SC-INT-01)"
    events = phones[owner].get(phones.url("events/?after=0")).json()["events"]
    rolled = [e for e in events if e["code"] == "shot.rolled"][-1]["data"]
    assert rolled["ducked"] and ["solid_cover", -1, "SC-SHT-02"] in rolled["modifiers"]
    decision = phones[owner].get(phones.url("decisions/")).json()
    if any(e["code"] == "shot.out_of_ammo" for e in events):  # the table's d20 came up low: the gun is empty
        assert decision == [], "out of ammo: no result to enter (SC-SHT-04)"
        return
    assert [d["kind"] for d in decision] == ["result"], "the result is entered by hand (SC-SHT-08)"
    phones.send(owner, "decide", key=decision[0]["key"], choice="wound")
    assert phones.chars(defender)[target]["markers"] == 1
    assert phones.chars(owner)[shooter]["state"] == "done" and phones.up() != shooter


def test_sc_int_05_api_a_quick_shot_interrupts_the_shooter(world: World) -> None:
    phones = Skirmish(world).begun()
    shooter, owner, target, defender = _shot(phones)
    while phones.game(owner)["window"]["priority"] != SEATS[defender]:
        priority = phones.game(owner)["window"]["priority"]
        phones.send(next(w for w, s in SEATS.items() if s == priority), "pass")
    offered = phones.kinds(defender)["quick_shot"]["options"]
    assert offered["target"] == shooter and target in offered["characters"]
    phones.send(defender, "quick_shot", character=target, range="close")
    codes = _codes(phones, "bob")
    assert "shot.rolled" in codes and phones.chars("bob")[target]["state"] == "done"


def _turn(phones: Skirmish) -> None:
    """Every character up declares one Aim and takes it; the table reaches the end of the turn."""
    while phones.game("bob")["turn"]["phase"] == "activations":
        phones.activate_aim()


def test_sc_deck_07_08_api_only_a_player_who_played_from_hand_draws_freely(world: World) -> None:
    phones = Skirmish(world).begun()
    phones.place_all()
    card = phones.hand("bob")[0]
    phones.send("bob", "play_card", card=card["handle"])
    assert len(phones.hand("bob")) == 1 and phones.sk("carol")["sides"]["s1"]["hand"] == 1
    assert card["card"] in str(phones.game("carol")["zones"]), "a played card is public"
    _turn(phones)
    assert phones.game("bob")["turn"]["phase"] == "end_of_turn"
    assert phones.kinds("bob")["eot_draw"]["options"]["played_card"] is True
    assert phones.kinds("carol")["eot_draw"]["options"]["played_card"] is False
    body = phones.send("carol", "eot_draw", draw=True, status=400)
    assert body["code"] == "discard_to_draw"
    phones.send("bob", "eot_draw", draw=True)
    assert len(phones.hand("bob")) == 2
    assert phones.send("bob", "eot_draw", draw=True, status=400)["code"] in ("already_drawn", "not_allowed_now",
                                                                           "not_allowed")
    discard = phones.hand("carol")[0]["handle"]
    phones.send("carol", "eot_draw", draw=True, discard=discard)
    assert len(phones.hand("carol")) == 2 and phones.sk("bob")["sides"]["s2"]["discard"] >= 1
    phones.send("dave", "eot_draw", draw=False)
    assert phones.game("bob")["turn"]["number"] == 2 and phones.game("bob")["turn"]["phase"] == "initiative"


def test_sc_deck_09_api_a_pile_that_cannot_supply_the_deal_is_reshuffled_from_the_discard(world: World) -> None:
    phones = Skirmish(world).begun()
    reshuffled = False
    for _turn_no in range(4):
        phones.place_all()
        _turn(phones)
        phones.end_of_turn()
        events = phones["bob"].get(phones.url("events/?after=0")).json()["events"]
        reshuffled = any(e["code"] == "deck.reshuffled" and e["data"]["side"] == "s1" for e in events)
        if reshuffled:
            break
    assert reshuffled, "ten cards, a hand of two, three dealt a turn: the pile runs out by turn three"
    shuffle = next(e for e in events if e["code"] == "deck.reshuffled" and e["data"]["side"] == "s1")
    assert shuffle["rule"] in ("SC-DECK-09", "SC-END-01")
    assert all(c["card"] is not None for c in phones.sk("bob")["characters"] if not c["removed"]) or \
        phones.game("bob")["turn"]["phase"] == "initiative"


def test_sc_sup_09_api_a_house_seat_operated_by_a_named_player_runs_the_creatures(world: World) -> None:
    phones = Skirmish(world).seated(players=("bob", "carol"), settings={**SETTINGS, "scenario": "haunted_town"})
    body = phones["bob"].post(phones.url("start/"), {}, format="json").json()
    assert body["code"] == "house_operator_required"
    started = phones["bob"].post(phones.url("start/"), {"operator": "s2"}, format="json")
    assert started.status_code == 200, started.json()
    house = phones.sk("carol")["sides"]["house"]
    assert house["kind"] == "house" and house["controller"] == "s2" and house["hand"] == 0
    assert "wolf1" in phones.chars("bob") and phones.chars("bob")["wolf1"]["side"] == "house"
    assert set(phones.kinds("carol")["place_first"]["options"]["characters"]) >= {"wolf1", "leader"}


def test_sc_sup_09_api_a_gm_seat_takes_the_creatures_and_places_their_first_card(world: World) -> None:
    phones = Skirmish(world).begun(players=("bob", "carol"), gm=True,
                                   settings={**SETTINGS, "scenario": "haunted_town"})
    gm = phones.sk("gina")["sides"]["s3"]
    assert gm["kind"] == "gm" and gm["controller"] == "s3"
    assert set(phones.kinds("gina")["place_first"]["options"]["characters"]) == {"wolf1", "wolf2", "raven", "bear",
                                                                              "flock"}
    assert phones.handles("gina", "first:s3") and phones.handles("bob", "first:s3") == []


def test_sc_end_02_api_an_encounter_plays_to_its_end_and_the_table_closes_with_its_outcome(world: World) -> None:
    from campaign.models import CampaignEvent

    phones = Skirmish(world).begun()
    phones.place_all()
    _turn(phones)
    phones.end_of_turn()
    phones.send("carol", "concede")
    assert phones.game("bob")["outcome"] is None, "two factions are still on the table"
    phones.send("dave", "concede")
    game = phones.game("bob")
    assert game["outcome"] is not None and game["skirmish"]["phase"] == "ended"
    assert phones.kinds("bob") == {}, "nothing more to do once the game is over"
    phones["bob"].post(phones.url("close/"), {}, format="json")
    closed = CampaignEvent.objects.filter(campaign=world.campaign, kind="table_closed").get()
    assert closed.payload["outcome"] == game["outcome"]
    assert phones["carol"].get(phones.url("audit/")).json()["ok"]
