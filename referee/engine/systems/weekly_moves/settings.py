"""Per-campaign settings for the intrigue game: every GAP and CONFIG item of the spec.

Declared on the one settings base (:mod:`referee.engine.system_settings`): each field names
the spec item it settles (``ref``) and, for enumerations, the allowed ``choices``. The
defaults are the spec's defaults; a league rules differently by storing a different value,
never by changing code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.engine.system_settings import INT, LIST, SettingsBase, SettingsInvalid, setting

MOVE_KINDS = ("deadly_combat", "preparation", "help", "spying", "call_of_duty", "ingredient_search", "exchange")


@dataclass(frozen=True)
class WeeklyMovesSettings(SettingsBase):
    "Campaign settings; see each field's ``ref`` (GAP-nn / CONFIG rule) and ``doc``."

    moves_per_week: int = setting(1, "GAP-04 WM-GEN-01", minimum=0)
    free_actions_per_week: int | None = setting(None, "GAP-04 WM-GEN-01", minimum=0, kind=INT)
    free_action_timing: str = setting("before", "GAP-04 WM-GEN-01", choices=("before", "after"))
    default_move: str = setting("none", "CONFIG (DESIGN §4)", choices=("none", "ingredient_search", "call_of_duty"))
    decision_mode: str = setting("pause", "WM-ABL-03", choices=("pause", "auto"))
    on_invalid_at_resolution: str = setting("replace", "WM-ABL-02", choices=("replace", "lose"))
    replacement_hours: int = setting(24, "WM-ABL-02", minimum=1)
    submission_info_check: bool = setting(True, "WM-GEN-01")
    steal_choice: str = setting("stash_list", "GAP-02", choices=("stash_list", "blind"))
    spy_target_told_on_success: bool = setting(False, "GAP-03")
    combat_target_learns_attacker: bool = setting(True, "GAP-03")
    spy_miss_requirements: bool = setting(True, "GAP-05")
    info_cap: int = setting(3, "GAP-06", minimum=1)
    steal_counts_same_move_info: bool = setting(True, "GAP-07 WM-SPY-06")
    preparedness_floor: int = setting(0, "GAP-08")
    preparedness_max: int | None = setting(None, "GAP-08 GAP-14", kind=INT)
    debt_floor: int = setting(0, "GAP-08")
    debt_cap: int = setting(6, "GAP-08 WM-CNT-02")
    debt_cap_global: bool = setting(True, "GAP-08 WM-DUT-03")
    combat_companion_choice: str = setting("picker", "GAP-09 WM-CMB-06", choices=("picker", "random"))
    death_rule: str = setting("gm", "GAP-10 WM-CMB-09", choices=("gm", "preparedness_floor"))
    ritual_counts_dead: bool = setting(False, "GAP-10 WM-RIT-01")
    troubles_random_excludes_inactive: bool = setting(True, "GAP-11 WM-TRB-05")
    contradiction_scope: str = setting("week", "GAP-12 WM-TRB-02", choices=("week", "move"))
    contradiction_by_analogy: bool = setting(True, "WM-TRB-02")
    troubles_companion_choice: str = setting("affected", "WM-TRB-01", choices=("affected", "random"))
    week1_info_limit_all_sources: bool = setting(True, "GAP-13 WM-INFO-02")
    invalid_info_scope: str = setting("shelter", "WM-ABL-02 WM-INFO-01", choices=("shelter", "all"))
    xp_max: int | None = setting(None, "GAP-14 WM-CNT-01", kind=INT)
    companion_move_kinds: tuple[str, ...] = setting(
        ("deadly_combat", "preparation", "help"), "GAP-01", kind=LIST, choices=MOVE_KINDS
    )
    companion_stats: str = setting("own", "GAP-01", choices=("own", "master"))
    companion_info: str = setting("master", "GAP-01 GAP-15", choices=("master", "own"))
    companion_prep_source: str = setting("master", "GAP-01 WM-PREP-02", choices=("master", "own"))
    help_miss: str = setting("as_well", "GAP-16 WM-HELP-03", choices=("as_well", "instead"))
    exchange_items_per_side: int = setting(1, "GAP-17 WM-EXCH-01", minimum=1)
    exchange_info: str = setting("either", "WM-EXCH-01", choices=("either", "both"))
    services_refusable: bool = setting(False, "GAP-17 WM-EXCH-02")
    ritual_relay_allowed: bool = setting(False, "WM-EXCH-01 CONFIG")
    ingredient_choice: str = setting("random", "WM-ING-02 CONFIG", choices=("random", "gm"))
    ingredient_catalogue: tuple[str, ...] = setting((), "WM-ING-02 CONFIG")

    def check(self) -> None:
        if self.preparedness_max is not None and self.preparedness_max <= self.preparedness_floor:
            raise SettingsInvalid(
                "preparedness_max", "must be above preparedness_floor", "above", other="preparedness_floor"
            )
        if self.debt_cap <= self.debt_floor:
            raise SettingsInvalid("debt_cap", "must be above debt_floor", "above", other="debt_floor")

    def with_(self, **changes: Any) -> WeeklyMovesSettings:
        return replace(self, **changes)
