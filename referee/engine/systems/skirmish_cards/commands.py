"""The skirmish's command types: kind, who may send it, its phases, payload fields, rule IDs."""

from __future__ import annotations

from referee.engine.live.system import CommandType, Field
from referee.engine.systems.skirmish_cards.activation import MOVE_MODES
from referee.engine.systems.skirmish_cards.interrupts import DUCK_MODES
from referee.engine.systems.skirmish_cards.nerve import POSITION_FACTS, owed_for
from referee.engine.systems.skirmish_cards.shooting import COVERS, RANGES

ACT = ("activations",)
CHAR = Field("str")
SHOT = {
    "range": Field("str", False, RANGES), "cover": Field("str", False, COVERS), "obscured": Field("bool", False),
    "above": Field("bool", False), "modifiers": Field("strs", False), "extra": Field("int", False, (), -20, 20),
    "obscured_by": Field("str", False), "by_card": Field("bool", False),
}


def _t(kind: str, who: str, phases: tuple[str, ...], fields: dict, rules: tuple[str, ...], en: str,
       undoable: bool = True) -> CommandType:
    return CommandType(kind, who, phases, fields, rules, {"en": en}, undoable)


TYPES = {t.kind: t for t in (
    _t("place_first", "anyone", ("initiative",), {"character": CHAR}, ("SC-INIT-01",), "Place your first card"),
    _t("decide", "decider", (), {"key": Field("str"), "choice": Field("str", False), "with": Field("str", False),
                                 "order": Field("strs", False)},
       ("SC-INIT-05", "SC-INIT-08", "SC-SHT-08", "SC-INT-04"), "Answer"),
    _t("declare", "active", ACT, {"character": CHAR, "actions": Field("strs"), "howl_target": Field("str", False)},
       ("SC-ACT-01", "SC-ACT-02"), "Declare actions"),
    _t("move", "active", ACT, {"character": CHAR, "mode": Field("str", False, MOVE_MODES),
                               "target": Field("str", False), "distance_cm": Field("int", False, (), 1, 100),
                               "climb_moves": Field("int", False, (), 1, 3), "into_building": Field("bool", False),
                               "tether": Field("bool", False)},
       ("SC-MOV-01", "SC-MOV-05", "SC-MOV-06", "SC-MNT-02", "SC-MNT-04", "SC-SUP-04"), "Move"),
    _t("aim", "active", ACT, {"character": CHAR}, ("SC-ACT-05",), "Aim"),
    _t("shoot", "active", ACT, {"character": CHAR, "target": Field("str"),
                                "part": Field("str", False, ("rider", "horse")), "nearest": Field("bool", False),
                                "vehicle_markers": Field("int", False, (), 0, 9),
                                **SHOT},
       ("SC-SHT-01", "SC-SHT-02", "SC-SHT-06"), "Shoot"),
    _t("reload", "active", ACT, {"character": CHAR, "switch": Field("bool", False)}, ("SC-ACT-06",), "Reload"),
    _t("recover", "active", ACT, {"character": CHAR}, ("SC-ACT-07",), "Recover"),
    _t("fight", "active", ACT, {"character": CHAR, "defensive": Field("bool", False), "lasso": Field("bool", False),
                                "throw": Field("bool", False), "higher": Field("bool", False)},
       ("SC-HTH-01", "SC-HTH-03", "SC-HTH-06", "SC-HTH-12", "SC-HTH-13"), "Fight"),
    _t("break_off", "active", ACT, {"character": CHAR}, ("SC-HTH-10",), "Break off"),
    _t("mount_free", "active", ACT, {"character": CHAR, "dismount": Field("bool", False)}, ("SC-MNT-02",),
       "Mount or dismount (free for this faction)"),
    _t("end_activation", "active", ACT, {"character": CHAR}, ("SC-INIT-10",), "End the activation"),
    _t("dirty_rat", "anyone", ACT, {"character": CHAR}, ("SC-ACT-03",), "Dirty rat: it acted before declaring"),
    _t("duck_back", "priority", ACT, {"character": CHAR, "mode": Field("str", False, DUCK_MODES),
                                      "cover": Field("str", False, COVERS), "visible": Field("bool", False)},
       ("SC-INT-03", "SC-INT-04", "SC-MNT-08"), "Duck Back"),
    _t("quick_shot", "priority", ACT, {"character": CHAR, **SHOT}, ("SC-INT-05",), "Quick Shot"),
    _t("hth_declare", "priority", ACT, {"character": CHAR, "defensive": Field("bool", False),
                                        "throw": Field("bool", False), "higher": Field("bool", False)},
       ("SC-HTH-06", "SC-HTH-13"), "Declare for the fight"),
    _t("pass", "priority", ACT, {}, ("SC-INT-01",), "Pass"),
    _t("play_card", "anyone", (), {"card": Field("card"), "answer": Field("bool", False),
                                   "target": Field("str", False)},
       ("SC-DECK-04", "SC-DECK-05", "SC-DECK-06"), "Play a card"),
    _t("eot_draw", "player", ("end_of_turn",), {"draw": Field("bool"), "discard": Field("card", False)},
       ("SC-DECK-07", "SC-DECK-08"), "End-of-turn draw"),
    _t("set_fact", "anyone", (), {"character": CHAR, "name": Field("str", True, POSITION_FACTS),
                                  "value": Field("bool")}, ("SC-NRV-02",), "Enter a table fact"),
    _t("dispute_fact", "anyone", (), {"key": Field("str")}, (), "Dispute a table fact"),
    CommandType("nerve_test", "anyone", ACT, {"character": CHAR,
                                              "trigger": Field("str", True, ("SC-HTH-13", "SC-FALL-06"))},
                ("SC-NRV-03", "SC-HTH-13", "SC-FALL-06"), {"en": "Nerve test the app cannot see coming"},
                when=owed_for),
    _t("concede", "player", (), {}, ("SC-END-02",), "Concede"),
    _t("declare_result", "gm", (), {"winner": Field("str")}, ("SC-END-02",), "Declare the scenario's result"),
)}
