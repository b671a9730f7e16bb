"""Doomtrooper's command types: kind, who sends it, in which step and when (``offers.when_of``), its fields,
the rules it applies."""

from __future__ import annotations

from referee.engine.live.system import CommandType, Field
from referee.engine.systems.doomtrooper.offers import when_of

PLAYED = {"card": Field("card", required=False), "slug": Field("str", required=False)}
WARRIOR = {"warrior": Field("card")}
ACTIONS = ("actions",)
COMBAT = ("combat",)


def _t(kind: str, who: str, phases: tuple[str, ...], fields: dict[str, Field], *rules: str,
       undoable: bool = True) -> CommandType:
    return CommandType(kind, who, phases, fields, tuple(rules), undoable=undoable, when=when_of(kind))


TYPES = {t.kind: t for t in (
    _t("report_draw", "active", ("draw",), {"hand_count": Field("int", minimum=0, maximum=500),
                                            "library_empty": Field("bool", required=False)},
       "DT-DRAW-01", "DT-DRAW-02", "DT-SET-05"),
    _t("report_library_empty", "player", (), {}, "DT-END-01", "DT-SET-05"),
    _t("deploy", "active", ACTIONS, {**PLAYED, "zone": Field("str", required=False)}, "DT-DEP-01", "DT-DEP-02",
       "DT-DEP-03"),
    _t("deploy_cover", "active", ACTIONS, {**PLAYED, "zone": Field("str", required=False)}, "DT-COV-02",
       "DT-COV-06"),
    _t("take_cover", "active", ACTIONS, WARRIOR, "DT-COV-01"),
    _t("leave_cover", "active", ACTIONS, {**WARRIOR, "slug": Field("str", required=False)}, "DT-COV-03",
       "DT-COV-04", "DT-COV-06"),
    _t("meditate", "active", ACTIONS, {}, "DT-MED-01"),
    _t("equip", "active", ACTIONS, {**PLAYED, **WARRIOR}, "DT-EQP-01", "DT-EQP-02"),
    _t("reattach", "active", ACTIONS, {"card": Field("card"), **WARRIOR}, "DT-EQP-03"),
    _t("grant_gift", "active", ACTIONS, {**PLAYED, **WARRIOR}, "DT-DSG-01", "DT-DSG-02", "DT-DSG-05"),
    _t("assign_mission", "active", ACTIONS, {**PLAYED, "warrior": Field("card", required=False),
                                             "player": Field("seat", required=False)}, "DT-MIS-01", "DT-MIS-02"),
    _t("complete_mission", "player", (), {"mission": Field("card")}, "DT-MIS-04"),
    _t("play_effect", "active", ("draw", "actions", "discard"), {**PLAYED, "target": Field("card", required=False)},
       "DT-TURN-02", "DT-COV-08"),
    _t("attack", "active", ACTIONS, {"attacker": Field("card"), "defender": Field("card"),
                                     "tactic": Field("str", choices=("fight", "shoot"))},
       "DT-ATK-01", "DT-ATK-02", "DT-ATK-03"),
    _t("weapon", "priority", COMBAT, {**WARRIOR, "weapons": Field("cards")}, "DT-CMB-02"),
    _t("modifier", "priority", COMBAT, {**PLAYED, **WARRIOR}, "DT-CMB-04", "DT-CMB-05"),
    _t("add_combatant", "priority", COMBAT, {**PLAYED, **WARRIOR,
                                             "side": Field("str", choices=("attackers", "defenders"))}, "DT-CMB-10"),
    _t("replace_combatant", "priority", COMBAT, {**PLAYED, **WARRIOR,
                                                 "side": Field("str", choices=("attackers", "defenders"))},
       "DT-CMB-06"),
    _t("pass", "priority", COMBAT, {}, "DT-CMB-04"),
    _t("end_actions", "active", ACTIONS, {}, "DT-ACT-01", "DT-TURN-01"),
    _t("end_turn", "active", ("discard",), {"cards": Field("cards", required=False),
                                            "slugs": Field("strs", required=False)}, "DT-DIS-01", "DT-DIS-02"),
    _t("concede", "player", (), {}, undoable=False),  # LIVE-TABLES §6: the conceding player loses
    _t("answer", "decider", (), {"decision": Field("str"), "vp": Field("int", required=False, minimum=0),
                                 "choice": Field("str", required=False)}, "DT-PTS-02", undoable=False),
)}
