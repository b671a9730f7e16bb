"""The skirmish on the table page (Django's test client): joining with a faction and characters, starting
with a house seat's operator, my hand and first card, the order as revealed, the response window, commands
from the page's forms, the log in sentences; and no page ever shows another seat's hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from campaign.services import membership_add
from campaign.tables.services.tables import campaign_table_join, campaign_table_open
from campaign.tables.web.table_texts_skirmish import card_label
from referee.table_models import TableSession
from referee.tables import selectors as sel
from tests.campaign.api.tables.skirmish import POSSES, SETTINGS
from tests.support.world import World, make_user

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _hand(session: TableSession, user: Any) -> list[str]:
    seat = session.seats.get(user=user)
    zone = next(z for z in sel.view_of(session=session, seat=seat)["game"]["zones"] if z["key"] == f"hand:{seat.key}")
    return [card_label(c) for c in zone["cards"]]


def _table(world: World) -> tuple[TableSession, dict[str, Client], dict[str, Any]]:
    dave = make_user("dave")
    membership_add(campaign=world.campaign, user=dave, role="player")
    users = {"bob": world.bob, "carol": world.carol, "dave": dave}
    session = campaign_table_open(user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards",
                                  settings=SETTINGS, options=POSSES["bob"])
    for name in ("carol", "dave"):
        campaign_table_join(user=users[name], session=session, options=POSSES[name])
    return session, {n: _as(u) for n, u in users.items()}, users


def _page(client: Client, session: TableSession) -> str:
    return client.get(f"/tables/{session.pk}/").content.decode()


def test_a_member_joins_a_skirmish_table_with_a_faction_and_named_characters(world: World) -> None:
    session = campaign_table_open(user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards",
                                  settings=SETTINGS, options=POSSES["bob"])
    carol = _as(world.carol)
    page = _page(carol, session)
    assert 'name="faction"' in page and 'for="sk-profile-1"' in page and "Gang leader · Outlaws" in page
    carol.post(f"/tables/{session.pk}/join/", {"faction": "outlaws", "name-1": "Black Bart",
                                               "profile-1": "outlaws_boss", "name-2": "", "profile-2": ""})
    seat = session.seats.get(user=world.carol)
    assert seat.options["faction"] == "outlaws" and [c["name"] for c in seat.options["characters"]] == ["Black Bart"]


def test_sc_init_01_the_pages_show_my_first_card_and_hand_never_another_s(world: World) -> None:
    session, clients, users = _table(world)
    clients["bob"].post(f"/tables/{session.pk}/start/", {})
    session.refresh_from_db()
    hands = {n: _hand(session, u) for n, u in users.items()}
    for name, client in clients.items():
        page = _page(client, session)
        assert "Skirmish table" in page and "Place my first card" in page and "My first card:" in page
        found = re.search(r'<ul class="plain" id="sk-hand">(.*?)</ul>', page, re.S)
        assert found is not None
        mine = found.group(1)
        assert all(card in mine for card in hands[name])
        if name != "bob":
            # only Bob's coloured cards tell: every deck has a Joker and the faction's J-A
            black = [c for c in hands["bob"] if c.endswith(" black")]
            assert not any(c in page for c in black), f"{name}'s page shows Bob's hand"
    clients["bob"].post(f"/tables/{session.pk}/commands/place_first/", {"character": "marshal", "key": "p1"})
    page = _page(clients["bob"], session)
    assert "placed by Marshal Kane (bob)" in page and "I placed my first card by Marshal Kane (bob)." in page
    assert "placed by Marshal Kane" not in _page(clients["carol"], session), "where Bob placed is hidden till all have"


def test_a_turn_from_the_page_forms_declare_shoot_and_answer_in_the_response_window(world: World) -> None:
    session, clients, users = _table(world)
    clients["bob"].post(f"/tables/{session.pk}/start/", {})
    for name, cid in (("bob", "marshal"), ("carol", "leader"), ("dave", "boss2")):
        clients[name].post(f"/tables/{session.pk}/commands/place_first/", {"character": cid, "key": f"p-{name}"})
    session.refresh_from_db()
    for name, user in users.items():
        for d in sel.decisions_for(session=session, seat=session.seats.get(user=user)):
            choice = {"choice": "decline"} if d["kind"] == "swap" else {"order": ",".join(d["options"])}
            clients[name].post(f"/tables/{session.pk}/commands/decide/", {"key": d["key"], **choice, "seq": ""})
    session.refresh_from_db()
    view = sel.view_of(session=session, seat=session.seats.get(user=world.bob))["game"]["skirmish"]
    up, order = view["up"], view["order"]
    owner = next(n for n, p in POSSES.items() if up in [c["id"] for c in p["characters"]])
    page = _page(clients[owner], session)
    assert "Activation order" in page and 'aria-current="true"' in page and "Declare the actions" in page
    assert page.count('name="actions"') == 3 and 'for="f-declare-actions-1"' in page
    target = next(c for c in order[1:] if c not in [x["id"] for x in POSSES[owner]["characters"]])
    defender = next(n for n, p in POSSES.items() if target in [c["id"] for c in p["characters"]])
    response = clients[owner].post(f"/tables/{session.pk}/commands/declare/", {
        "character": up, "actions": ["shoot", "", ""], "key": "d1"}, follow=True)
    assert "Sent: Declare the actions." in response.content.decode(), re.findall(
        r'<ul class="messages">(.*?)</ul>', response.content.decode(), re.S)
    clients[owner].post(f"/tables/{session.pk}/commands/shoot/", {"character": up, "target": target,
                                                                  "range": "close", "key": "s1"})
    session.refresh_from_db()
    for _ in range(3):
        window = sel.view_of(session=session, seat=session.seats.get(user=users[defender]))["game"]["window"]
        if window["priority"] == session.seats.get(user=users[defender]).key:
            break
        other = session.seats.get(key=window["priority"]).username
        clients[other].post(f"/tables/{session.pk}/commands/pass/", {"key": f"pass-{other}"})
        session.refresh_from_db()
    page = _page(clients[defender], session)
    assert "is shooting at your" in page and "Duck Back" in page and "Quick Shot" in page
    assert "is shooting at your" not in _page(clients[owner], session)
    assert f"shoots at {target}" in page or "shoots at" in page


def test_a_stranger_gets_404_and_a_member_without_a_seat_no_hand(world: World) -> None:
    session, clients, _users = _table(world)
    clients["bob"].post(f"/tables/{session.pk}/start/", {})
    session.refresh_from_db()
    assert _as(world.oscar).get(f"/tables/{session.pk}/").status_code == 404
    page = _page(_as(world.alice), session)
    assert "only its players see the game" in page and 'id="sk-hand"' not in page


def test_sc_sup_09_the_gm_seat_s_page_runs_the_creatures_and_a_house_seat_s_operator_too(world: World) -> None:
    haunted = {**SETTINGS, "scenario": "haunted_town"}
    session = campaign_table_open(user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards",
                                  settings=haunted, options=POSSES["bob"])
    campaign_table_join(user=world.carol, session=session, options=POSSES["carol"])
    campaign_table_join(user=world.gina, session=session, role="gm")
    _as(world.bob).post(f"/tables/{session.pk}/start/", {})
    page = _page(_as(world.gina), session)
    assert "GM seat" in page and "Declare the scenario&#x27;s result" in page
    assert 'value="wolf1"' in page and 'value="marshal"' not in page.split('data-kind="place_first"')[1].split(
        "</form>")[0], "the GM places a first card by a creature, never by a player's character"
    assert 'id="sk-hand"' in page and "No cards in my hand." in page, "a GM seat has a deck and no hand"

    house = campaign_table_open(user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards",
                                settings=haunted, options=POSSES["bob"])
    campaign_table_join(user=world.carol, session=house, options=POSSES["carol"])
    carol = _as(world.carol)
    assert "Who operates the house seat" in _page(carol, house)
    carol.post(f"/tables/{house.pk}/start/", {"operator": "s2"})
    house.refresh_from_db()
    assert house.status == "playing"
    page = _page(carol, house)
    form = page.split('data-kind="place_first"')[1].split("</form>")[0]
    assert "house seat" in page and 'value="wolf1"' in form and 'value="leader"' in form


def test_sc_end_03_a_member_opens_a_skirmish_table_from_the_campaign_s_tables_with_the_values_it_needs(
        world: World) -> None:
    bob = _as(world.bob)
    page = bob.get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
    assert "Open a skirmish table" in page and 'for="sk-hp-lawmen_boss"' in page and 'for="sk-hand-outlaws"' in page
    form = {"system": "skirmish_cards", "scenario": "showdown", "hand-lawmen": "2", "hand-outlaws": "2",
            "faction": "lawmen", "name-1": "Marshal Kane", "profile-1": "lawmen_boss",
            **{f"hp-{p}": "3" for p in ("lawmen_boss", "lawmen_deputy", "outlaws_boss", "outlaws_gunman")},
            **{f"stress-{p}": "4" for p in ("lawmen_boss", "lawmen_deputy", "outlaws_boss")}}
    opened = bob.post(f"/campaigns/{world.campaign.pk}/tables/new/", form, follow=True).content.decode()
    assert "Table opened" in opened and "Skirmish table" in opened
    session = TableSession.objects.get(campaign=world.campaign, system="skirmish_cards")
    assert session.settings["hand_size"] == {"lawmen": 2, "outlaws": 2}
    assert session.settings["profile_hp"]["lawmen_boss"] == 3
    carol = _as(world.carol)
    carol.post(f"/tables/{session.pk}/join/", {"faction": "outlaws", "name-1": "Ned", "profile-1": "outlaws_gunman"})
    refused = bob.post(f"/tables/{session.pk}/start/", {}, follow=True).content.decode()
    assert "profile_stress.outlaws_gunman" in refused, "the stress left blank is named (SC-END-03)"
    session.refresh_from_db()
    assert session.status == "open"
    gina = _as(world.gina)  # a third posse of the same faction and profile as Carol's
    gina.post(f"/tables/{session.pk}/join/", {"faction": "outlaws", "name-1": "Ned", "profile-1": "outlaws_gunman"})
    session.settings["profile_stress"]["outlaws_gunman"] = 5
    TableSession.objects.filter(pk=session.pk).update(settings=session.settings)
    started = bob.post(f"/tables/{session.pk}/start/", {}, follow=True).content.decode()
    assert "The game has started." in started, re.findall(r'<ul class="messages">(.*?)</ul>', started, re.S)
    bad = bob.post(f"/campaigns/{world.campaign.pk}/tables/new/", {**form, "hand-lawmen": "two"},
                   follow=True).content.decode()
    assert "must be a whole number" in bad
    assert TableSession.objects.filter(system="skirmish_cards").count() == 1


def test_the_table_fact_form_names_each_position_fact_in_words_not_its_slug(world: World) -> None:
    """Found trying the demo: the "Enter a table fact" select listed fall_over_20, near_baron... as they are."""
    session, clients, _users = _table(world)
    clients["bob"].post(f"/tables/{session.pk}/start/", {})
    page = _page(clients["bob"], session)
    found = re.search(r'<select id="f-set_fact-name" name="name">(.*?)</select>', page, re.S)
    assert found is not None
    labels = re.findall(r'<option value="([a-z_0-9]+)">([^<]*)</option>', found.group(1))
    assert len(labels) == 11
    assert all(label != value and "_" not in label for value, label in labels), labels
    assert ("fall_over_20", "Would fall more than 20 cm") in labels


def test_sc_deck_02_a_faction_card_is_named_in_the_page_s_language() -> None:
    """Found trying the demo as gina in Czech: her hand showed "Eso faction" (the slug's second half)."""
    from django.utils import translation

    assert card_label({"card": "A-faction"}) == "Ace of the faction"
    with translation.override("cs"):
        assert "faction" not in card_label({"card": "A-faction"})
    with translation.override("ru"):
        assert "faction" not in card_label({"card": "K-faction"})
