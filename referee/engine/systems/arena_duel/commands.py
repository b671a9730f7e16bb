"""The arena duel's command types: kind, who may send it, in which phases, its payload, its rule IDs."""

from __future__ import annotations

from referee.engine.live.system import CommandType, Field

PREP = ("prep_info", "prep_gambling", "prep_bans", "prep_selection", "prep_final")
FIGHT, POST = ("fight",), ("post",)
SOURCE = Field("str", required=False, choices=("fight", "persistent"))


def _t(kind: str, who: str, phases: tuple[str, ...], rules: tuple[str, ...], undoable: bool = True,
       **fields: Field) -> CommandType:
    return CommandType(kind, who, phases, fields, rules, undoable=undoable)


TYPES = {t.kind: t for t in (
    # Hidden rolls, bennies, the GM's announcements and rulings (any phase)
    _t("reroll", "player", (), ("AD-ROLL-02", "AD-BEN-04"), roll=Field("str"), source=SOURCE),
    _t("finalize", "player", (), ("AD-ROLL-02", "AD-ROLL-04"), roll=Field("str")),
    _t("announce", "gm", (), ("AD-ROLL-03",), False, roll=Field("str", required=False),
       contest=Field("str", required=False), effect=Field("str", required=False)),
    _t("contest_rule", "gm", (), ("AD-DICE-04",), False, contest=Field("str"), winner=Field("seat")),
    _t("phase_next", "gm", (*PREP, *FIGHT), ("AD-PREP-01",), False),
    _t("unshake", "player", (), ("AD-BEN-04", "AD-HOLD-04"), by=Field("str", choices=("benny", "spirit")),
       source=SOURCE),
    _t("award", "gm", (), ("AD-BEN-03",), False, seat=Field("seat"), item=Field("str")),
    # Preparation
    _t("notice", "player", PREP, ("AD-PREP-02", "AD-PREP-04")),
    _t("knowledge_magic", "player", PREP, ("AD-PREP-03", "AD-PREP-04")),
    _t("learn", "player", PREP, ("AD-PREP-02",), False, what=Field("str", choices=("trait", "feature")),
       name=Field("str", required=False)),
    _t("ban", "player", ("prep_bans",), ("AD-PREP-05", "AD-PREP-06", "AD-PREP-07"), False, group=Field("str")),
    _t("persuade", "player", ("prep_bans",), ("AD-PREP-06",)),
    _t("bans_done", "player", ("prep_bans",), ("AD-PREP-06",), False),
    _t("loser_first", "player", ("prep_selection",), ("AD-PREP-08",), False),
    _t("choose", "player", ("prep_selection",), ("AD-PREP-08", "AD-PREP-09"), False, items=Field("strs")),
    _t("poison", "player", ("prep_final",), ("AD-POI-01",), item=Field("str")),
    _t("will_duel", "player", ("prep_final",), ("AD-WILL-01", "AD-WILL-02"),
       skill=Field("str", choices=("intimidation", "taunt"))),
    # The fight
    _t("stealth", "player", FIGHT, ("AD-STL-01",)),
    _t("signal", "gm", FIGHT, ("AD-ORD-01",)),
    _t("distance_set", "gm", FIGHT, ("AD-SET-03",), distance=Field("int", minimum=0, maximum=999)),
    _t("declare", "active", FIGHT, ("AD-ORD-02", "AD-HOLD-01", "AD-MULTI-01"), False,
       move_to=Field("int", required=False, minimum=0, maximum=999), actions=Field("objs", required=False),
       hold_trigger=Field("int", required=False, minimum=0, maximum=999), hold_actions=Field("objs", required=False)),
    _t("trigger", "gm", FIGHT, ("AD-HOLD-02", "AD-HOLD-05"), False, holder=Field("seat"),
       how=Field("str", choices=("contested", "pass_through")), square=Field("int", required=False, minimum=0)),
    _t("act", "player", FIGHT, ("AD-ORD-02", "AD-HOLD-04")),
    _t("damage", "player", FIGHT, ("AD-WPN-02",)),
    _t("soak", "player", FIGHT, ("AD-BEN-06",), source=SOURCE),
    _t("take", "anyone", FIGHT, ("AD-BEN-06",)),
    _t("pass_step", "gm", FIGHT, ("AD-HOLD-03",)),
    _t("end_turn", "active", FIGHT, ("AD-ORD-01",)),
    # After the fight
    _t("skill_roll", "player", POST, ("AD-POST-01", "AD-POST-02"), skill=Field("str"),
       target=Field("seat", required=False)),
    _t("ritual_skill", "gm", POST, ("AD-POST-03",), seat=Field("seat"), skill=Field("str")),
    _t("ritual", "player", POST, ("AD-POST-03",), skill=Field("str")),
    _t("concede", "player", (), (), False),  # LIVE-TABLES §6: the conceding fighter loses
    _t("close", "gm", POST, ("AD-POST-04", "AD-BEN-02"), False, winner=Field("seat", required=False),
       force=Field("bool", required=False)),
)}
