"""The words of a Doomtrooper table's page: command and field labels, zones, steps, and the log as sentences
(their words in the Doomtrooper catalogue, ``campaign.tables.words.doomtrooper``).

Only what a seat's own view and events contain reaches these functions (the selectors redact first);
a card the viewer does not know is "a face-down card", never its identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.engine_words import say
from campaign.tables.words.doomtrooper import COMMANDS, FIELDS, SYSTEM, card_words, choice_words

ZONES = {
    "hand": gettext_lazy("hand"),
    "library": gettext_lazy("library"),
    "discard": gettext_lazy("discard pile"),
    "attached": gettext_lazy("attached cards"),
    "played": gettext_lazy("played cards"),
    "squad": gettext_lazy("squad"),
    "cohort": gettext_lazy("cohort"),
    "station": gettext_lazy("station"),
    "cover": gettext_lazy("cover"),
}

PHASES = {
    "draw": gettext_lazy("Draw step"),
    "actions": gettext_lazy("Action step"),
    "combat": gettext_lazy("Combat"),
    "discard": gettext_lazy("Discard step"),
}

STATUSES = {
    "unwounded": gettext_lazy("unwounded"),
    "wounded": gettext_lazy("wounded"),
    "killed": gettext_lazy("killed"),
}

def card_name(card: Mapping[str, Any] | None, names: Mapping[str, Any]) -> str:
    """A card as the viewer knows it: its name when its identity is in the view, else face-down."""
    return card_words(card or {}, names)


def zone_label(key: str, usernames: Mapping[str, str]) -> str:
    kind, _sep, owner = key.partition(":")
    label = str(ZONES.get(kind, kind))
    return _("%(who)s's %(zone)s") % {"who": usernames.get(owner, owner), "zone": label} if owner else label


def sentence(event: Mapping[str, Any], usernames: Mapping[str, str], names: Mapping[str, Any]) -> str:
    """One event of the viewer's own stream as a sentence, from the Doomtrooper catalogue (cards by their names
    in the reader's language, a card the viewer does not know as face-down, seats by their players)."""
    return say(SYSTEM, f"event.{event.get('code')}", event.get("data") or {},
               fallback=_("Something happened at the table."), context={"usernames": usernames, "cards": names})


def word(table: Mapping[str, Any], value: Any) -> str:
    """A value's label from one of the tables above (a value it does not know is shown as it is)."""
    return str(table.get(str(value), value or ""))


def command_label(kind: str) -> str:
    return str(COMMANDS.get(kind, kind.replace("_", " ").capitalize()))


def field_label(name: str) -> str:
    return str(FIELDS.get(name, name.replace("_", " ").capitalize()))


def choice_label(value: Any) -> str:
    return choice_words(value)
