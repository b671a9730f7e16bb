"""Per-table Doomtrooper settings: every GAP and CONFIG item of the spec, with the spec's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from referee.engine.system_settings import SettingsInvalid


def _opt(default: Any, ref: str, doc: str, choices: tuple[Any, ...] = (), minimum: int | None = None) -> Any:
    return field(default=default, metadata={"ref": ref, "doc": doc, "choices": choices, "minimum": minimum})


@dataclass(frozen=True)
class DoomtrooperSettings:
    deck_mode: str = _opt("physical", "DT-SET-05 DT-SET-06 GAP-17",
                          "Players use their own cards (physical) or the server holds the decks (app_held).",
                          ("physical", "app_held"))
    vp_target: int = _opt(25, "DT-END-04 GAP-18", "Victory points that win at once; 0 turns it off.", minimum=0)
    cutting_player: str = _opt("next_seat", "DT-SET-01 GAP-16", "Who cuts a deck with more than two players.",
                               ("next_seat",))
    no_warrior_loss_scope: str = _opt("empty_library", "DT-END-02 GAP-01",
                                      "Who loses after two turns without a warrior: only a player with an "
                                      "empty library, or any player.", ("empty_library", "any_player"))
    cover_deploy_cost: str = _opt("any_three", "DT-COV-02 GAP-19",
                                  "Deploy into cover needs 3 unused actions (any_three) or the turn's three "
                                  "ordinary actions, none used before (base_three).", ("any_three", "base_three"))
    leave_cover_cost: int = _opt(1, "GAP-03 DT-ACT-03", "Actions Leave cover costs.", minimum=0)
    cover_attacker: bool = _opt(False, "GAP-06 DT-COV-05", "Whether a warrior in cover may be the attacker.")
    attach_facedown: bool = _opt(False, "GAP-07 DT-EQP-02",
                                 "Whether equipment, gifts and missions may go on a face-down warrior.")
    brotherhood_is_doomtrooper: bool = _opt(False, "DT-EQP-02 CONFIG",
                                            "Whether Brotherhood warriors count as Doomtroopers for restricted "
                                            "equipment.")
    facedown_effect_target: str = _opt("reveal", "DT-COV-08 GAP-20",
                                       "A non-combat effect on a face-down warrior reveals it first, or may not "
                                       "target it.", ("reveal", "untargetable"))
    equipment_discard_on_death: bool = _opt(True, "DT-EQP-04 GAP-10 GAP-21",
                                            "Equipment goes to its owner's discard with its warrior; off: the "
                                            "table decides.")
    dsg_one_per_kind: bool = _opt(False, "DT-DSG-05 GAP-21", "One Dark Symmetry card of each title per warrior.")
    mission_no_duplicate: bool = _opt(False, "DT-MIS-05 GAP-21",
                                      "No second open mission of one title on one target.")
    weapon_limit: str = _opt("one_card", "DT-CMB-02 GAP-22",
                             "One weapon card per warrior, or any number of one class.", ("one_card", "one_class"))
    extra_combatant_pairing: str = _opt("first_opponent", "DT-CMB-10 GAP-23",
                                        "Warriors added to a combat pair with the other side's first warrior.",
                                        ("first_opponent",))
    unpaid_shown: bool = _opt(True, "§2 CONFIG", "Whether a warrior's unpaid status is shown to everyone.")
    starting_fate: int = _opt(5, "DT-SET-02", "Fate points each bank starts with.", minimum=0)
    hand_size: int = _opt(7, "DT-SET-03 DT-DRAW-01 DT-DIS-01", "Cards in the opening hand and after drawing.",
                          minimum=1)
    actions_per_turn: int = _opt(3, "DT-ACT-01", "Actions in a turn before card grants.", minimum=0)
    gm_sees_hidden: bool = _opt(False, "LIVE-TABLES §7", "Whether a seated GM sees hidden cards.")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default is not MISSING else None
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise SettingsInvalid(f.name, "must be true or false")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsInvalid(f.name, "must be a whole number")
                if f.metadata["minimum"] is not None and value < f.metadata["minimum"]:
                    raise SettingsInvalid(f.name, f"must be at least {f.metadata['minimum']}")
            choices = f.metadata["choices"]
            if choices and value not in choices:
                raise SettingsInvalid(f.name, f"must be one of {', '.join(choices)}")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DoomtrooperSettings:
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise SettingsInvalid(key, "is not a Doomtrooper setting")
        return cls(**dict(data))
