"""The skirmish's rules pack and settings: shipped empty where copyrighted, malformed ones refused by name."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from referee.engine.game_systems import system
from referee.engine.packfiles import PackError, load_pack
from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.skirmish_cards.pack import PACK_DIR, parse_skirmish_files, parse_skirmish_pack
from referee.engine.systems.skirmish_cards.settings import SkirmishSettings
from referee.engine.systems.skirmish_cards.system import SYSTEM


def files() -> dict:
    return {name: json.loads((PACK_DIR / name).read_text()) for name in ("factions.json", "scenarios.json",
                                                                          "tables.json")}


def test_it_loads_the_shipped_pack_through_the_table_of_systems() -> None:
    entry = system("skirmish_cards")
    assert entry.live is SYSTEM and entry.settings is SkirmishSettings and entry.pack_parser is parse_skirmish_pack
    pack = load_pack(PACK_DIR, parser_for=lambda slug: system(slug).pack_parser).typed
    assert set(pack.scenarios) == {"showdown", "haunted_town"} and pack.profiles["scavengers"].hp == 2


@pytest.mark.parametrize(("file", "change", "entry"), [
    ("factions.json", lambda f: f["factions"]["lawmen"].update(colour="green"), "factions.lawmen.colour"),
    ("factions.json", lambda f: f["factions"]["lawmen"]["profiles"]["lawmen_boss"].update(hp=0),
     "factions.lawmen.profiles.lawmen_boss.hp"),
    ("factions.json", lambda f: f["creatures"]["dire_wolf"].update(traits=["shiny"]), "creatures.dire_wolf.traits"),
    ("scenarios.json", lambda f: f["scenarios"]["showdown"]["hand_size"].update(pirates=3),
     "scenarios.showdown.hand_size.pirates"),
    ("scenarios.json", lambda f: f["scenarios"]["haunted_town"]["creatures"][0].update(profile="lawmen_boss"),
     "scenarios.haunted_town.creatures[0].profile"),
    ("tables.json", lambda f: f.update(shooting_results=[{"min": 1, "max": 9, "result": "dead"}]),
     "shooting_results[0].result"),
    ("tables.json", lambda f: f.update(shooting_results=[{"min": 10, "max": 20, "result": "wound"},
                                                         {"min": 5, "max": 9, "result": "miss"}]),
     "shooting_results[1]"),
    ("tables.json", lambda f: f.update(cards={"joker": {"lasts": "forever"}}), "cards.joker.lasts"),
])
def test_it_refuses_a_malformed_pack_naming_the_file_and_entry(file, change, entry) -> None:
    raw = copy.deepcopy(files())
    change(raw[file])
    with pytest.raises(PackError) as refused:
        parse_skirmish_files(raw)
    assert (refused.value.file, refused.value.entry) == (file, entry)


def test_it_refuses_a_pack_missing_a_file() -> None:
    raw = files()
    del raw["tables.json"]
    with pytest.raises(PackError) as refused:
        parse_skirmish_files(raw)
    assert refused.value.file == "tables.json"


def test_a_league_pack_fills_in_the_tables(tmp_path: Path) -> None:
    raw = files()
    raw["tables.json"]["shooting_results"] = [{"min": None, "max": 9, "result": "miss"},
                                              {"min": 10, "max": None, "result": "wound"}]
    pack = parse_skirmish_files(raw)
    assert pack.results == ((None, 9, "miss"), (10, None, "wound"))


def test_every_gap_and_config_item_is_a_setting_with_the_spec_default() -> None:
    s = SkirmishSettings()
    assert (s.deck_numbered_copies, s.first_card_placement, s.removed_card_discard, s.shooting_result_entry,
            s.horse_passengers, s.creature_control, s.reshuffle_on_empty_draw, s.initiative_cards_count_for_draw,
            s.roll_off_die, s.swap_partner, s.out_of_ammo_on) == (1, "simultaneous", "at_once", "manual", 1,
                                                                  "gm_or_house", True, False, "d10", "any", "natural")
    assert s.profile_hp == {} and s.profile_stress == {} and s.hand_size == {}
    assert SkirmishSettings.from_dict(s.to_dict()) == s


@pytest.mark.parametrize(("raw", "field"), [({"horse_passengers": -1}, "horse_passengers"),
                                            ({"first_card_placement": "random"}, "first_card_placement"),
                                            ({"profile_hp": {"x": 0}}, "profile_hp"), ({"nope": 1}, "nope")])
def test_bad_settings_name_the_field(raw, field) -> None:
    with pytest.raises(SettingsInvalid) as refused:
        system("skirmish_cards").read_settings(raw)
    assert refused.value.field == field
