"""Per-table Doomtrooper settings: every GAP and CONFIG item of the spec, with the spec's defaults.

Declared on the one settings base (:mod:`referee.engine.system_settings`); their words are in the
Doomtrooper catalogue of setting words on the Django side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.engine.system_settings import SettingsBase, setting


@dataclass(frozen=True)
class DoomtrooperSettings(SettingsBase):
    """Table settings; see each field's ``ref`` (GAP-nn / CONFIG rule)."""

    KIND: ClassVar[str] = "Doomtrooper"

    deck_mode: str = setting("physical", "DT-SET-05 DT-SET-06 GAP-17", choices=("physical", "app_held"))
    vp_target: int = setting(25, "DT-END-04 GAP-18", minimum=0)
    cutting_player: str = setting("next_seat", "DT-SET-01 GAP-16", choices=("next_seat",))
    no_warrior_loss_scope: str = setting("empty_library", "DT-END-02 GAP-01", choices=("empty_library", "any_player"))
    cover_deploy_cost: str = setting("any_three", "DT-COV-02 GAP-19", choices=("any_three", "base_three"))
    leave_cover_cost: int = setting(1, "GAP-03 DT-ACT-03", minimum=0)
    cover_attacker: bool = setting(False, "GAP-06 DT-COV-05")
    attach_facedown: bool = setting(False, "GAP-07 DT-EQP-02")
    brotherhood_is_doomtrooper: bool = setting(False, "DT-EQP-02 CONFIG")
    facedown_effect_target: str = setting("reveal", "DT-COV-08 GAP-20", choices=("reveal", "untargetable"))
    equipment_discard_on_death: bool = setting(True, "DT-EQP-04 GAP-10 GAP-21")
    dsg_one_per_kind: bool = setting(False, "DT-DSG-05 GAP-21")
    mission_no_duplicate: bool = setting(False, "DT-MIS-05 GAP-21")
    weapon_limit: str = setting("one_card", "DT-CMB-02 GAP-22", choices=("one_card", "one_class"))
    extra_combatant_pairing: str = setting("first_opponent", "DT-CMB-10 GAP-23", choices=("first_opponent",))
    unpaid_shown: bool = setting(True, "§2 CONFIG")
    starting_fate: int = setting(5, "DT-SET-02", minimum=0)
    hand_size: int = setting(7, "DT-SET-03 DT-DRAW-01 DT-DIS-01", minimum=1)
    actions_per_turn: int = setting(3, "DT-ACT-01", minimum=0)
    gm_sees_hidden: bool = setting(False, "LIVE-TABLES §7")
