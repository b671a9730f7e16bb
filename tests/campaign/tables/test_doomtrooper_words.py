"""Doomtrooper's catalogue (#21 item 3): every code the engine raises or logs has words in English, Russian and
Czech, parameters are named (cards by their names in the reader's language, a card the viewer does not know as
face-down), and the page's log has a sentence for every event a played game shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from campaign.lib.engine_words import knows, say
from campaign.tables.words.doomtrooper import COMMANDS, EVENTS, SYSTEM
from referee.engine.systems.doomtrooper.commands import TYPES

ENGINE = Path(__file__).resolve().parents[3] / "referee" / "engine" / "systems" / "doomtrooper"
RAISED = sorted({m for f in ENGINE.glob("*.py") for m in re.findall(r'fail\(\s*"([a-z_]+)"', f.read_text())})
LOGGED = sorted(
    {m for f in ENGINE.glob("*.py") for m in re.findall(r'(?:public|private)\(\s*"([a-z_.]+)"', f.read_text())}
    | {"equipped", "gift_granted"}
)  # the attach events' codes come as a parameter (actions._attach)


def test_the_engine_raises_and_logs_codes_the_scan_finds() -> None:
    assert len(RAISED) > 40 and "not_enough_fate" in RAISED and "conceded" in RAISED
    assert "deployed" in LOGGED and "killed" in LOGGED


@pytest.mark.parametrize("code", RAISED)
def test_every_refusal_has_words(code: str) -> None:
    assert knows(SYSTEM, code), f"the Doomtrooper catalogue has no words for the refusal {code}"


@pytest.mark.parametrize("code", LOGGED)
def test_every_event_has_a_sentence(code: str) -> None:
    assert code in EVENTS, f"the Doomtrooper catalogue has no sentence for the event {code}"


def test_every_command_kind_has_a_label() -> None:
    assert set(TYPES) <= set(COMMANDS)


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_words_are_translated(lang: str) -> None:
    """Every refusal, sentence and label reads differently from the English in Russian and in Czech."""
    from campaign.tables.words.doomtrooper import CHOICES, FIELDS, REFUSALS

    same = []
    for table in (REFUSALS, EVENTS, COMMANDS, FIELDS, CHOICES):
        for code, text in table.items():
            with translation.override("en"):
                english = str(text)
            with translation.override(lang):
                if str(text) == english:
                    same.append(code)
    assert same == [], f"not translated into {lang}: {same}"


def test_cards_read_by_their_names_in_the_readers_language_and_unknown_ones_face_down() -> None:
    params = {"seat": "s1", "card": {"handle": "h1", "card": "legion_necromutant"}, "paid": 3}
    context = {"usernames": {"s1": "bob"}}
    with translation.override("en"):
        assert say(SYSTEM, "event.deployed", params, context=context) == "bob deployed Necromutant for 3 fate points."
        hidden = say(SYSTEM, "event.deployed_into_cover", {"seat": "s1", "card": {"handle": "h2"}}, context=context)
        assert hidden == "bob deployed a face-down card into cover."
    with translation.override("ru"):
        assert "Некромутант" in say(SYSTEM, "event.deployed", params, context=context)
    with translation.override("cs"):
        assert "Nekromutant" in say(SYSTEM, "event.deployed", params, context=context)
        refusal = say(SYSTEM, "not_enough_fate", {"card": "veteran_captain", "cost": 6, "bank": 5})
        assert "Kapitán veterán" in refusal and "6" in refusal and "5" in refusal
