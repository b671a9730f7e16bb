"""The decisions page and the roll ledger speak the reader's language (issue #13): each Mordheim decision made by
the real aftermath shows its options in Russian and Czech with names, never the engine's English labels, ids or
slugs; its rolls are labelled in words; and a roll of a private roster is labelled by the party that sees it,
not "GM only"."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from campaign.models import Profile
from referee.models import LedgerEntry
from roster.aftermath.run import aftermath_run
from roster.models import Decision, Warband, Warrior
from tests.roster.aftermath.helpers import Fight, fight, queued
from tests.support.dice import DiceScript
from tests.support.world import World

pytestmark = pytest.mark.django_db

_OPTION = r'id="d{pk}-[^"]+" name="q_[^"]+" value="[^"]*"(?: required)?> ([^<]*)</label>'
_ROLL = re.compile(r"<tr><td>[^<·]*· ([^<]*)</td>")
_SEEN = re.compile(r"<td>([^<]*)</td>\s*<td>\d+ \w+, \d\d:\d\d</td></tr>")


def _as(user: Any, language: str) -> Client:
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    client = Client()
    client.force_login(user)
    return client


def _options(page: str, decision: Decision) -> list[str]:
    """The labels of one decision's options, as the page shows them."""
    return [unescape(label).strip() for label in re.findall(_OPTION.format(pk=decision.pk), page)]


def _decision(kind: str) -> Decision:
    return Decision.objects.get(kind=kind, answered_at=None)


def _fight(world: World) -> Fight:
    """The helpers' fight, its warriors given names (hired ones are named after their type's slug)."""
    f = fight(world)
    for warrior, name in (
        (f.captain, "Клаус"),
        (f.champion, "Otto"),
        (f.enemy_captain, "Wolf"),
        (f.enemy_group, "Волки"),
    ):
        Warrior.objects.filter(pk=warrior.pk).update(name=name)
        warrior.name = name
    return f


def _engine_words(decision: Decision) -> set[str]:
    """What the engine wrote into the request: its English labels and the values (ids, slugs)."""
    options = [o for q in decision.request["questions"] for o in q["options"]]
    return {o["label"] for o in options} | {o["value"] for o in options}


def _no_engine_words(decision: Decision, labels: list[str]) -> None:
    assert labels and not set(labels) & _engine_words(decision), labels
    assert not any(re.search(r"CAP_|EXP_|_|->", label) for label in labels), labels


