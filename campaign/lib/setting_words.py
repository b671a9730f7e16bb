"""The words of settings: one catalogue per game system (and the league's), registered by its app.

The engine declares each setting (kind, default, bounds, choices as codes: the one settings
base, :mod:`referee.engine.system_settings`); a catalogue gives each the words a person reads
in English, Russian and Czech (``gettext_lazy``): a label, a help text and the words of each
choice. Each app registers its catalogue in its ``AppConfig.ready`` (the league's
``campaign``, Mordheim's ``roster``, weekly moves' ``campaign.weekly``, the live tables'
``referee``), so the form and the API schema of the settings read words without knowing
any system. :func:`refusal_words` says what is wrong with a refused value, and what is
allowed, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.engine.system_settings import Setting, SettingsInvalid


@dataclass(frozen=True)
class Words:
    """What a person reads about one setting."""

    label: Any
    help: Any
    choices: Mapping[Any, Any] = field(default_factory=dict)


def words(label: Any, help_text: Any, choices: Mapping[Any, Any] | None = None) -> Words:
    return Words(label, help_text, dict(choices or {}))


@dataclass(frozen=True)
class Catalogue:
    """One system's (or the league's) words: each setting's, and its own refusals by code."""

    settings: Mapping[str, Words]
    refusals: Mapping[str, Any] = field(default_factory=dict)


_CATALOGUES: dict[str, Catalogue] = {}


def register_setting_words(owner: str, catalogue: Catalogue) -> None:
    """Register ``owner``'s catalogue (``"league"`` or a system's slug); called from an app's ``ready``."""
    _CATALOGUES[owner] = catalogue


def catalogue_of(owner: str) -> Catalogue:
    return _CATALOGUES.get(owner) or Catalogue({})


def words_of(owner: str, name: str) -> Words:
    """The words of ``owner``'s setting ``name``; a setting a catalogue misses shows its name as words
    (tests/campaign/test_setting_words.py keeps every catalogue complete)."""
    found = catalogue_of(owner).settings.get(name)
    return found or Words(name.replace("_", " ").capitalize(), "")


def choice_words(owner: str, spec: Setting, code: Any) -> Any:
    """The words of one choice (a code) of ``spec``."""
    return words_of(owner, spec.name).choices.get(code, str(code))


_REFUSALS = {
    "bool": gettext_lazy("Must be yes or no."),
    "int": gettext_lazy("Must be a whole number."),
    "text": gettext_lazy("Must be a text."),
    "list": gettext_lazy("Must be a list of texts."),
    "unknown": gettext_lazy("This campaign has no such setting."),
    "time": gettext_lazy("Must be a time as HH:MM, from 00:00 to 23:59."),
    "no_scenario": gettext_lazy("The rules pack has no such scenario."),
}


def refusal_words(owner: str, spec: Setting | None, exc: SettingsInvalid) -> str:
    """What is wrong with the value ``exc`` refuses, and what is allowed, in the reader's language."""
    params = exc.params
    if exc.code == "between":
        return _("Must be a whole number from %(minimum)s to %(maximum)s.") % params
    if exc.code == "at_least":
        return _("Must be a whole number of at least %(minimum)s.") % params
    if exc.code == "at_most":
        return _("Must be a whole number of at most %(maximum)s.") % params
    if exc.code == "map":
        return _("Must give each name a whole number of at least %(minimum)s.") % params
    if exc.code in ("one_of", "items_of") and spec is not None:
        allowed = "; ".join(str(choice_words(owner, spec, c)) for c in params.get("choices", ()))
        if exc.code == "one_of":
            return _("Must be one of: %(allowed)s.") % {"allowed": allowed}
        return _("Each must be one of: %(allowed)s.") % {"allowed": allowed}
    if exc.code == "above" and params.get("other"):
        return _("Must be above “%(other)s”.") % {"other": words_of(owner, params["other"]).label}
    text = _REFUSALS.get(exc.code) or catalogue_of(owner).refusals.get(exc.code)
    return str(text) if text else _("This value cannot be used.")


def lazy_label(owner: str, name: str) -> Any:
    """The label, read when shown (the catalogue may register after this is built: the API schema)."""
    return format_lazy("{}", _Lazy(owner, name, "label"))


def lazy_help(owner: str, name: str) -> Any:
    return format_lazy("{}", _Lazy(owner, name, "help"))


@dataclass(frozen=True)
class _Lazy:
    owner: str
    name: str
    part: str

    def __str__(self) -> str:
        return str(getattr(words_of(self.owner, self.name), self.part))
