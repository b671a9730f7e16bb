"""The engine's codes in words: one catalogue per game system, registered by its app.

The engine is free of Django and speaks in stable codes with parameters (a refusal, a roll's purpose, an
event, a choice); it names cards, characters, warriors and items by id, never by English text. Each system's
app registers one :class:`EngineWords` in its ``AppConfig.ready`` (``register_engine_words``), and every
place a person reads such a code (the API's ``detail``/``message``, the web pages, notices, PDFs) puts it into
the reader's language with :func:`say`. A code a catalogue misses is a bug: :func:`say` then answers the
engine's own fallback text (English), and the tests that walk the pages in Russian and Czech catch it.

A template names its parameters (``"{card} cannot attack"``); ``names`` turns a parameter's raw value (an id,
a slug, a list of them) into the words shown for it, with whatever context the caller passes (the viewer's
view, the pack): a system decides there how a card id or a weapon slug reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: ``names(key, value, context) -> words`` (return ``value`` unchanged where nothing needs naming).
Namer = Callable[[str, Any, Mapping[str, Any]], Any]


def _as_is(_key: str, value: Any, _context: Mapping[str, Any]) -> Any:
    return value


@dataclass(frozen=True)
class EngineWords:
    """One system's words: each code's template (``gettext_lazy``), and how its parameters are named."""

    messages: Mapping[str, Any]
    names: Namer = _as_is
    extra: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # other word tables by kind


_CATALOGUES: dict[str, EngineWords] = {}


def register_engine_words(system: str, words: EngineWords) -> None:
    """Register ``system``'s catalogue (its slug in ``referee.engine.game_systems``); from an app's ``ready``."""
    _CATALOGUES[system] = words


def engine_words(system: str) -> EngineWords:
    return _CATALOGUES.get(system) or EngineWords({})


def knows(system: str, code: str) -> bool:
    return code in engine_words(system).messages


#: The catalogue of what several systems share (the live tables' mechanism: seats, turns, payloads), asked
#: after the system's own.
COMMON = "live"


def say(system: str, code: str, params: Mapping[str, Any] | None = None, *, fallback: str = "",
        context: Mapping[str, Any] | None = None) -> str:
    """``code`` of ``system`` with ``params`` in the active language; ``fallback`` where the code is unknown."""
    catalogue = engine_words(system)
    template = catalogue.messages.get(code)
    if template is None and system != COMMON:
        catalogue = engine_words(COMMON)
        template = catalogue.messages.get(code)
    if template is None:
        return fallback or code
    ctx = context or {}
    named = {key: catalogue.names(key, value, ctx) for key, value in (params or {}).items()}
    try:
        return str(template).format(**named)
    except (KeyError, IndexError, ValueError):  # a template naming a parameter the engine did not send
        return fallback or str(template)
