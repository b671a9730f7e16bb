"""The decisions the aftermath opens less easily (the Pit, the Fighting Arena, an exchange of captives, a third
die to drop, an Elf Ranger's +/-1, a new skill), built by the engine's own post-battle code from the warbands
as stored, on the real decisions page in Russian and Czech; and a warband's own rolls (a rare-item search, its
price, a haggle) in the ledger, with words for what each was, labelled as seen by the warband's owner."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from typing import Any

import pytest
from django.test import Client

from campaign.models import Profile
from referee.engine.systems.mordheim.decisions import DecisionRequest, Option, Question
from referee.engine.systems.mordheim.postbattle.advances import skill_options
from referee.engine.systems.mordheim.postbattle.captives import captive_fate_request
from referee.engine.systems.mordheim.postbattle.exploration import explore
from referee.engine.systems.mordheim.postbattle.locations import resolve_location
from referee.engine.systems.mordheim.state import WarbandSnapshot
from roster.bridge.packs import list_of, settings_of, tables_of
from roster.bridge.snapshots import warband_snapshot
from roster.models import Decision, Warband, Warrior
from roster.services.warbands import warband_create
from tests.roster.aftermath.helpers import Fight, fight, queued
from tests.roster.helpers import hire, reikland
from tests.support.dice import DiceScript, ScriptedRoller
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db

NAMES = {"captain": "Клаус", "champion": "Otto", "enemy_captain": "Wolf", "enemy_group": "Волки"}


def _fight(world: World) -> Fight:
    f = fight(world)
    for attr, name in NAMES.items():
        Warrior.objects.filter(pk=getattr(f, attr).pk).update(name=name)
    return f


def _snapshot(warband: Warband) -> WarbandSnapshot:
    warband = Warband.objects.get(pk=warband.pk)
    tables, settings = tables_of(warband.campaign), settings_of(warband.campaign)
    return warband_snapshot(warband, warband_list=list_of(warband), tables=tables, settings=settings)


def _open(f: Fight, request: DecisionRequest, answerer: Any) -> Decision:
    """The engine's request stored as the aftermath stores it, for the page to show."""
    return Decision.objects.create(
        aftermath=queued(f),
        key=request.id,
        kind=request.kind,
        warband_id=int(request.warband),
        chooser=request.chooser,
        answerer=answerer,
        request=request.to_dict(),
    )


def _labels(user: Any, language: str, decision: Decision) -> list[str]:
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    client = Client()
    client.force_login(user)
    page = client.get("/decisions/").content.decode()
    found = re.findall(rf'id="d{decision.pk}-[^"]+" name="q_[^"]+" value="[^"]*"(?: required)?> ([^<]*)</label>', page)
    labels = [unescape(label).strip() for label in found]
    options = [o for q in decision.request["questions"] for o in q["options"]]
    assert labels and not set(labels) & ({o["label"] for o in options} | {o["value"] for o in options}), labels
    assert not any(re.search(r"_|->|CAP|EXP", label) for label in labels), labels
    return labels


def _location(f: Fight, location_id: str, warband: Warband) -> DecisionRequest:
    tables = tables_of(f.battle.campaign)
    location = next(loc for loc in tables.locations.values() if loc.id == location_id)
    _effects, requests, _done = resolve_location(
        location=location,
        warband=_snapshot(warband),
        tables=tables,
        settings=settings_of(f.battle.campaign),
        roller=ScriptedRoller(),
        prefix="test",
    )
    return requests[0]


