"""Every module of the apps is placed in a layer of .importlinter, so a new one cannot slip past it.

The forbidden contracts list the children of ``campaign`` and ``referee`` by name (import-linter has
no "everything but" form). A module added without being listed would be checked by nothing: this
test names it.
"""

from __future__ import annotations

import configparser
import pkgutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_CODE = {"migrations", "templates", "static", "locale"}


def _contracts() -> dict[str, dict[str, set[str]]]:
    parser = configparser.ConfigParser()
    parser.read(ROOT / ".importlinter")
    out: dict[str, dict[str, set[str]]] = {}
    for section in parser.sections():
        if section.startswith("importlinter:contract:"):
            out[section.split(":")[-1]] = {k: set(v.split()) for k, v in parser[section].items()}
    return out


def _children(package: str) -> set[str]:
    path = ROOT / package.replace(".", "/")
    return {f"{package}.{m.name}" for m in pkgutil.iter_modules([str(path)]) if m.name not in NOT_CODE}


def test_it_places_every_module_of_the_referee_on_one_side_of_the_engine() -> None:
    forbidden = _contracts()["engine-pure"]["forbidden_modules"]
    assert _children("referee") - {"referee.engine"} - forbidden == set()


def test_it_places_every_module_of_the_campaign_package_in_a_layer() -> None:
    contracts = _contracts()
    below_lib = contracts["lib-imports-no-app"]["forbidden_modules"]
    core = contracts["league-knows-no-system"]
    placed = core["source_modules"] | core["forbidden_modules"] | {"campaign.lib", "campaign.weekly"}
    placed.add("campaign.envconf")  # the settings' helpers: part of the composition root
    children = _children("campaign")
    assert children - {"campaign.lib"} - below_lib == set()
    assert children - placed == set()


def test_it_keeps_the_referee_below_every_module_of_the_league() -> None:
    forbidden = _contracts()["referee-below-campaign"]["forbidden_modules"]
    assert _children("campaign") - {"campaign.lib"} - forbidden == set()


#: The game systems' apps: independent of each other, below the composition root, unknown to the league core.
SYSTEM_APPS = {"roster", "campaign.weekly", "campaign.tables"}


def test_it_keeps_every_game_system_app_apart_from_the_others_and_from_the_league_core() -> None:
    contracts = _contracts()
    assert contracts["systems-independent"]["modules"] == SYSTEM_APPS
    assert contracts["systems-below-root"]["source_modules"] == SYSTEM_APPS
    assert SYSTEM_APPS | {"referee.engine.systems"} <= contracts["league-knows-no-system"]["forbidden_modules"]
    assert {"campaign.weekly", "campaign.tables"} <= contracts["lib-imports-no-app"]["forbidden_modules"]
    assert {"campaign.weekly", "campaign.tables"} <= contracts["referee-below-campaign"]["forbidden_modules"]


def test_it_finds_every_game_system_app_among_the_apps_of_the_campaign_package() -> None:
    apps = {f"campaign.{p.parent.name}" for p in (ROOT / "campaign").glob("*/apps.py")} - {"campaign.lib"}
    assert apps | {"roster"} == SYSTEM_APPS
