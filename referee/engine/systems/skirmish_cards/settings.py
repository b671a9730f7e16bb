"""Per-table settings of the card-initiative skirmish: every GAP and CONFIG item of the spec.

Declared on the one settings base (:mod:`referee.engine.system_settings`): each field names
the spec item it settles (``ref``) and, for enumerations, the allowed ``choices``. The
defaults are the spec's (``shared/rules/skirmish-cards.md`` §16); a league rules
differently by storing another value, never by changing code. The three maps of SC-END-03
(``profile_hp``, ``profile_stress``, ``hand_size``) have no default: the table fills in
every value its factions, characters and creatures use before play.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.system_settings import INT, MAP, SettingsBase, setting


@dataclass(frozen=True)
class SkirmishSettings(SettingsBase):
    "Table settings; see each field's ``ref`` (GAP-nn / CONFIG rule) and ``doc``."

    scenario: str = setting("", "SC-END-02")
    deck_numbered_copies: int = setting(1, "GAP-01 SC-DECK-01", choices=(1, 2))
    faction_cards_in_deck: bool = setting(True, "GAP-01 SC-DECK-02")
    counter_chain: str = setting("any_length", "GAP-02 SC-DECK-05", choices=("any_length", "two"))
    lasting_card_discard: str = setting("end_of_turn", "GAP-03 SC-DECK-06", choices=("end_of_turn",))
    reshuffle_leftovers: bool = setting(True, "GAP-04 SC-DECK-09")
    initiative_cards_count_for_draw: bool = setting(False, "GAP-29 SC-DECK-07")
    first_card_placement: str = setting("simultaneous", "GAP-30 SC-INIT-01", choices=("simultaneous", "open"))
    roll_off_die: str = setting("d10", "SC-INIT-05 GAP-05", choices=("d6", "d10", "d20"))
    roll_off_reroll_ties: bool = setting(True, "SC-INIT-05")
    same_player_ties: str = setting("owner_chooses", "GAP-05 SC-INIT-05", choices=("owner_chooses",))
    swap_partner: str = setting("any", "GAP-07 SC-INIT-08", choices=("any", "own"))
    joker_ranked_for_swap: bool = setting(False, "GAP-06 SC-INIT-08")
    removed_card_discard: str = setting("at_once", "GAP-31 SC-INIT-10", choices=("at_once", "end_of_turn"))
    fewer_actions_allowed: bool = setting(True, "GAP-08 SC-ACT-01")
    action_budget: int = setting(3, "SC-ACT-01", minimum=1)
    aim_bonus: int = setting(1, "SC-ACT-05 SC-SHT-02")
    aim_max: int = setting(1, "GAP-09 SC-ACT-05", minimum=0)
    aim_expires_end_of_turn: bool = setting(True, "GAP-09 SC-ACT-05")
    mounted_shooter_modifier: int = setting(-1, "SC-SHT-02 SC-MNT-03")
    boss_target_modifier: int = setting(-1, "SC-SHT-02")
    movement_marker_modifier: int = setting(-1, "SC-SHT-02 SC-INT-05")
    solid_cover_modifier: int = setting(-1, "GAP-12 SC-SHT-02")
    obscured_modifier: int | None = setting(None, "GAP-11 SC-SHT-02", kind=INT)
    out_of_ammo_on: str = setting("natural", "GAP-14 SC-SHT-04", choices=("natural", "modified"))
    nearest_target_fail: str = setting(
        "must_target_nearest", "GAP-15 SC-SHT-06", choices=("must_target_nearest", "marker_and_nearest")
    )
    shooting_result_entry: str = setting("manual", "GAP-32 SC-SHT-08", choices=("manual", "league_table"))
    high_ground_fall_markers: int = setting(0, "GAP-16 SC-WND-05", minimum=0)
    fall_damage_modified: bool = setting(False, "GAP-17 SC-FALL-04")
    fall_random_bearing: bool = setting(False, "SC-FALL-01")
    duck_back_cm: int = setting(10, "SC-INT-03", minimum=0)
    duck_back_shot: str = setting("ignores_los_and_range", "GAP-18 SC-INT-03", choices=("ignores_los_and_range",))
    duck_back_vs_hth: bool = setting(True, "GAP-19 SC-INT-04")
    bnt_repeats: bool = setting(True, "GAP-20 SC-BNT-01")
    bnt_stress_from: str = setting("in_play", "GAP-21 SC-BNT-02", choices=("in_play", "all"))
    bnt_nerve_modifiers: bool = setting(False, "GAP-22 SC-BNT-02")
    hth_marker_sign: int = setting(1, "GAP-23 SC-HTH-03", choices=(1, -1))
    charged_winner_keeps_card: bool = setting(True, "GAP-24 SC-HTH-08")
    survivor_actions: int = setting(2, "GAP-25 SC-HTH-11", minimum=0)
    howl_once_per_turn: bool = setting(True, "GAP-26 SC-SUP-03")
    howl_marker_never_removes: bool = setting(True, "GAP-26 SC-SUP-03")
    leap_max_moves: int = setting(3, "GAP-27 SC-SUP-04", minimum=1)
    baron: str = setting("", "GAP-28 SC-SUP-05")
    scavenger_heal_below: int = setting(2, "GAP-28 SC-SUP-07", minimum=1)
    horse_passengers: int = setting(1, "GAP-33 SC-MNT-04", minimum=0)
    riders_in_buildings: bool = setting(False, "SC-MNT-05")
    creature_control: str = setting("gm_or_house", "GAP-34 SC-SUP-09", choices=("gm_or_house", "named_player"))
    reshuffle_on_empty_draw: bool = setting(True, "GAP-35 SC-END-01")
    profile_hp: dict[str, int] = setting(ref="GAP-36 SC-END-03", kind=MAP, minimum=1)  # noqa: RUF009 (a field with a default_factory)
    profile_stress: dict[str, int] = setting(ref="GAP-36 SC-END-03", kind=MAP, minimum=1)  # noqa: RUF009 (a field with a default_factory)
    hand_size: dict[str, int] = setting(ref="GAP-36 SC-END-03", kind=MAP, minimum=0)  # noqa: RUF009 (a field with a default_factory)