PIT_AND_ARENA = {
    "ru": (
        ["Послать: Клаус", "Послать: Otto", "Никого не посылать"],
        ["Продать учебник за 100 зк", "Его читает Клаус (Боевые навыки, +1 к максимуму Навыка рукопашной)"],
    ),
    "cs": (
        ["Poslat: Клаус", "Poslat: Otto", "Neposlat nikoho"],
        ["Prodat příručku za 100 zk", "Přečte ji Клаус (bojové dovednosti, +1 k maximu Kontaktního boje)"],
    ),
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_the_pit_and_the_fighting_arena_offer_the_heroes_by_name(world: World, language: str) -> None:
    f = _fight(world)
    pit = _open(f, _location(f, "EXP_THE_PIT", f.reavers), world.bob)
    arena = _open(f, _location(f, "EXP_FIGHTING_ARENA", f.reavers), world.bob)
    sends, reads = PIT_AND_ARENA[language]
    assert _labels(world.bob, language, pit) == sends
    assert _labels(world.bob, language, arena)[:2] == reads


def test_mh_inj_h_20_an_exchange_names_the_captive_given_back(world: World) -> None:
    f = _fight(world)
    Warrior.objects.filter(pk=f.enemy_captain.pk).update(flags={"captive_of": str(f.raiders.pk)})
    # The Reavers hold the Raiders' captain; the Raiders took the Reavers' champion.
    Warrior.objects.filter(pk=f.enemy_captain.pk).update(warband=f.reavers)
    request = captive_fate_request(
        warbands=(_snapshot(f.reavers), _snapshot(f.raiders)),
        tables=tables_of(f.battle.campaign),
        owner=str(f.raiders.pk),
        hero=str(f.champion.pk),
        captor=str(f.reavers.pk),
        id="test:fate",
    )
    fate = _open(f, request, world.bob)
    assert "Обменять его на Wolf" in _labels(world.bob, "ru", fate)


DICE = {
    "ru": (["Кубик 1: выпало 4", "Кубик 2: выпало 2", "Кубик 3: выпало 6", "Кубик 4: выпало 1"], "Кубик 1: 4 станет 3"),
    "cs": (
        ["Kostka 1: padla 4", "Kostka 2: padla 2", "Kostka 3: padla 6", "Kostka 4: padla 1"],
        "Kostka 1: z 4 bude 3",
    ),
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_mh_inc_03_and_04_the_dice_to_keep_and_to_change_by_number_and_face(world: World, language: str) -> None:
    f = _fight(world)
    tables, settings = tables_of(f.battle.campaign), settings_of(f.battle.campaign)
    warband = replace(_snapshot(f.reavers), exploration_adjusts=("elf_ranger",))
    heroes = [w for w in warband.warriors if w.is_hero]

    def first_decision(faces: list[int], searchers: list[Any], straggler: bool = True) -> DecisionRequest:
        _record, _effects, requests, _over = explore(
            warband=replace(warband, straggler_extra_die=straggler),
            searchers=searchers,
            won=True,
            tables=tables,
            settings=settings,
            roller=ScriptedRoller(faces),
            prefix="test",
        )
        return requests[0]

    keep = _open(f, first_decision([4, 2, 6, 1], heroes), world.bob)  # two Heroes, the win, the Straggler's die
    adjust = _open(f, first_decision([4, 2], heroes[:1], straggler=False), world.bob)
    faces, change = DICE[language]
    assert keep.kind == "exploration_keep" and _labels(world.bob, language, keep) == faces
    assert adjust.kind == "exploration_adjust" and change in _labels(world.bob, language, adjust)


def test_mh_skl_01_and_03_a_new_skill_by_its_name_and_list_and_the_skill_it_clashes_with(world: World) -> None:
    f = _fight(world)
    tables, settings = tables_of(f.battle.campaign), settings_of(f.battle.campaign)
    warband = _snapshot(f.reavers)
    hero = next(w for w in warband.warriors if w.id == str(f.champion.pk))
    hero = replace(hero, skills=("quick_shot",), skill_lists=("combat", "shooting", "speed"))
    options = skill_options(hero, warband, tables, replace(settings, allow_incompatible_skills=True))
    request = DecisionRequest("test:skill", "skill", warband.id, hero.id, "player", "MH-SKL-01", ())
    decision = _open(f, replace(request, questions=(Question("choice", tuple(options)),)), world.bob)
    labels = _labels(world.bob, "ru", decision)

    def ru(skill_id: str) -> str:
        name = tables.skills[skill_id].ru
        return name.capitalize() if name.isupper() else name

    first = tables.skills[options[0].value]
    assert labels[0] == f"{ru(first.id)} ({'Боевые навыки' if first.list == 'combat' else first.list})", labels
    nimble = next(label for o, label in zip(options, labels, strict=True) if o.value == "nimble")
    assert nimble == f"{ru('nimble')} (Стрелковые навыки) · нельзя использовать вместе с {ru('quick_shot')}"


def test_mh_trd_02_a_warbands_own_rolls_in_words_seen_by_its_owner(world: World, dice: DiceScript) -> None:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": True}
    world.campaign.save()
    open_week(world.campaign)
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    Warrior.objects.filter(pk=captain.pk).update(name="Клаус", skills=["haggle"])
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)
    dice.then(6, 6, 3, 4, 2, 2)  # found on 12; price 20 + 7; haggled 4 off
    api = world.client(world.bob)
    for command, data in (
        ("search", {"warrior": captain.pk, "item": "healing_herbs"}),
        ("buy", {"item": "healing_herbs", "haggler": captain.pk}),
    ):
        assert api.post(f"/api/v1/warbands/{warband.pk}/{command}/", data, format="json").status_code == 200
    Profile.objects.update_or_create(user=world.bob, defaults={"language": "ru"})
    client = Client()
    client.force_login(world.bob)
    page = unescape(client.get("/dice/").content.decode())
    rows = re.findall(r"<tr><td>[^<·]*· ([^<]*)</td>.*?<td>([^<]*)</td>\s*<td>\d+ \w+, \d\d:\d\d</td></tr>", page, re.S)
    seen = "Владелец отряда, организатор и ведущий"
    assert [label for label, _who in rows] == ["Торг о цене", "Цена: Целебные травы", "Клаус ищет Целебные травы"]
    assert {who for _label, who in rows} == {seen}


def test_mh_adv_k_05_the_lads_got_talent_offers_the_warbands_own_skill_list_by_name(world: World) -> None:
    f = _fight(world)
    skaven = warband_create(campaign=world.campaign, owner=world.bob, list_slug="skaven_eshin", name="Eshin")
    hire(skaven, "assassin_adept")
    group = hire(skaven, "verminkin", count=2)
    snapshot = _snapshot(skaven)
    # The engine's question (postbattle/advances.py, _talent): two of the warband's hero skill lists.
    lists = tuple(Option(sl, sl) for sl in snapshot.hero_skill_lists)
    request = DecisionRequest(
        "test:talent",
        "lads_got_talent",
        snapshot.id,
        str(group.pk),
        "player",
        "MH-ADV-K-05",
        (Question("choice", lists, 2),),
    )
    talent = _open(f, request, world.bob)
    labels = _labels(world.bob, "ru", talent)
    assert labels == [
        "Боевые навыки",
        "Стрелковые навыки",
        "Навыки Знаний",
        "Навыки Силы",
        "Навыки Скорости",
        "Навыки скавенов",
    ], labels
