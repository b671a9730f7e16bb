"""Typed values read from tables.json: rewards, locations, scenarios, skills, bands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.engine.systems.mordheim.state import Profile
from referee.engine.tables import RollTable

_QTY = r"\d*D\d+(?:x\d+)?|\d+"


@dataclass(frozen=True, slots=True)
class Reward:
    """A reward parsed from a table's text: ``3D6 gc``, ``D3 Halberds``, ``quartz D6x5 gc``."""

    kind: str  # gold | shards | item
    quantity: str  # dice expression, "1" for one
    item: str = ""
    en: str = ""
    value: str = ""  # gc value of each item (gems), as a dice expression
    need: int | None = None  # D6 needed when the reward is rolled for separately


def _slug(text: str, plural: bool) -> str:
    words = re.sub(r"\(.*?\)", "", text).lower().replace("-", " ").split()
    if plural:
        words = [w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w for w in words]
    return "_".join(re.sub(r"[^a-z0-9]", "", w) for w in words if w)


def parse_reward(text: str, *, need: int | None = None) -> Reward:
    """Read one reward line of the JSON into a :class:`Reward`."""
    text = text.strip()
    m = re.fullmatch(rf"(?:({_QTY})\s+)?(.+)", text)
    qty, rest = (m.group(1) or "1", m.group(2)) if m else ("1", text)
    if rest == "gc":
        return Reward("gold", qty, en=text, need=need)
    if rest == "shards":
        return Reward("shards", qty, en=text, need=need)
    gem = re.fullmatch(rf"([A-Za-z ]+?)\s+({_QTY})\s+gc", rest)
    if gem:
        return Reward("item", qty, _slug(gem.group(1), True), text, gem.group(2), need)
    return Reward("item", qty, _slug(rest, qty != "1"), text, need=need)


@dataclass(frozen=True, slots=True)
class CaptureOption:
    id: str
    restricted_to: str | None
    captive_returns: bool
    captor_gains_gc: str | None
    captor_leader_xp: int


@dataclass(frozen=True, slots=True)
class RaceMaximum:
    id: str
    max: Profile | None
    candidate: Profile | None
    verified: bool


@dataclass(frozen=True, slots=True)
class XpAward:
    id: str
    value: int


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    number: int
    id: str
    en: str
    ru: str
    table_roll: int
    xp_awards: tuple[XpAward, ...]
    chest: tuple[Reward, ...]
    data: Mapping[str, Any]

    def award(self, award_id: str) -> XpAward | None:
        return next((a for a in self.xp_awards if a.id == award_id), None)


@dataclass(frozen=True, slots=True)
class Location:
    """A special exploration location: its dice pattern, data and parsed rewards."""

    id: str
    count: int
    face: int
    en: str
    summary: Mapping[str, Any]
    sub_table: RollTable | None
    sub_rewards: Mapping[str, Reward]
    items: tuple[Reward, ...]


@dataclass(frozen=True, slots=True)
class ShardBand:
    total_min: int
    total_max: int | None
    shards: int


@dataclass(frozen=True, slots=True)
class SaleBand:
    id: str
    min: int
    max: int | None


@dataclass(frozen=True, slots=True)
class SkillInfo:
    id: str
    list: str
    en: str
    ru: str
    effect: str
    restrictions: Mapping[str, Any]
    campaign_effect: Mapping[str, Any]


HERO_INJURY_IDS = (
    "INJ_DEAD",
    "INJ_MULTIPLE",
    "INJ_LEG_WOUND",
    "INJ_ARM_WOUND",
    "INJ_MADNESS",
    "INJ_SMASHED_LEG",
    "INJ_CHEST_WOUND",
    "INJ_BLINDED_ONE_EYE",
    "INJ_OLD_BATTLE_WOUND",
    "INJ_NERVOUS_CONDITION",
    "INJ_HAND_INJURY",
    "INJ_DEEP_WOUND",
    "INJ_ROBBED",
    "INJ_FULL_RECOVERY",
    "INJ_BITTER_ENMITY",
    "INJ_CAPTURED",
    "INJ_HARDENED",
    "INJ_HORRIBLE_SCARS",
    "INJ_SOLD_TO_PITS",
    "INJ_SURVIVES_ODDS",
)
HERO_ADVANCE_IDS = ("ADV_H_SKILL", "ADV_H_S_OR_A", "ADV_H_WS_OR_BS", "ADV_H_I_OR_LD", "ADV_H_W_OR_T")
HENCHMAN_ADVANCE_IDS = (
    "ADV_K_I",
    "ADV_K_S",
    "ADV_K_WS_OR_BS",
    "ADV_K_A",
    "ADV_K_LD",
    "ADV_K_LADS_GOT_TALENT",
)