CAPTIVE = {
    "ru": ["Выкупить его по цене захватившего", "Продать его работорговцам (D6×5 зк)"],
    "cs": ["Vykoupit ho za cenu, kterou určí věznitel", "Prodat ho otrokářům (D6×5 zk)"],
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_mh_inj_h_20_the_captors_choices_in_the_captors_language(world: World, dice: DiceScript, language: str) -> None:
    f = _fight(world)
    dice.then(6, 1)  # the champion's D66: 61, Captured, by the Raiders
    aftermath_run(aftermath_id=queued(f).pk)
    fate = _decision("captive_fate")
    page = _as(world.carol, language).get("/decisions/").content.decode()
    labels = _options(page, fate)
    assert labels == CAPTIVE[language]
    assert f.champion.name in unescape(page)  # whose fate: by name
    _no_engine_words(fate, labels)


def test_mh_inj_h_18_a_hatred_target_is_chosen_among_the_enemy_by_name(world: World, dice: DiceScript) -> None:
    f = _fight(world)
    dice.then(5, 6, 1)  # the champion's D66: 56, Bitter Enmity; D6 1: the one who hurt him, unknown here
    aftermath_run(aftermath_id=queued(f, out_of_action=[{"victim": str(f.champion.pk), "by": None}]).pk)
    hatred = _decision("hatred_target")
    page = _as(world.bob, "cs").get("/decisions/").content.decode()
    labels = _options(page, hatred)
    assert sorted(labels) == sorted([f.enemy_captain.name, f.enemy_group.name])
    assert "Koho nenávidí" in page
    _no_engine_words(hatred, labels)


EXPLORATION = {
    "ru": [
        "Перебросить кубик 1 (выпало 2)",
        "Перебросить кубик 2 (выпало 3)",
        "Перебросить кубик 3 (выпало 5)",
        "Оставить кубики как есть",
    ],
    "cs": [
        "Přehodit kostku 1 (padla 2)",
        "Přehodit kostku 2 (padla 3)",
        "Přehodit kostku 3 (padla 5)",
        "Nechat kostky, jak padly",
    ],
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_mh_inc_04_the_exploration_re_roll_names_each_die_in_the_players_language(
    world: World, dice: DiceScript, language: str
) -> None:
    f = _fight(world)
    Warband.objects.filter(pk=f.reavers.pk).update(flags={"catacomb_entrance": True})
    dice.then(2, 3, 5)  # the Reavers' three exploration dice (two Heroes and the win), no injury to roll
    aftermath_run(aftermath_id=queued(f, out_of_action=[]).pk)
    reroll = _decision("exploration_reroll")
    labels = _options(_as(world.bob, language).get("/decisions/").content.decode(), reroll)
    assert labels == EXPLORATION[language]
    _no_engine_words(reroll, labels)


def test_inc_08_the_well_is_drunk_by_a_hero_named_and_the_ledger_says_what_each_roll_was(
    world: World, dice: DiceScript
) -> None:
    f = _fight(world)
    dice.then(1, 1, 2)  # the Reavers' exploration dice: a double 1, the Well
    aftermath_run(aftermath_id=queued(f, out_of_action=[]).pk)
    well = _decision("well_hero")
    bob = _as(world.bob, "ru")
    page = bob.get("/decisions/").content.decode()
    labels = _options(page, well)
    assert sorted(labels) == sorted([f.captain.name, f.champion.name]) and "Кто пьёт из колодца" in page
    _no_engine_words(well, labels)
    ledger = unescape(bob.get("/dice/").content.decode())
    rolls = _ROLL.findall(ledger)
    assert f"Исследование: кубики отряда {f.reavers.name}" in rolls, rolls
    stored = set(LedgerEntry.objects.values_list("label", flat=True))
    assert not set(rolls) & stored and not any("exploration" in r for r in rolls), rolls
    assert LedgerEntry.objects.filter(label=f"{f.reavers.pk} exploration").exists()  # the stored label is kept


def _private(f: Fight) -> None:
    campaign = f.battle.campaign
    campaign.settings = {**campaign.settings, "rosters_private": True}
    campaign.save(update_fields=["settings"])


@pytest.mark.parametrize(
    ("language", "seen"),
    [
        ("en", "The two players, the organiser and the GM"),
        ("ru", "Оба игрока, организатор и ведущий"),
        ("cs", "Oba hráči, organizátor a vypravěč"),
    ],
)
def test_a_private_rosters_aftermath_rolls_are_labelled_by_the_two_players_who_see_them(
    world: World, language: str, seen: str
) -> None:
    f = _fight(world)
    _private(f)
    aftermath_run(aftermath_id=queued(f).pk)
    assert LedgerEntry.objects.filter(stream__key__contains=":party:battle:", visibility="gm").exists()
    for player in (world.bob, world.carol):
        page = unescape(_as(player, language).get("/dice/").content.decode())
        labels = set(_SEEN.findall(page))
        assert labels == {seen}, labels  # never the stored visibility's "GM only" ("Только ведущему", ...)


@pytest.mark.parametrize(
    "faces",
    [
        (1, 6, 2, 2, 2, 2, 6, 1),  # 16 Multiple Injuries: D6 2 more, 22 and 26; the enemy henchman's D6
        (6, 5),  # 65 Sold to the Pits: the roll-off for the charge
        (3, 1),  # 31 Blinded in One Eye: which eye
        (3, 5),  # 35 Deep Wound: the games missed
        (6, 1),  # 61 Captured
    ],
)
def test_every_roll_of_an_aftermath_is_in_words_in_the_ledger(world: World, dice: DiceScript, faces: tuple) -> None:
    f = _fight(world)
    dice.then(*faces)
    aftermath_run(aftermath_id=queued(f).pk)
    page = unescape(_as(world.bob, "ru").get("/dice/").content.decode())
    rolls = _ROLL.findall(page)
    stored = set(LedgerEntry.objects.values_list("label", flat=True))
    assert len(rolls) == LedgerEntry.objects.count() > 2
    assert not set(rolls) & stored and not any("Бросок по правилам" in r for r in rolls), rolls
    assert any(f.champion.name in r for r in rolls), rolls
