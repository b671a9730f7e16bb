"""Effects: what a post-battle result does to the rosters, as plain data.

The engine never changes a roster. It returns effects, the Django side stores
them with the rolls and applies them in one transaction (``apply.py`` is the
reference semantics). Every effect carries the rule ID it comes from and
round-trips through ``to_dict``/``effect_from_dict``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeVar

_KINDS: dict[str, type[Effect]] = {}
E = TypeVar("E", bound="type[Effect]")


class Effect:
    """Base of every effect; subclasses are frozen dataclasses registered by ``kind``."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        data.update(asdict(self))  # type: ignore[call-overload]
        return data


def _effect(kind: str) -> Callable[[E], E]:
    def register(cls: E) -> E:
        cls.kind = kind
        _KINDS[kind] = cls
        return cls

    return register


def effect_kinds() -> dict[str, type[Effect]]:
    """Every effect class by its ``kind`` (what an API documents as the union of effects)."""
    return dict(_KINDS)


def effect_from_dict(raw: Mapping[str, Any]) -> Effect:
    """Rebuild an effect from its ``to_dict`` form; unknown kinds are refused."""
    kind = raw.get("kind")
    cls = _KINDS.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown effect kind {kind!r}")
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    kwargs = {k: (tuple(v) if isinstance(v, list) else v) for k, v in raw.items() if k in names}
    return cls(**kwargs)


@_effect("stat_change")
@dataclass(frozen=True, slots=True)
class StatChange(Effect):
    warrior: str
    stat: str
    delta: int
    rule: str = ""


@_effect("max_change")
@dataclass(frozen=True, slots=True)
class MaxChange(Effect):
    warrior: str
    stat: str
    delta: int
    rule: str = ""


@_effect("remove_warrior")
@dataclass(frozen=True, slots=True)
class RemoveWarrior(Effect):
    """The Hero leaves the roster. ``equipment``: lost, stash, or captor (to ``to_warband``)."""

    warrior: str
    reason: str
    equipment: str = "lost"
    to_warband: str | None = None
    rule: str = ""


@_effect("remove_models")
@dataclass(frozen=True, slots=True)
class RemoveModels(Effect):
    """``count`` models leave a Henchman group for good; their equipment is lost."""

    group: str
    count: int
    reason: str
    rule: str = ""


@_effect("lose_equipment")
@dataclass(frozen=True, slots=True)
class LoseEquipment(Effect):
    """``which``: all, or weapons_and_armour."""

    warrior: str
    which: str
    rule: str = ""


@_effect("add_xp")
@dataclass(frozen=True, slots=True)
class AddXp(Effect):
    warrior: str
    amount: int
    award: str
    rule: str = ""


@_effect("miss_games")
@dataclass(frozen=True, slots=True)
class MissGames(Effect):
    """Games to sit out. Unless ``stack``, the count becomes max(current, games) (MH-INJ-H-28)."""

    warrior: str
    games: int
    stack: bool = False
    rule: str = ""


@_effect("serve_missed_game")
@dataclass(frozen=True, slots=True)
class ServeMissedGame(Effect):
    """A battle was played without him: one missed game is served."""

    warrior: str
    rule: str = ""


@_effect("set_flag")
@dataclass(frozen=True, slots=True)
class SetFlag(Effect):
    """A lasting condition: stupidity, frenzy, immune_to_fear, causes_fear, cannot_run,
    arm_restriction (value: restriction id), blinded_eye (value: left/right)."""

    warrior: str
    flag: str
    value: bool | str
    rule: str = ""


@_effect("add_old_battle_wound")
@dataclass(frozen=True, slots=True)
class AddOldBattleWound(Effect):
    warrior: str
    rule: str = ""


@_effect("add_hatred")
@dataclass(frozen=True, slots=True)
class AddHatred(Effect):
    """``target_kind`` is a bitter_enmity id; ``target`` a warrior, warband or list slug."""

    warrior: str
    target_kind: str
    target: str
    rule: str = ""


@_effect("set_captive")
@dataclass(frozen=True, slots=True)
class SetCaptive(Effect):
    warrior: str
    captor: str
    rule: str = ""


@_effect("release_captive")
@dataclass(frozen=True, slots=True)
class ReleaseCaptive(Effect):
    """The captive returns with his equipment (``via``: ransom, exchange)."""

    warrior: str
    via: str
    rule: str = ""


@_effect("add_gold")
@dataclass(frozen=True, slots=True)
class AddGold(Effect):
    warband: str
    amount: int
    source: str
    rule: str = ""


@_effect("add_shards")
@dataclass(frozen=True, slots=True)
class AddShards(Effect):
    warband: str
    amount: int
    source: str
    rule: str = ""


@_effect("sell_shards")
@dataclass(frozen=True, slots=True)
class SellShards(Effect):
    """One batch: ``shards`` leave the warband's wyrdstone, ``gold`` enters the treasury."""

    warband: str
    shards: int
    gold: int
    rule: str = ""


@_effect("add_item")
@dataclass(frozen=True, slots=True)
class AddItem(Effect):
    """Items to the stash (or to ``warrior``). ``value`` is each item's gc worth (gems)."""

    warband: str
    item: str
    quantity: int
    en: str = ""
    value: int = 0
    warrior: str | None = None
    rule: str = ""


@_effect("gain_skill")
@dataclass(frozen=True, slots=True)
class GainSkill(Effect):
    warrior: str
    skill: str
    rule: str = ""


@_effect("gain_spell")
@dataclass(frozen=True, slots=True)
class GainSpell(Effect):
    """A wizard generates a random spell (Magic section, outside this engine)."""

    warrior: str
    rule: str = ""


@_effect("gain_skill_list")
@dataclass(frozen=True, slots=True)
class GainSkillList(Effect):
    warrior: str
    skill_list: str
    rule: str = ""


@_effect("promote_to_hero")
@dataclass(frozen=True, slots=True)
class PromoteToHero(Effect):
    """One model leaves ``group`` and becomes the Hero ``new_warrior`` (MH-ADV-K-05)."""

    group: str
    new_warrior: str
    skill_lists: tuple[str, ...]
    model: str | None = None
    rule: str = ""


@_effect("add_recruit")
@dataclass(frozen=True, slots=True)
class AddRecruit(Effect):
    """A free model joins: zombie, wardog, human_henchman (equipment paid as normal)."""

    warband: str
    what: str
    count: int = 1
    rule: str = ""


@_effect("set_warband_flag")
@dataclass(frozen=True, slots=True)
class SetWarbandFlag(Effect):
    warband: str
    flag: str
    value: bool | str
    rule: str = ""


@_effect("scenario_fact")
@dataclass(frozen=True, slots=True)
class ScenarioFact(Effect):
    """A pre-battle result for the coming game: attacker, first turn, counters, arrivals..."""

    fact: str
    value: str | int | bool | tuple[str, ...]
    rule: str = ""


@_effect("note")
@dataclass(frozen=True, slots=True)
class Note(Effect):
    """Changes nothing; records a warning or a lost result for the history (``code``)."""

    subject: str
    code: str
    detail: str = ""
    rule: str = ""


def effects_to_list(effects: tuple[Effect, ...] | list[Effect]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in effects]


def effects_from_list(raw: list[Mapping[str, Any]]) -> tuple[Effect, ...]:
    return tuple(effect_from_dict(r) for r in raw)
