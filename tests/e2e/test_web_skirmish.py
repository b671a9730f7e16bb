"""A skirmish turn on three phones (390x844), in a real browser: Dave joins from the campaign's tables list
(its link to the faction form); Bob, Carol and Dave each on their own page place their first cards, answer
the swap, take every activation from the page's forms (one with a shot and the target's Duck Back in its
response window), and make the end-of-turn draws; after each step each page shows its own hand and never
another's, and every page passes the phone checks."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.services import membership_add
from campaign.tables.services.tables import campaign_table_join, campaign_table_open
from campaign.tables.web.table_texts_skirmish import card_label
from referee.table_models import TableSession
from referee.tables import selectors as sel
from tests.campaign.api.tables.skirmish import POSSES, SETTINGS
from tests.e2e.conftest import check_page, log_in
from tests.support.world import World, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ("bob", "carol", "dave")


def _hands(session: TableSession) -> dict[str, list[str]]:
    out = {}
    for seat in session.seats.select_related("user"):
        zone = next(z for z in sel.view_of(session=session, seat=seat)["game"]["zones"]
                    if z["key"] == f"hand:{seat.key}")
        out[seat.username] = [card_label(c) for c in zone.get("cards", [])]
    return out


def _skirmish(session: TableSession) -> dict[str, Any]:
    session.refresh_from_db()
    return sel.view_of(session=session, seat=session.seats.get(key="s1"))["game"]["skirmish"]


CHARS: dict[str, list[str]] = {}


def _owner(cid: str) -> str:
    return next(n for n, ids in CHARS.items() if cid in ids)


def _send(page: Any, kind: str, label: str, selects: dict[str, str] | None = None,
          checks: tuple[str, ...] = ()) -> None:
    page.reload()
    form = page.locator(f"#commands form[data-kind={kind}]")
    form.locator("button[type=submit]").focus()  # a focused form is never redrawn by the poll under the finger
    for name, value in (selects or {}).items():
        form.locator(f"select#{name}").focus()
        form.locator(f"select#{name}").select_option(value)
    for name in checks:
        form.locator(f"#{name}").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("ul.messages")
    said = page.inner_text("ul.messages")
    assert f"Sent: {label}." in said, said


def _assert_secrets(pages: dict[str, Any], session: TableSession) -> None:
    """Each page lists its own hand; no page shows a card of another's hand that the viewer could not know."""
    session.refresh_from_db()
    hands = _hands(session)
    for name, page in pages.items():
        page.reload()
        mine = page.inner_text("#sk-hand")
        assert all(card in mine for card in hands[name]), (name, hands[name], mine)
        if name != "bob":  # Bob's deck is the only black one: its black cards in hand are his alone
            black = [card for card in hands["bob"] if card.endswith(" black")]
            assert not any(card in page.inner_text("main") for card in black), f"{name} sees Bob's hand"


