"""A whole Doomtrooper game on two phones at 390 px, through the pages alone (#25 item 7, #21 "done when"): Bob
plays in English, Carol in Russian. Every card is chosen from a list of the legal ones, by its name; the game
ends by the rules (both libraries reported empty, DT-END-01) with Bob ahead on victory points. On every screen
the page shows no card slug, engine code or rule ID as words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.table_models import TableSession
from tests.e2e.conftest import check_page, log_in
from tests.support.words_check import assert_words_only
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CARDS = Path(__file__).resolve().parents[2] / "fixtures" / "doomtrooper" / "cards.json"
SLUGS = [c["slug"] for c in json.loads(CARDS.read_text())["cards"]]


def _check(page: Any, where: str) -> None:
    assert_words_only(page, slugs=SLUGS, where=where)


def _choose(form: Any, name: str, value: str | None = None, label: str | None = None) -> None:
    """Pick ``value``, or the option whose words contain ``label``, in the field's list (never typed)."""
    select = form.locator(f"select[name={name}]")
    if value is not None:
        select.select_option(value)
        return
    options = select.locator("option").all_inner_texts()
    matching = [o for o in options if label and label in o]
    assert matching, f"{name}: no option with {label!r} among {options}"
    select.select_option(label=matching[0])


def _act(page: Any, kind: str, where: str, **fields: Any) -> None:
    """Send the command ``kind`` from its form, each field chosen from its list (a number typed where the
    player reports one), then check the page that follows."""
    form = page.locator(f"#cmd-{kind}")
    form.wait_for(timeout=15000)
    for name, value in fields.items():
        if isinstance(value, dict):
            _choose(form, name, **value)
        else:
            form.locator(f"[name={name}]").fill(str(value))
    with page.expect_navigation():
        form.locator("button[type=submit]").last.click()
    _check(page, where)


def _turn_to(page: Any, kind: str) -> None:
    """Wait until ``kind`` is offered on this phone (its page refreshes itself; a reload makes it quicker)."""
    page.reload()
    page.locator(f"#cmd-{kind}").wait_for(timeout=15000)


def test_two_phones_play_a_whole_doomtrooper_game_in_english_and_in_russian(
    live_server: Any, person: Any, world: World
) -> None:
    url = live_server.url
    bob, carol = person("en-GB"), person("ru-RU")
    for page, name in ((bob, "bob"), (carol, "carol")):
        log_in(page, url, name)
        page.wait_for_load_state()

    bob.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    with bob.expect_navigation():
        bob.click("text=Open a Doomtrooper table")
    table = TableSession.objects.get(campaign=world.campaign).pk
    _check(bob, "bob: table opened")

    carol.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    _check(carol, "carol: the tables")
    with carol.expect_navigation():
        carol.locator(f"form[action='/tables/{table}/join/'] button").click()
    _check(carol, "carol: seated")

    bob.reload()
    bob.select_option("#start-first", "s1")
    with bob.expect_navigation():
        bob.click("text=Start the game")
    _check(bob, "bob: started")

    # Turn 1, Bob: report the draw, deploy a Line trooper chosen by its name from the warriors he can pay for.
    _act(bob, "report_draw", "bob: drew", hand_count=7)
    deployable = bob.locator("#cmd-deploy select[name=slug] option").all_inner_texts()
    assert "Line trooper" in deployable and "Veteran captain" not in deployable  # 6 FP: more than his 5
    assert "Combat blade" not in deployable  # equipment is not deployed
    _act(bob, "deploy", "bob: deployed", slug={"label": "Line trooper"})
    assert "Line trooper" in bob.inner_text("#board") and "fate 2" in bob.inner_text("#counters")
    check_page(bob, "dt-game-bob-deployed")
    _act(bob, "end_actions", "bob: actions ended")
    _act(bob, "end_turn", "bob: turn ended")

    # Turn 1, Carol (in Russian): a Necromutant.
    _turn_to(carol, "report_draw")
    assert "Линейный солдат" in carol.inner_text("#board")  # Bob's card by its Russian name
    _act(carol, "report_draw", "carol: drew", hand_count=7)
    _act(carol, "deploy", "carol: deployed", slug={"label": "Некромутант"})
    check_page(carol, "dt-game-carol-deployed")
    _act(carol, "end_actions", "carol: actions ended")
    _act(carol, "end_turn", "carol: turn ended")

    # Turn 2, Bob attacks in a fight: 4 against armour 4 and 5 against armour 4, both warriors are wounded.
    _turn_to(bob, "report_draw")
    _act(bob, "report_draw", "bob: drew again", hand_count=7)
    attackers = bob.locator("#cmd-attack select[name=attacker] option").all_inner_texts()
    assert len(attackers) == 1 and "Line trooper" in attackers[0]  # his own warrior only
    _act(
        bob,
        "attack",
        "bob: attacked",
        attacker={"label": "Line trooper"},
        defender={"label": "Necromutant"},
        tactic={"value": "fight"},
    )
    assert "Your move." in bob.inner_text("#whose-move")
    _act(bob, "pass", "bob: passed")
    _turn_to(carol, "pass")
    _act(carol, "pass", "carol: passed")
    assert carol.inner_text("#board").count("ранен") >= 2
    bob.reload()
    _act(bob, "end_turn", "bob: second turn ended")

    # Turn 2, Carol shoots: her 3 misses armour 4, the trooper's 5 kills the wounded Necromutant; Bob scores 3.
    _turn_to(carol, "report_draw")
    _act(carol, "report_draw", "carol: drew again", hand_count=7)
    _act(
        carol,
        "attack",
        "carol: attacked",
        attacker={"label": "Некромутант"},
        defender={"label": "Линейный солдат"},
        tactic={"value": "shoot"},
    )
    _act(carol, "pass", "carol: passed in her attack")
    _turn_to(bob, "pass")
    _act(bob, "pass", "bob: passed in her attack")
    _turn_to(bob, "answer")
    _act(bob, "answer", "bob: points split", decision={"label": "3"}, vp=3)
    assert "victory points 3" in bob.inner_text("#counters")

    # The end by the rules: both libraries reported empty; the higher victory points win.
    _turn_to(carol, "report_library_empty")
    _act(carol, "report_library_empty", "carol: library empty")
    bob.reload()
    _act(bob, "report_library_empty", "bob: library empty")
    assert "bob wins" in bob.inner_text("#outcome")
    carol.reload()
    assert "bob" in carol.inner_text("#outcome") and "Игра окончена" in carol.inner_text("main")
    _check(carol, "carol: the end")
    check_page(carol, "dt-game-carol-the-end")
