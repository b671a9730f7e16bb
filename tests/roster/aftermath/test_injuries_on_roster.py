"""Injuries reach the roster (MH-INJ-H-*): each lasting result on the warrior with its effect and battle,
in the API, the web page and the printable sheet; a dead warrior keeps his name, record and history."""

from __future__ import annotations

import pytest
from django.test import Client

from campaign.models import CampaignEvent
from roster.aftermath.run import aftermath_run
from roster.documents.cache import RosterDocument, roster_document
from roster.models import Warrior
from roster.web.views import roster_context
from tests.roster.aftermath.helpers import Fight, fight, queued
from tests.support.dice import DiceScript
from tests.support.world import World

pytestmark = pytest.mark.django_db


def run(f: Fight) -> None:
    aftermath_run(aftermath_id=queued(f).pk)


def _document(f: Fight) -> RosterDocument:
    return roster_document(viewer=f.reavers.owner, warband_id=f.reavers.pk)


def roster(world: World, f: Fight) -> dict:
    return world.client(world.bob).get(f"/api/v1/warbands/{f.reavers.pk}/").json()


def test_mh_inj_h_14_a_hand_injury_is_on_the_warrior_with_its_effect_and_battle(world: World, dice: DiceScript) -> None:
    f = fight(world)
    ws = f.champion.profile["WS"]
    dice.then(3, 4)  # the champion's D66: 34, Hand Injury
    run(f)
    champion = Warrior.objects.get(pk=f.champion.pk)
    assert champion.profile["WS"] == ws - 1
    [row] = next(w for w in roster(world, f)["warriors"] if w["id"] == f.champion.pk)["injuries"]
    assert (row["result"], row["name"], row["rule"]) == ("INJ_HAND_INJURY", "Hand Injury", "MH-INJ-H-14")
    assert row["effect"] == "Weapon Skill −1."
    assert (row["battle"], row["week"], row["roll"]) == (f.battle.pk, f.week.number, 34)
    page = next(r for r in roster_context(_document(f))["warriors"] if r["w"]["id"] == f.champion.pk)
    assert page["injuries"] == ["Hand Injury (Weapon Skill −1.)"]  # the web page and the PDF show it too
    browser = Client()
    browser.force_login(world.bob)
    html = browser.get(f"/warbands/{f.reavers.pk}/")
    assert "Hand Injury (Weapon Skill −1.)" in html.content.decode()


def test_mh_inj_h_03_each_of_multiple_injuries_is_recorded(world: World, dice: DiceScript) -> None:
    f = fight(world)
    dice.then(1, 6, 2, 2, 2, 2, 6, 1)  # 16 Multiple Injuries; D6 2 more: 22 Leg Wound, 26 Chest Wound; enemy D6 1
    run(f)
    results = [i["result"] for i in Warrior.objects.get(pk=f.champion.pk).injuries]
    assert results == ["INJ_LEG_WOUND", "INJ_CHEST_WOUND"]


def test_mh_inj_h_02_a_dead_hero_keeps_his_name_record_and_history(world: World, dice: DiceScript) -> None:
    f = fight(world)
    dice.then(1, 1)  # 11: Dead
    run(f)
    body = roster(world, f)
    assert f.champion.pk not in [w["id"] for w in body["warriors"]]
    [fallen] = body["fallen"]
    assert (fallen["id"], fallen["name"], fallen["status"]) == (f.champion.pk, f.champion.name, "dead")
    assert [i["result"] for i in fallen["injuries"]] == ["INJ_DEAD"]
    death = CampaignEvent.objects.get(kind="death")
    assert (death.warband_id, death.payload["name"], death.payload["warrior"]) == (
        f.reavers.pk,
        f.champion.name,
        f.champion.pk,
    )
    assert death.payload["rule"] == "MH-INJ-H-02"
    timeline = (
        world.client(world.carol)
        .get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?warband={f.reavers.pk}&kind=death")
        .json()["results"]
    )
    assert [(e["warrior"], e["warband"]) for e in timeline] == [(f.champion.pk, f.reavers.pk)]
    assert f.champion.name in timeline[0]["summary"]
    history = world.client(world.bob).get(f"/api/v1/warbands/{f.reavers.pk}/history/").json()
    assert any(h["id"] == f.champion.pk and h["what"] == "warrior" for h in history)
    assert f.champion.name in roster_context(_document(f))["fallen"][0]["w"]["name"]


def test_injury_and_advance_events_carry_the_warband_and_the_warrior(world: World, dice: DiceScript) -> None:
    f = fight(world)
    dice.then(3, 4)
    run(f)
    for kind in ("injury",):
        event = CampaignEvent.objects.filter(kind=kind, payload__warrior=f.champion.pk).get()
        assert event.warband_id == f.reavers.pk
        assert event.payload["name"] == f.champion.name
    assert not CampaignEvent.objects.filter(kind__in=["injury", "death", "advance"], warband__isnull=True).exists()


def test_mh_inj_h_14_every_reader_names_the_injury_the_same_way_never_by_its_id(
    world: World, dice: DiceScript
) -> None:
    """The API's timeline, the web timeline, the roster (API, page, sheet) all take the name from one function."""
    from django.utils import translation
    from django.utils.html import strip_tags

    f = fight(world)
    dice.then(3, 4)  # 34: Hand Injury
    run(f)
    timeline = (
        world.client(world.carol)
        .get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?kind=injury")
        .json()["results"]
    )
    summary = next(e["summary"] for e in timeline if e["warrior"] == f.champion.pk)
    assert "Hand Injury" in summary and "INJ_" not in summary
    browser = Client()
    browser.force_login(world.carol)
    page = strip_tags(browser.get(f"/campaigns/{world.campaign.pk}/").content.decode())  # names are links
    assert f"{f.champion.name} suffered Hand Injury: -1 Weapon Skill." in page
    assert "INJ_HAND_INJURY" not in page
    with translation.override("ru"):
        [line] = next(r for r in roster_context(_document(f))["warriors"] if r["w"]["id"] == f.champion.pk)["injuries"]
    assert "INJ_" not in line and "Hand Injury" not in line  # the pack's Russian name


def test_mh_inj_k_02_a_surviving_group_says_how_many_models_it_lost(world: World, dice: DiceScript) -> None:
    f = fight(world)
    dice.then(5, 5, 1)  # the champion's D66 55 (full recovery); the one Raider model down rolls 1: removed
    run(f)
    body = world.client(world.carol).get(f"/api/v1/warbands/{f.raiders.pk}/").json()
    group = next(w for w in body["warriors"] if w["id"] == f.enemy_group.pk)
    assert group["count"] == 1  # one of two models is left: the group survives
    [row] = group["injuries"]
    assert (row["result"], row["name"]) == ("HINJ_REMOVED", "1 model removed for good (dead, crippled or deserted)")
