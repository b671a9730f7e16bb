"""Per-table settings of the card-initiative skirmish: every GAP and CONFIG item of the spec.

Each field's metadata names the spec item it settles (``ref``) and, for enumerations, the
allowed ``choices``. The defaults are the spec's (``shared/rules/skirmish-cards.md`` §16);
a league rules differently by storing another value, never by changing code. The three
maps of SC-END-03 (``profile_hp``, ``profile_stress``, ``hand_size``) have no default: the
table fills in every value its factions, characters and creatures use before play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any


class SettingsError(ValueError):
    """A settings value that cannot be used; ``field`` names it."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.field = name
        self.message = message


def _opt(default: Any, ref: str, doc: str, choices: tuple[Any, ...] = (), minimum: int | None = None) -> Any:
    return field(default=default, metadata={"ref": ref, "doc": doc, "choices": choices, "minimum": minimum})


def _values(ref: str, doc: str, minimum: int) -> dict[str, Any]:
    """The metadata of a map with no default (SC-END-03)."""
    return {"ref": ref, "doc": doc, "choices": (), "minimum": minimum}


@dataclass(frozen=True)
class SkirmishSettings:
    """Table settings; see each field's ``ref`` (GAP-nn / CONFIG rule) and ``doc``."""

    scenario: str = _opt("", "SC-END-02", "The pack's scenario slug; empty: the pack's first scenario.")
    deck_numbered_copies: int = _opt(
        1, "GAP-01 SC-DECK-01", "1: ranks 2-10 once in the faction's colour; 2: in both colours.", (1, 2)
    )
    faction_cards_in_deck: bool = _opt(True, "GAP-01 SC-DECK-02",
                                       "The four faction cards J, Q, K, A are shuffled in.")
    counter_chain: str = _opt(
        "any_length", "GAP-02 SC-DECK-05", "Answers to a played card: keep answering in turn, or two cards at most.",
        ("any_length", "two"),
    )
    lasting_card_discard: str = _opt(
        "end_of_turn", "GAP-03 SC-DECK-06", "A 'this turn' card is discarded in end-of-turn step 1.", ("end_of_turn",)
    )
    reshuffle_leftovers: bool = _opt(True, "GAP-04 SC-DECK-09",
                                     "Leftover draw-pile cards are shuffled in with the discard.")
    initiative_cards_count_for_draw: bool = _opt(
        False, "GAP-29 SC-DECK-07",
        "Placing, revealing, swapping or discarding initiative cards counts as using a card."
    )
    first_card_placement: str = _opt(
        "simultaneous", "GAP-30 SC-INIT-01",
        "First cards hidden until all have placed, or placed face up in seat order.",
        ("simultaneous", "open"),
    )
    roll_off_die: str = _opt("d10", "SC-INIT-05 GAP-05", "The roll-off die.", ("d6", "d10", "d20"))
    roll_off_reroll_ties: bool = _opt(True, "SC-INIT-05", "Tied roll-offs are rolled again.")
    same_player_ties: str = _opt("owner_chooses", "GAP-05 SC-INIT-05", "Who orders one player's tied cards.",
                                 ("owner_chooses",))
    swap_partner: str = _opt("any", "GAP-07 SC-INIT-08", "The lowest-card swap partner: any character or own only.",
                             ("any", "own"))
    joker_ranked_for_swap: bool = _opt(False, "GAP-06 SC-INIT-08", "The Joker can be 'the lowest card'.")
    removed_card_discard: str = _opt(
        "at_once", "GAP-31 SC-INIT-10", "When the card of a character removed before it activated is discarded.",
        ("at_once", "end_of_turn"),
    )
    fewer_actions_allowed: bool = _opt(True, "GAP-08 SC-ACT-01", "Fewer than three actions may be declared.")
    action_budget: int = _opt(3, "SC-ACT-01", "Actions per activation.", minimum=1)
    aim_bonus: int = _opt(1, "SC-ACT-05 SC-SHT-02", "The Aim modifier (CONFIG).")
    aim_max: int = _opt(1, "GAP-09 SC-ACT-05", "The most Aim bonus a character can hold.", minimum=0)
    aim_expires_end_of_turn: bool = _opt(True, "GAP-09 SC-ACT-05", "An unused Aim bonus is lost at end of turn.")
    mounted_shooter_modifier: int = _opt(-1, "SC-SHT-02 SC-MNT-03", "Shooter mounted (CONFIG).")
    boss_target_modifier: int = _opt(-1, "SC-SHT-02", "Target is a Boss and the shooter is not (CONFIG).")
    movement_marker_modifier: int = _opt(-1, "SC-SHT-02 SC-INT-05", "Per target movement marker (CONFIG).")
    solid_cover_modifier: int = _opt(-1, "GAP-12 SC-SHT-02", "Solid cover, applied to the roll (CONFIG).")
    obscured_modifier: int | None = _opt(None, "GAP-11 SC-SHT-02", "Obscured target; None: no figure, enter it.")
    out_of_ammo_on: str = _opt("natural", "GAP-14 SC-SHT-04", "Out of ammo on a natural or a modified 1.",
                               ("natural", "modified"))
    nearest_target_fail: str = _opt(
        "must_target_nearest", "GAP-15 SC-SHT-06", "Failing the nearest-target test: target the nearest, no marker.",
        ("must_target_nearest", "marker_and_nearest"),
    )
    shooting_result_entry: str = _opt("manual", "GAP-32 SC-SHT-08", "Shooting results entered by hand or read "
                                      "from the league's table.", ("manual", "league_table"))
    high_ground_fall_markers: int = _opt(0, "GAP-16 SC-WND-05", "Markers beyond the failure marker when a "
                                         "character on high ground falls.", minimum=0)
    fall_damage_modified: bool = _opt(False, "GAP-17 SC-FALL-04", "Fall-damage rolls take modifiers.")
    fall_random_bearing: bool = _opt(False, "SC-FALL-01", "Roll a random bearing (d8 compass point) for a fall.")
    duck_back_cm: int = _opt(10, "SC-INT-03", "How far a Duck Back goes, mounted too.", minimum=0)
    duck_back_shot: str = _opt("ignores_los_and_range", "GAP-18 SC-INT-03", "The one shot after a Duck Back.",
                               ("ignores_los_and_range",))
    duck_back_vs_hth: bool = _opt(True, "GAP-19 SC-INT-04", "Duck Back before a charging Move.")
    bnt_repeats: bool = _opt(True, "GAP-20 SC-BNT-01", "The Big Nerve Test repeats each turn while due.")
    bnt_stress_from: str = _opt("in_play", "GAP-21 SC-BNT-02", "Whose stress sets the target.", ("in_play", "all"))
    bnt_nerve_modifiers: bool = _opt(False, "GAP-22 SC-BNT-02", "The SC-NRV-02 modifiers apply to the Big Nerve Test.")
    hth_marker_sign: int = _opt(1, "GAP-23 SC-HTH-03", "Sign of the per-enemy-marker HtH modifier.", (1, -1))
    charged_winner_keeps_card: bool = _opt(True, "GAP-24 SC-HTH-08", "A charged character that wins round one "
                                           "keeps its card.")
    survivor_actions: int = _opt(2, "GAP-25 SC-HTH-11", "Actions a HtH survivor takes (never more than remain).",
                                 minimum=0)
    howl_once_per_turn: bool = _opt(True, "GAP-26 SC-SUP-03", "Howl only at the first wolf activation of a turn.")
    howl_marker_never_removes: bool = _opt(True, "GAP-26 SC-SUP-03", "A Howl marker is not placed if it would "
                                           "remove the character.")
    leap_max_moves: int = _opt(3, "GAP-27 SC-SUP-04", "A Leap uses one Move per started 10 cm, at most this many.",
                               minimum=1)
    baron: str = _opt("", "GAP-28 SC-SUP-05", "The character id of 'the Baron'; empty: the scenario's, or none.")
    scavenger_heal_below: int = _opt(2, "GAP-28 SC-SUP-07", "The scavengers' target 'heals' below this many markers.",
                                     minimum=1)
    horse_passengers: int = _opt(1, "GAP-33 SC-MNT-04", "Passengers a horse carries besides its rider.", minimum=0)
    riders_in_buildings: bool = _opt(False, "SC-MNT-05", "Riders may enter buildings (agreed at setup).")
    creature_control: str = _opt("gm_or_house", "GAP-34 SC-SUP-09", "Who controls the scenario's creatures.",
                                 ("gm_or_house", "named_player"))
    reshuffle_on_empty_draw: bool = _opt(True, "GAP-35 SC-END-01", "A draw or deal from an empty pile reshuffles "
                                         "the discard first.")
    profile_hp: dict[str, int] = field(
        default_factory=dict, metadata=_values("GAP-36 SC-END-03", "HP per character profile (no default).", 1))
    profile_stress: dict[str, int] = field(
        default_factory=dict, metadata=_values("GAP-36 SC-END-03", "Stress per character profile (no default).", 1))
    hand_size: dict[str, int] = field(
        default_factory=dict, metadata=_values("GAP-36 SC-END-03", "Hand size per faction (no default).", 0))

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default is not MISSING else {}
            choices, minimum = f.metadata["choices"], f.metadata["minimum"]
            if isinstance(default, dict):
                if not isinstance(value, Mapping) or not all(
                    isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= (minimum or 0)
                    for k, v in value.items()
                ):
                    raise SettingsError(f.name, f"must map names to whole numbers of at least {minimum}")
                continue
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise SettingsError(f.name, "must be true or false")
            elif isinstance(default, str):
                if not isinstance(value, str):
                    raise SettingsError(f.name, "must be a text")
            elif value is not None or default is not None:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsError(f.name, "must be a whole number")
                if minimum is not None and value < minimum:
                    raise SettingsError(f.name, f"must be at least {minimum}")
            if choices and value not in choices:
                raise SettingsError(f.name, f"must be one of {', '.join(map(str, choices))}")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: (dict(getattr(self, f.name)) if isinstance(getattr(self, f.name), Mapping)
                         else getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkirmishSettings:
        """Defaults overridden by ``data``; unknown keys and bad values raise :class:`SettingsError`."""
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise SettingsError(key, "is not a skirmish setting")
        return cls(**dict(data))
