"""A roll in the ledger in the reader's words: what a Mordheim roll was for (the engine's label names warriors,
warbands, locations and items by id, in English), and who may see it (a roll on a battle's or a warband's
party stream is stored as hidden, yet its audience is the players, not the GM alone: docs/hidden-rolls.md).

The label is part of the roll's hash, so it stays as the engine wrote it; it is read here, by the shapes the
engine writes (``referee/engine/systems/mordheim``), keyed by the roll's rule where one shape means two things.
A label typed by a person (an ad hoc roll) is shown as typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.models import Audience
from roster.bridge.packs import pack_of
from roster.names import STAT_NAMES, injury_name, item_name, location_name
from roster.web.decision_texts import DecisionNames, decision_names

#: A party stream's key (``...:party:battle:<id>`` or ``...:party:warband:<id>``) -> who sees its rolls.
PARTY_AUDIENCES: Mapping[str, Any] = {
    "battle": gettext_lazy("The two players, the organiser and the GM"),
    "warband": gettext_lazy("The warband's owner, the organiser and the GM"),
}

#: A roll-off's subject (the engine's ``roll_off`` label) in words.
ROLL_OFFS: Mapping[str, Any] = {
    "roll-off": gettext_lazy("who rolls for the scenario"),
    "counter placement": gettext_lazy("who places the first counter"),
    "deployment": gettext_lazy("who deploys first"),
    "first turn": gettext_lazy("who takes the first turn"),
    "attacker's edge": gettext_lazy("who picks the attacker's edge"),
    "D6 + leader's Initiative": gettext_lazy("the first turn (D6 + the leader's Initiative)"),
}

PIT_SIDES: Mapping[str, Any] = {"hero": gettext_lazy("the Hero"), "pit_fighter": gettext_lazy("the pit fighter")}

_WHO = r"(?P<who>[^\s:]+)"  # a warrior
_WB = r"(?P<wb>[^\s:]+)"  # a warband (their ids overlap)
_LOC = r"(?P<loc>EXP_[A-Z_]+)"
_OFF = "(?P<what>" + "|".join(re.escape(k) for k in ROLL_OFFS) + ")"

#: (rule the roll must have, or "" for any; the label's shape; its words). First match wins.
SHAPES: tuple[tuple[str, str, Any], ...] = (
    ("", rf"{_WB} exploration", gettext_lazy("Exploration: the dice of %(wb)s")),
    ("", rf"{_WB} re-roll die (?P<n>\d+) \(.*\)", gettext_lazy("Exploration: %(wb)s re-rolls die %(n)s")),
    ("", rf"{_WHO} model (?P<n>\d+)", gettext_lazy("%(who)s, model %(n)s: the injury roll")),
    ("", rf"{_WHO} multiple injuries (?P<i>\d+)/(?P<n>\d+)", gettext_lazy("%(who)s: injury %(i)s of %(n)s")),
    ("", rf"{_WHO} multiple injuries", gettext_lazy("%(who)s: how many more injuries")),
    ("", rf"{_WHO} deep wound", gettext_lazy("%(who)s: games missed for a Deep Wound")),
    ("", rf"{_WHO} which eye", gettext_lazy("%(who)s: which eye is blinded")),
    ("", rf"{_WHO} bitter enmity", gettext_lazy("%(who)s: whom the Bitter Enmity is for")),
    ("", rf"{_WHO} pit fight charge: (?P<side>\w+)", gettext_lazy("%(who)s, the pit fight: %(side)s rolls to charge")),
    ("", rf"{_WHO} lost the pit fight", gettext_lazy("%(who)s lost the pit fight: what is left of him")),
    ("", rf"{_WHO} sold to slavers", gettext_lazy("%(who)s sold to the slavers: the price")),
    ("", rf"{_WHO} advance", gettext_lazy("%(who)s: the advance roll")),
    ("", rf"{_WHO} (?P<a>[A-Za-z]+) or (?P<b>[A-Za-z]+)", gettext_lazy("%(who)s: %(a)s or %(b)s")),
    ("", rf"{_WHO} (?P<injury>H?INJ_[A-Z_]+)", gettext_lazy("%(who)s: %(injury)s")),
    ("", rf"{_WHO} old battle wound \d+", gettext_lazy("%(who)s: does the Old Battle Wound flare up")),
    ("", rf"{_WB} scenario table", gettext_lazy("%(wb)s rolls on the scenario table")),
    ("", rf"{_WHO} arrives", gettext_lazy("%(who)s: arrives this turn or later")),
    ("", rf"EXP_WELL: {_WHO} T test", gettext_lazy("Well: %(who)s tests his Toughness")),
    ("", r"EXP_THE_PIT: shards", gettext_lazy("The Pit: the shards found")),
    ("", rf"EXP_THE_PIT: {_WHO}", gettext_lazy("The Pit: %(who)s goes down")),
    ("", rf"{_LOC}: leader Ld", gettext_lazy("%(loc)s: the leader's Leadership test")),
    ("", rf"{_LOC}: XP", gettext_lazy("%(loc)s: the experience found")),
    ("", rf"{_LOC}: 2D6x5 gc", gettext_lazy("%(loc)s: the gold (2D6×5 gc)")),
    ("", rf"{_LOC}: shards", gettext_lazy("%(loc)s: the shards found")),
    ("", rf"{_LOC}: value", gettext_lazy("%(loc)s: what it is worth")),
    ("", rf"{_LOC}(: .*)?", gettext_lazy("%(loc)s: what is found")),
    (
        "",
        rf"{_OFF}: {_WB}",
        gettext_lazy("%(wb)s, roll-off: %(what)s"),
    ),
    ("", r"counters", gettext_lazy("How many wyrdstone counters")),
    ("", r"objectives", gettext_lazy("How many buildings to occupy")),
    ("", r"attacker's edge", gettext_lazy("The attacker's table edge")),
    ("", r"reinforcement edge", gettext_lazy("The edge the reinforcements arrive from")),
    ("", r"search building", gettext_lazy("Searching a building")),
    ("", r"price of (?P<item>\S+)", gettext_lazy("The price of %(item)s")),
    ("", rf"rarity roll for (?P<item>\S+) by {_WHO}", gettext_lazy("%(who)s searches for %(item)s")),
    ("", r"haggle", gettext_lazy("Haggling over the price")),
    ("MH-INJ-H-01", _WHO, gettext_lazy("%(who)s: the serious injury roll")),
    ("MH-SCN6-03", _WB, gettext_lazy("Wyrdstone shards carried by %(wb)s")),
)
_SHAPES = tuple((rule, re.compile(shape), words) for rule, shape, words in SHAPES)


class RollNames:
    """What a campaign's roll labels name, looked up once per campaign of the ledger shown."""

    def __init__(self) -> None:
        self._campaigns: dict[int, tuple[DecisionNames, Any]] = {}

    def of(self, campaign: Any) -> tuple[DecisionNames, Any]:
        if campaign.pk not in self._campaigns:
            self._campaigns[campaign.pk] = (decision_names(campaign), pack_of(campaign))
        return self._campaigns[campaign.pk]


