"""The engine's codes in words: a system's catalogue first, the live tables' common one after it."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy

from campaign.lib import engine_words
from campaign.lib.engine_words import COMMON, EngineWords, register_engine_words, say
from referee.engine.live import CommandError
from referee.tables.state import command_error


def test_say_names_parameters_and_falls_back(monkeypatch):
    monkeypatch.setattr(engine_words, "_CATALOGUES", {})
    register_engine_words("toy", EngineWords(
        {"not_yours": gettext_lazy("choose one of your own warriors in play")},
        names=lambda key, value, ctx: ctx["names"].get(value, value) if key == "card" else value))
    register_engine_words(COMMON, EngineWords({"gone": "{card} is gone"}))
    ctx = {"names": {"c7": "Line trooper"}}
    assert say("toy", "gone", {"card": "c7"}, context=ctx) == "c7 is gone"  # the common catalogue's namer
    assert say("toy", "not_yours") == "choose one of your own warriors in play"
    assert say("toy", "unknown", fallback="the engine's words") == "the engine's words"
    assert say("toy", "gone", {}, fallback="fb") == "fb"  # a parameter the engine did not send


def test_command_error_reads_the_catalogue_in_the_readers_language(monkeypatch):
    monkeypatch.setattr(engine_words, "_CATALOGUES", {})
    register_engine_words("toy", EngineWords({"gm_only": gettext_lazy("Only the table's GM may do this.")}))
    error = CommandError("gm_only", "only the table's GM may do this", "warrior")
    with translation.override("en"):
        refused = command_error(error, "toy")
    assert refused.code == "gm_only"
    assert str(refused.detail) == "Only the table's GM may do this."
    assert refused.fields == {"warrior": ["Only the table's GM may do this."]}
