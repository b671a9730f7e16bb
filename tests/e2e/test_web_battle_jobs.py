"""A Mordheim battle's jobs in a real browser, at 390x844 and 1280x800, each as the person who does it: a player
rolls the pre-battle sequence and chooses the scenario (MH-SCN-01), a player reports a battle with Henchmen
models out of action and who took them, and the organiser settles a disputed report with a reason."""

from __future__ import annotations

from typing import Any

import pytest

from roster.battles.reports import battle_dispute, battle_report
from roster.models import Battle, BattleReport
from tests.e2e.conftest import check_page, log_in
from tests.support.dice import DiceScript
from tests.support.league import League, pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(new_page: Any, url: str, who: str) -> Any:
    page = new_page()
    log_in(page, url, who)
    page.wait_for_selector("text=Your campaigns")
    return page


def test_mh_scn_01_a_player_rolls_the_pre_battle_sequence_and_chooses_the_scenario(
    live_server: Any, new_page: Any, league: League, dice: DiceScript
) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    bob = _open(new_page, live_server.url, "bob")
    bob.click("main a:has-text('Mordheim league')")
    bob.wait_for_selector("text=Next battle")
    bob.locator(f"main a[href='/battles/{battle.pk}/']").first.click()
    bob.wait_for_selector("#pre-h")
    check_page(bob, "prebattle-to-roll")
    dice.then(1, 1)  # 2 on the scenario table: the lower-rated warband (Bob's) chooses
    bob.click("text=Roll the pre-battle sequence")
    bob.wait_for_selector("text=The pre-battle sequence is rolled.")
    assert "Bob's Reiklanders rolled 2 on the scenario table" in bob.inner_text("#prebattle")
    assert "Everybody can take part." in bob.inner_text("#prebattle")
    check_page(bob, "prebattle-choose")
    bob.check("#prebattle label:has-text('Street Fight') input")
    bob.click("#prebattle button:has-text('Choose')")
    bob.wait_for_selector("text=Choice made.")
    text = bob.inner_text("#prebattle")
    assert "Scenario: Street Fight" in text and "Takes the first turn:" in text
    assert "Choose the scenario" not in text
    check_page(bob, "prebattle-done")
    battle.refresh_from_db()
    assert (battle.scenario, battle.status) == ("street_fight", Battle.Status.READY)


def test_a_player_reports_henchmen_models_out_of_action_and_who_took_them(
    live_server: Any, new_page: Any, league: League
) -> None:
    battle = pair(league.week, league.bobs, league.carols, league.world.alice)
    rats = league.carols.warriors.get(kind="henchman")
    captain = league.bobs.warriors.get(is_leader=True)
    bob = _open(new_page, live_server.url, "bob")
    bob.goto(f"{live_server.url}/battles/{battle.pk}/")
    bob.wait_for_selector("#send-h")
    assert bob.locator(f"input[name^='ooa_{rats.pk}_']").count() == rats.count  # a box per model of the group
    check_page(bob, "report-form")
    bob.check(f"#report-win-{league.bobs.pk}")
    bob.check(f"#report-ooa-{rats.pk}_1")
    bob.select_option(f"#report-by-{rats.pk}_1", str(captain.pk))
    bob.check(f"#report-ooa-{rats.pk}_2")
    bob.check(f"#report-ooa-{rats.pk}_4")
    bob.select_option(f"#report-by-{rats.pk}_4", str(captain.pk))
    bob.click("text=Send the report")
    bob.wait_for_selector("text=Report sent: your opponent is asked to confirm it.")
    lines = bob.inner_text("#report-h + p + ul")
    assert lines.count(f"{rats.name} out of action, by {captain.name}") == 2
    assert lines.count(f"{rats.name} out of action") == 3
    check_page(bob, "report-sent")
    report = BattleReport.objects.get(battle=battle)
    assert [o["victim"] for o in report.data["out_of_action"]] == [str(rats.pk)] * 3


def test_the_organiser_settles_a_disputed_report_with_a_reason(
    live_server: Any, new_page: Any, league: League
) -> None:
    world = league.world
    battle = pair(league.week, league.bobs, league.carols, world.alice)
    battle_report(battle=battle, actor=world.bob, data={"winner": league.bobs.pk, "scenario": "skirmish"})
    battle_dispute(battle=battle, actor=world.carol, reason="Carol's warband held the field")
    alice = _open(new_page, live_server.url, "alice")
    alice.goto(f"{live_server.url}/battles/{battle.pk}/")
    alice.wait_for_selector("#settle-h")
    assert "Carol's warband held the field" in alice.inner_text("main")
    check_page(alice, "settle-form")
    alice.click("#settle-h ~ form button:has-text('Settle and confirm')")  # without a reason the browser stops it
    assert Battle.objects.get(pk=battle.pk).status == Battle.Status.DISPUTED
    alice.fill("#settle-reason", "Both agreed at the table that Carol won")
    alice.check("#settle-fix")
    alice.click("text=The corrected report")
    alice.check(f"#s-win-{league.carols.pk}")
    alice.click("text=Settle and confirm")
    alice.wait_for_selector("text=Report settled and confirmed")
    assert "Settle the report" not in alice.inner_text("main")
    assert f"{league.carols.name} won" in alice.inner_text("h1 + p")
    check_page(alice, "settled")
    battle.refresh_from_db()
    assert battle.result == "b" and battle.status in (Battle.Status.CONFIRMED, Battle.Status.RESOLVED)