def test_three_phones_play_a_skirmish_turn_and_none_sees_another_s_hand(
    live_server: Any, phones: Any, world: World
) -> None:
    url = live_server.url
    dave = make_user("dave")
    membership_add(campaign=world.campaign, user=dave, role="player")
    users = {"bob": world.bob, "carol": world.carol, "dave": dave}
    session = campaign_table_open(user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards",
                                  settings=SETTINGS, options=POSSES["bob"])
    campaign_table_join(user=world.carol, session=session, options=POSSES["carol"])
    pages = {name: phones() for name in NAMES}
    for name, page in pages.items():
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")
    dave_page = pages["dave"]
    dave_page.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")  # the list links to the faction form
    assert dave_page.locator(f"form[action='/tables/{session.pk}/join/']").count() == 0
    dave_page.click(f"text=Choose a faction to join table {session.pk}")
    dave_page.wait_for_selector("#join")
    dave_page.select_option("#sk-faction", "outlaws")
    for i, c in enumerate(POSSES["dave"]["characters"], start=1):
        dave_page.fill(f"#sk-name-{i}", c["id"])
        dave_page.select_option(f"#sk-profile-{i}", c["profile"])
    check_page(dave_page, "skirmish-join")
    dave_page.click("text=Join the table")
    dave_page.wait_for_selector("text=You have a seat at the table.")
    assert session.seats.count() == 3
    CHARS.clear()
    CHARS.update({s.username: [c["id"] for c in s.options["characters"]]
                  for s in session.seats.select_related("user")})

    bob = pages["bob"]
    bob.goto(f"{url}/tables/{session.pk}/")
    bob.click("text=Start the game")
    bob.wait_for_selector("text=The game has started.")
    for name in ("carol", "dave"):
        pages[name].goto(f"{url}/tables/{session.pk}/")
    _assert_secrets(pages, session)
    for name, page in pages.items():
        page.reload()
        assert "My first card:" in page.inner_text("#my-cards")
        check_page(page, f"skirmish-{name}-initiative")

    # Placement: hidden until every player has placed (SC-INIT-01)
    for name in NAMES:
        _send(pages[name], "place_first", "Place my first card", {"f-place_first-character": CHARS[name][0]})
        if name != "dave":
            pages["dave"].reload()
            assert "The order is set once" in pages["dave"].inner_text("#sk-order")
    session.refresh_from_db()
    for name, user in users.items():
        for d in sel.decisions_for(session=session, seat=session.seats.get(user=user)):
            assert d["kind"] == "swap"
            _send(pages[name], "decide", "Answer", {"f-decide-key": d["key"], "f-decide-choice": "decline"})
    _assert_secrets(pages, session)
    sk = _skirmish(session)
    assert sk["phase"] == "activations" and len(sk["order"]) == 9, " ".join([sk["phase"], *[
        e["code"] for e in sel.events_for(session=session, seat=session.seats.get(key="s1"), after=0)["events"]][-8:]])
    for page in pages.values():
        page.reload()
        assert page.locator("#sk-order li").count() == 9

    # The first activation shoots at an unactivated enemy, who Ducks Back in the response window
    up = sk["up"]
    shooter = _owner(up)
    target = next(c for c in sk["order"][1:] if _owner(c) != shooter)
    defender = _owner(target)
    _send(pages[shooter], "declare", "Declare the actions", {"f-declare-actions-1": "shoot"})
    _send(pages[shooter], "shoot", "Shoot", {"f-shoot-target": target, "f-shoot-range": "close"})
    for _ in range(3):
        session.refresh_from_db()
        window = sel.view_of(session=session, seat=session.seats.get(key="s1"))["game"]["window"]
        priority = session.seats.get(key=window["priority"]).username
        if priority == defender:
            break
        _send(pages[priority], "pass", "Pass")
    pages[defender].reload()
    assert "is shooting at your" in pages[defender].inner_text("#sk-window")
    assert pages[shooter].locator("#sk-window").count() == 0
    check_page(pages[defender], "skirmish-response-window")
    _send(pages[defender], "duck_back", "Duck Back", checks=("f-duck_back-visible",))
    while True:
        session.refresh_from_db()
        window = sel.view_of(session=session, seat=session.seats.get(key="s1"))["game"]["window"]
        if window is None:
            break
        _send(pages[session.seats.get(key=window["priority"]).username], "pass", "Pass")
    _send(pages[shooter], "decide", "Answer", {"f-decide-choice": "miss"})
    pages[defender].reload()
    assert "ducked back" in pages[defender].inner_text("#log")
    _assert_secrets(pages, session)

    # Every other activation: one Aim, from its owner's page
    while _skirmish(session)["phase"] == "activations":
        cid = _skirmish(session)["up"]
        name = _owner(cid)
        _send(pages[name], "declare", "Declare the actions", {"f-declare-actions-1": "aim"})
        _send(pages[name], "aim", "Aim")
    assert _skirmish(session)["phase"] == "end_of_turn"
    for name in NAMES:
        _send(pages[name], "eot_draw", "End-of-turn draw")
    sk = _skirmish(session)
    assert sk["turn"] == 2 and sk["phase"] == "initiative"
    _assert_secrets(pages, session)
    for name, page in pages.items():
        page.reload()
        assert "Turn 2" in page.inner_text("#sk-turn")
        check_page(page, f"skirmish-{name}-turn-2")