def _words(kind: str, text: str, names: DecisionNames, pack: Any) -> str:
    lookups: Mapping[str, Callable[[str], str]] = {
        "who": names.who,
        "wb": names.band,
        "loc": location_name,
        "item": lambda v: item_name(pack, v),
        "injury": lambda v: injury_name(names.tables, v),
        "what": lambda v: str(ROLL_OFFS[v]),
        "side": lambda v: str(PIT_SIDES.get(v, v)),
        "a": lambda v: str(STAT_NAMES.get(v, v)),
        "b": lambda v: str(STAT_NAMES.get(v, v)),
    }
    return lookups[kind](text) if kind in lookups else text


def roll_label(entry: Any, names: RollNames) -> str:
    """What the roll was for, in the reader's language (a Mordheim roll's engine label read by its shape)."""
    label = entry.label or ""
    if not entry.rule_id.startswith("MH-") or entry.campaign_id is None or not label:
        return label
    known, pack = names.of(entry.campaign)
    for rule, shape, words in _SHAPES:
        if rule and rule != entry.rule_id:
            continue
        found = shape.fullmatch(label)
        if found is not None:
            parts = {k: _words(k, v, known, pack) for k, v in found.groupdict().items() if v is not None}
            return str(words) % parts
    return _("A roll of the rules (%(rule)s)") % {"rule": entry.rule_id}


def seen_by(entry: Any) -> str:
    """Who may see the roll: a party stream's audience by its party, else the roll's visibility."""
    stream = entry.stream
    if stream.audience == Audience.PARTY:
        _head, _sep, party = stream.key.partition(":party:")
        kind = party.split(":", 1)[0]
        if kind in PARTY_AUDIENCES:
            return str(PARTY_AUDIENCES[kind])
        return str(Audience.PARTY.label)
    return str(entry.get_visibility_display())
