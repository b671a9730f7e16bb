"""Choose, don't type (#25 item 1): what ``commands/`` offers per field is exactly what the rules allow that seat
now, through the API: the warriors a player can pay for, my own warriors as attackers, the warriors in play as
defenders (never a card attached to one), the cards in my hand to discard, my Dark Legion for a gift."""

from __future__ import annotations

import pytest

from tests.campaign.api.tables.helpers import Phones
from tests.referee.engine.systems.doomtrooper.game import deck
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _offered(phones: Phones, who: str) -> dict[str, dict]:
    return {c["kind"]: c["options"] for c in phones[who].get(phones.url("commands/")).json()}


def test_dt_dep_02_deploy_offers_the_warriors_the_bank_pays_for_and_nothing_else(world: World) -> None:
    phones = Phones(world).started()  # 5 fate
    slugs = _offered(phones, "bob")["deploy"]["slug"]
    assert "line_trooper" in slugs and "tribal_scout" in slugs and "heavy_trooper" in slugs
    assert "veteran_captain" not in slugs, "value 6: more than the bank"
    assert "combat_blade" not in slugs and "aim" not in slugs, "only warriors are deployed"
    phones.send("bob", "deploy", slug="line_trooper")  # 2 fate left
    assert _offered(phones, "bob")["deploy"]["slug"] == ["tribal_scout"]


def test_dt_atk_02_the_attacker_is_my_warrior_the_defender_a_warrior_in_play(world: World) -> None:
    phones = Phones(world).started(starting_fate=10)
    phones.send("bob", "deploy", slug="line_trooper")
    phones.send("bob", "end_actions")
    phones.send("bob", "end_turn")
    phones.send("carol", "report_draw", hand_count=7)
    phones.send("carol", "deploy", slug="legion_necromutant")
    necro = phones.handles("carol", "cohort:s2")[0]["handle"]
    phones.send("carol", "equip", slug="chain_axe", warrior=necro)
    offered = _offered(phones, "carol")
    assert offered["grant_gift"]["warrior"] == [necro], "a gift goes to my Dark Legion warrior"
    assert "distortion" in offered["grant_gift"]["slug"] and "gift_of_dark_symmetry" in offered["grant_gift"]["slug"]
    phones.send("carol", "end_actions")
    phones.send("carol", "end_turn")
    phones.send("bob", "report_draw", hand_count=7)
    trooper = phones.handles("bob", "squad:s1")[0]["handle"]
    necro_seen_by_bob = phones.handles("bob", "cohort:s2")[0]["handle"]
    axe = phones.handles("bob", "attached:s2")[0]["handle"]
    attack = _offered(phones, "bob")["attack"]
    assert attack["attacker"] == [trooper], "only my own warrior in play attacks"
    assert sorted(attack["defender"]) == sorted([trooper, necro_seen_by_bob]), "the warriors in play, mine too"
    assert axe not in attack["defender"] and axe not in attack["attacker"]
    assert attack["tactic"] == ["fight", "shoot"]
    assert "grant_gift" not in _offered(phones, "bob"), "Bob has no Dark Legion warrior"


def test_dt_dis_01_at_an_app_held_table_the_discard_offers_the_cards_in_my_hand(world: World) -> None:
    phones = Phones(world)
    phones.open(settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="b")
    phones.join(options={"deck": deck(20)}, contribution="c")
    phones.start()
    hand = phones.handles("bob", "hand:s1")
    offered = _offered(phones, "bob")
    fate = phones.game("bob")["doomtrooper"]["players"]["s1"]["fate"]
    values = {"line_trooper": 3, "heavy_trooper": 5, "legion_centurion": 4, "tribal_scout": 2}
    affordable = {c["handle"] for c in hand if values.get(c["card"], 99) <= fate}
    assert set(offered["deploy"]["card"]) == affordable
    phones.send("bob", "end_actions")
    discard = _offered(phones, "bob")["end_turn"]["cards"]
    assert sorted(discard) == sorted(c["handle"] for c in hand), "exactly my hand: no board card, none of Carol's"


def test_the_api_puts_words_beside_the_codes_in_the_readers_language(world: World) -> None:
    """#21 item 3: a ``label`` beside each command, ``labels`` beside its options, a ``message`` beside each event:
    cards by their names in the reader's language."""
    phones = Phones(world).started()
    phones.send("bob", "deploy", slug="line_trooper")
    commands = {c["kind"]: c for c in phones["carol"].get(phones.url("commands/"), HTTP_ACCEPT_LANGUAGE="en").json()}
    assert commands["concede"]["label"] == "Concede"
    bob = {c["kind"]: c for c in phones["bob"].get(phones.url("commands/"), HTTP_ACCEPT_LANGUAGE="ru").json()}
    assert bob["deploy"]["labels"]["slug"]["tribal_scout"] == "Разведчик племени"
    trooper = phones.handles("bob", "squad:s1")[0]["handle"]
    assert bob["take_cover"]["labels"]["warrior"][trooper] == "Линейный солдат"
    events = phones["carol"].get(phones.url("events/?after=0"), HTTP_ACCEPT_LANGUAGE="cs").json()["events"]
    deployed = next(e for e in events if e["code"] == "deployed")
    assert "Řadový voják" in deployed["message"] and "bob" in deployed["message"]
    assert all(e.get("message") for e in events), [e["code"] for e in events if not e.get("message")]
