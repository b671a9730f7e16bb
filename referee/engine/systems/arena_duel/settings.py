"""Per-table settings of the arena duel: every GAP, CONFIG and ASSUMPTION item, SWD defaults.

Declared on the one settings base (:mod:`referee.engine.system_settings`): each field names
the spec item it settles (``ref``) and, for enumerations, the allowed ``choices``; the
defaults are the spec's (Savage Worlds Deluxe, not SWADE). A league rules differently by
storing a different value, never by changing code.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.system_settings import LIST, SettingsBase, SettingsInvalid, setting

LANE, GM_GEOMETRY = "lane", "gm"
PREP_STEPS = ("prep_info", "prep_gambling", "prep_bans", "prep_selection", "prep_final")


@dataclass(frozen=True)
class ArenaDuelSettings(SettingsBase):
    "Table settings; see each field's ``ref`` and ``doc``."

    gm_sees_hidden: bool = setting(True, "LIVE-TABLES §7")
    fight_bennies: int = setting(3, "AD-BEN-01", minimum=0)
    persistent_benny_uses: str = setting("once", "GAP-04 AD-BEN-03", choices=("once", "per_duel"))
    benny_counts_private: bool = setting(True, "GAP-01 AD-ROLL-05")
    crit_fail_reroll: bool = setting(False, "GAP-16 AD-BEN-05")
    soak_rule: str = setting("swd", "GAP-20 AD-BEN-06", choices=("swd", "none"))
    reroll_keeps: str = setting("best", "CONFIG AD-ROLL-02", choices=("best", "last"))
    announce_shows_total: bool = setting(False, "CONFIG §2 AD-ROLL-03")
    opposed_tie: str = setting("reroll", "GAP-03 AD-DICE-04", choices=("reroll", "gm"))
    target_number: int = setting(4, "ASSUMPTION AD-DICE-03", minimum=1)
    unskilled_die: int = setting(4, "ASSUMPTION (core SWD)", choices=(4, 6, 8, 10, 12))
    unskilled_modifier: int = setting(-2, "ASSUMPTION (core SWD)")
    prep_order: tuple[str, ...] = setting(PREP_STEPS, "CONFIG AD-PREP-01", choices=PREP_STEPS, kind=LIST, ordered=True)
    knowledge_magic_anytime: bool = setting(False, "CONFIG AD-PREP-01")
    info_attempts: int = setting(1, "GAP-06 AD-PREP-04", minimum=0)
    notice_chooser: str = setting("roller", "GAP-05 AD-PREP-02", choices=("roller", "random"))
    magic_raise_shows_die: bool = setting(False, "GAP-17 AD-PREP-03")
    winner_ban_mandatory: bool = setting(True, "AD-PREP-06")
    selection_order: str = setting("simultaneous", "GAP-02 AD-PREP-08", choices=("simultaneous", "loser_first"))
    load_per_strength: int = setting(5, "GAP-07 AD-PREP-09", minimum=1)
    poison_failure_told: bool = setting(False, "GAP-09 AD-POI-01")
    will_duel_results: str = setting("swd", "GAP-20 AD-WILL-02", choices=("swd", "gm"))
    will_range_unit: str = setting("squares", "GAP-10 AD-WILL-03", choices=("squares", "none"))
    arena_geometry: str = setting(LANE, "GAP-18 AD-SET-03", choices=(LANE, GM_GEOMETRY))
    lane_length: int = setting(24, "AD-SET-01 AD-SET-03", minimum=2)
    pace: int = setting(6, "ASSUMPTION (core SWD)", minimum=1)
    ready_counts_as_action: bool = setting(True, "GAP-11 AD-SET-01")
    stealth_range: int = setting(4, "AD-STL-01", minimum=0)
    stealth_long_range: int = setting(8, "AD-STL-01", minimum=0)
    stealth_counter_traits: tuple[str, ...] = setting((), "GAP-12 AD-STL-01")
    declaration_public_part: str = setting("shown", "GAP-19 AD-ORD-02", choices=("shown", "gm_only"))
    declaration_locked: bool = setting(True, "GAP-19 AD-ORD-02")
    hold_lasts: str = setting("next_turn", "GAP-13 AD-HOLD-08", choices=("next_turn", "until_used"))
    shaken_recovery: str = setting("success_acts", "GAP-20 AD-HOLD-04", choices=("success_acts", "raise_to_act"))
    multi_action_penalty: int = setting(2, "ASSUMPTION AD-MULTI-01", minimum=0)
    helmet_chance: int = setting(50, "CONFIG AD-WPN-07", minimum=0)
    ritual_skills: tuple[str, ...] = setting((), "GAP-15 AD-POST-03")

    def check(self) -> None:
        if sorted(self.prep_order) != sorted(PREP_STEPS):
            raise SettingsInvalid("prep_order", "must order each preparation step exactly once", "each_once")
        order = self.prep_order
        if not order.index("prep_gambling") < order.index("prep_bans") < order.index("prep_selection"):
            raise SettingsInvalid(
                "prep_order", "Gambling decides the bans, and the bans the selection: keep that order", "prep_sequence"
            )
        if order[-1] != "prep_final":
            raise SettingsInvalid(
                "prep_order",
                "poison goes on a selected weapon and the will duels come last: keep prep_final last",
                "prep_final_last",
            )
