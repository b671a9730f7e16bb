"""Per-table settings of the arena duel: every GAP, CONFIG and ASSUMPTION item, SWD defaults.

Each field's metadata names the spec item it settles (``ref``) and, for enumerations, the
allowed ``choices``; the defaults are the spec's (Savage Worlds Deluxe, not SWADE). A league
rules differently by storing a different value, never by changing code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

LANE, GM_GEOMETRY = "lane", "gm"
PREP_STEPS = ("prep_info", "prep_gambling", "prep_bans", "prep_selection", "prep_final")


class SettingsError(ValueError):
    """A settings value that cannot be used; ``field`` names it."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.field = name
        self.message = message


def _opt(default: Any, ref: str, doc: str, choices: tuple[Any, ...] = (), minimum: int | None = None) -> Any:
    return field(default=default, metadata={"ref": ref, "doc": doc, "choices": choices, "minimum": minimum})


@dataclass(frozen=True)
class ArenaDuelSettings:
    """Table settings; see each field's ``ref`` and ``doc``."""

    gm_sees_hidden: bool = _opt(True, "LIVE-TABLES §7", "The seated GM sees every hidden value (the arena default).")
    fight_bennies: int = _opt(3, "AD-BEN-01", "Bennies each fighter receives when the duel opens.", minimum=0)
    persistent_benny_uses: str = _opt(
        "once", "GAP-04 AD-BEN-03", "A persistent benny is spent once, or works once in every duel.",
        ("once", "per_duel"))
    benny_counts_private: bool = _opt(
        True, "GAP-01 AD-ROLL-05", "Benny and reroll counts go to the fighter and the GM only.")
    crit_fail_reroll: bool = _opt(False, "GAP-16 AD-BEN-05", "A critical failure may be rerolled with a benny.")
    soak_rule: str = _opt("swd", "GAP-20 AD-BEN-06", "Soaking wounds with a benny: SWD, or no soak rolls.",
                          ("swd", "none"))
    reroll_keeps: str = _opt("best", "CONFIG AD-ROLL-02", "After rerolls, the best or the last result counts.",
                             ("best", "last"))
    announce_shows_total: bool = _opt(
        False, "CONFIG §2 AD-ROLL-03", "The GM's announcement shows the kept total, not only the effect.")
    opposed_tie: str = _opt(
        "reroll", "GAP-03 AD-DICE-04", "Equal opposed totals: both roll again, or the GM rules.", ("reroll", "gm"))
    target_number: int = _opt(4, "ASSUMPTION AD-DICE-03", "The target number of a plain trait roll.", minimum=1)
    unskilled_die: int = _opt(4, "ASSUMPTION (core SWD)", "The die rolled for a skill the fighter lacks.",
                              (4, 6, 8, 10, 12))
    unskilled_modifier: int = _opt(-2, "ASSUMPTION (core SWD)", "The modifier of an unskilled roll.")
    prep_order: tuple[str, ...] = _opt(
        PREP_STEPS,
        "CONFIG AD-PREP-01", "The order of the preparation steps.")
    knowledge_magic_anytime: bool = _opt(
        False, "CONFIG AD-PREP-01", "Knowledge (Magic) may be rolled in any preparation step, not only the first.")
    info_attempts: int = _opt(1, "GAP-06 AD-PREP-04", "Notice and Knowledge (Magic) attempts per fighter, each.",
                              minimum=0)
    notice_chooser: str = _opt("roller", "GAP-05 AD-PREP-02", "Who picks the trait a Notice reveals.",
                               ("roller", "random"))
    magic_raise_shows_die: bool = _opt(False, "GAP-17 AD-PREP-03", "A Knowledge (Magic) raise shows the skill's die.")
    winner_ban_mandatory: bool = _opt(True, "AD-PREP-06", "The Gambling winner must make its first ban.")
    selection_order: str = _opt(
        "simultaneous", "GAP-02 AD-PREP-08", "Without the winner's request: both choose hidden at once, or the "
        "loser first.", ("simultaneous", "loser_first"))
    load_per_strength: int = _opt(5, "GAP-07 AD-PREP-09", "The weight warned about: this times the Strength die.",
                                  minimum=1)
    poison_failure_told: bool = _opt(
        False, "GAP-09 AD-POI-01", "The opponent learns of a failed poison attempt (not the poisoned weapon).")
    will_duel_results: str = _opt(
        "swd", "GAP-20 AD-WILL-02", "Tests of will: SWD (success +2, raise Shaken), or the GM rules the effect.",
        ("swd", "gm"))
    will_range_unit: str = _opt("squares", "GAP-10 AD-WILL-03", "Taunt and Intimidation range: the die in squares, "
                                "or unlimited.", ("squares", "none"))
    arena_geometry: str = _opt(LANE, "GAP-18 AD-SET-03", "A lane of 24 squares, or distances the GM enters.",
                               (LANE, GM_GEOMETRY))
    lane_length: int = _opt(24, "AD-SET-01 AD-SET-03", "Squares between the two starting squares.", minimum=2)
    pace: int = _opt(6, "ASSUMPTION (core SWD)", "Squares a fighter may move in a turn (the GM rules on running).",
                     minimum=1)
    ready_counts_as_action: bool = _opt(True, "GAP-11 AD-SET-01", "Readying a weapon is an action.")
    stealth_range: int = _opt(4, "AD-STL-01", "The distance from which Stealth's ranged bonus applies.", minimum=0)
    stealth_long_range: int = _opt(8, "AD-STL-01", "That distance when the opponent has a listed skill or edge.",
                                   minimum=0)
    stealth_counter_traits: tuple[str, ...] = _opt(
        (), "GAP-12 AD-STL-01", "Skills and edges of the opponent that raise the Stealth distance (empty).")
    declaration_public_part: str = _opt(
        "shown", "GAP-19 AD-ORD-02", "The public part of a declaration: shown to the opponent, or to the GM only.",
        ("shown", "gm_only"))
    declaration_locked: bool = _opt(True, "GAP-19 AD-ORD-02", "A declaration cannot change once submitted.")
    hold_lasts: str = _opt("next_turn", "GAP-13 AD-HOLD-08", "An untriggered hold lapses when the holder's next "
                           "turn begins, or stays until used.", ("next_turn", "until_used"))
    shaken_recovery: str = _opt(
        "success_acts", "GAP-20 AD-HOLD-04", "A successful Spirit roll ends Shaken and the fighter acts (SWD 2015), "
        "or only a raise lets it act (SWD as printed).", ("success_acts", "raise_to_act"))
    multi_action_penalty: int = _opt(2, "ASSUMPTION AD-MULTI-01", "The penalty per extra action.", minimum=0)
    helmet_chance: int = _opt(50, "CONFIG AD-WPN-07", "Percent of head hits a plain helmet's +3 applies to.",
                              minimum=0)
    ritual_skills: tuple[str, ...] = _opt(
        (), "GAP-15 AD-POST-03", "Skills the ritual may use; empty: the GM names the skill at the table.")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices") or ()
            default = f.default if f.default is not MISSING else None
            if isinstance(default, bool) and not isinstance(value, bool):
                raise SettingsError(f.name, "must be true or false")
            if isinstance(default, tuple) and (
                not isinstance(value, tuple) or not all(isinstance(v, str) for v in value)
            ):
                raise SettingsError(f.name, "must be a list of strings")
            if isinstance(default, int) and not isinstance(default, bool):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsError(f.name, "must be a whole number")
                minimum = f.metadata.get("minimum")
                if minimum is not None and value < minimum:
                    raise SettingsError(f.name, f"must be at least {minimum}")
            if choices and value not in choices:
                raise SettingsError(f.name, f"must be one of {', '.join(map(str, choices))}")
        if sorted(self.prep_order) != sorted(PREP_STEPS):
            raise SettingsError("prep_order", "must order each preparation step exactly once")
        order = self.prep_order
        if not order.index("prep_gambling") < order.index("prep_bans") < order.index("prep_selection"):
            raise SettingsError("prep_order", "Gambling decides the bans, and the bans the selection: keep that order")
        if order[-1] != "prep_final":
            raise SettingsError("prep_order", "poison goes on a selected weapon and the will duels come last: "
                                "keep prep_final after the weapon selection, as the last step")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ArenaDuelSettings:
        """Defaults overridden by ``data``; unknown keys and bad values raise :class:`SettingsError`."""
        known = {f.name for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise SettingsError(key, "is not an arena-duel setting")
            kwargs[key] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every setting with its default, spec reference and description (for the organiser's UI)."""
        return [{"name": f.name, "default": list(f.default) if isinstance(f.default, tuple) else f.default,
                 "ref": f.metadata["ref"], "doc": f.metadata["doc"], "choices": list(f.metadata["choices"])}
                for f in fields(cls)]
