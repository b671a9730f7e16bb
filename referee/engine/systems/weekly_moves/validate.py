"""Checking a submission against what its author may know (a :class:`PlayerView`).

Used at submission and again at resolution (WM-ABL-02). Every check reads the view only,
so an error names only facts the author already holds: their own character, their own
holdings, and every player's public status. Messages are constants keyed by ``code``.
"""

from __future__ import annotations

from typing import Any

from referee.engine.sealed import Move, MoveError

from .info import holder_id, worth
from .moves import MODES, PICKS
from .settings import WeeklyMovesSettings
from .view import PlayerView

ROLL_MOVES = ("ingredient_search", "spying", "deadly_combat", "call_of_duty")
FREE_ACTIONS = ("preparation", "help", "exchange", "compute_ritual", "use_ability")

MESSAGES = {
    "unknown_kind": "That is not a move of this game.",
    "bad_payload": "The move is not filled in correctly.",
    "not_active": "Only a player who is alive and in the Game can act.",
    "no_companion": "You have no such companion able to act.",
    "companion_kind": "A companion cannot take that move.",
    "too_many_moves": "You have already submitted your move for this week.",
    "too_many_free": "You have already submitted as many free actions as this campaign allows.",
    "bad_timing": "Say whether this free action comes before or after your move.",
    "bad_target": "Name another player who is still in the Game.",
    "week1_combat": "Deadly combat is not allowed in week 1.",
    "needs_info": "You need at least 1 info on that player.",
    "needs_shelter": "You need valid knowledge of that player's shelter (1 info).",
    "not_dangerous": "Only a companion with the Dangerous trait may start Deadly combat.",
    "bad_mode": "That is not one of this move's strong-hit choices.",
    "bad_picks": "That is not one of this move's picks.",
    "bad_shift": "A Debt shift names one of your targets and a direction of +1 or -1.",
    "bad_effect": "Preparation either raises Preparedness or heals a companion.",
    "companion_prep": "A companion can raise only its master's Preparedness, or heal itself or another "
    "player's companion.",
    "bad_heal": "Name one of your companions who is not dead.",
    "bad_help": "Help names a player (or companion) and one of the four moves.",
    "familiar_help": "A Familiar may help only its own master or another familiar.",
    "bad_give": "Offer exactly the allowed number of items, each one from the Exchange list.",
    "give_info": "You can offer only info you hold, about yourself or a third player.",
    "give_ritual": "You can offer the Ritual location only if you computed it yourself.",
    "already_known": "You already know the Ritual location.",
    "missing_shelter_info": "You need valid shelter info on every other player still in the Game.",
    "bad_ability": "You have no such ability.",
    "ability_spent": "That ability cannot be used again yet.",
}


def err(code: str, field: str = "") -> MoveError:
    return MoveError(code=code, message=MESSAGES[code], field=field)


class _Check:
    def __init__(self, move: Move, view: PlayerView, settings: WeeklyMovesSettings) -> None:
        self.move = move
        self.p = move.payload
        self.view = view
        self.s = settings
        self.errors: list[MoveError] = []
        cid = self.p.get("companion")
        self.companion = view.me.companion(cid) if isinstance(cid, str) else None
        self.holder = holder_id(view.viewer, self.companion.id if self.companion else None, settings)

    def add(self, code: str, field: str = "") -> None:
        self.errors.append(err(code, field))

    def info(self, subject: str, *, shelter: bool) -> int:
        return worth(self.view.holding(self.holder, subject), self.s, shelter=shelter)

    def other(self, pid: Any, field: str, *, allow_dead: bool = False) -> bool:
        p = self.view.players.get(pid) if isinstance(pid, str) else None
        ok = p is not None and p.id != self.view.viewer and (p.active or (allow_dead and p.status == "dead"))
        if not ok:
            self.add("bad_target", field)
        return ok

    def needs(self, subject: str, field: str, *, shelter: bool) -> None:
        if self.s.submission_info_check and self.info(subject, shelter=shelter) < 1:
            self.add("needs_shelter" if shelter else "needs_info", field)

    def mode_and_picks(self) -> None:
        kind = self.move.kind
        mode = self.p.get("mode")
        if mode is not None and mode not in (*MODES[kind], "push", "hold"):
            self.add("bad_mode", "mode")
        picks = self.p.get("picks")
        if picks is not None:
            known = {p.id for p in PICKS.get(kind, ())}
            if not isinstance(picks, list) or any(p not in known for p in picks):
                self.add("bad_picks", "picks")


def _common(c: _Check) -> bool:
    m, view, s = c.move, c.view, c.s
    if m.kind not in ROLL_MOVES + FREE_ACTIONS or not isinstance(m.payload, dict):
        c.add("unknown_kind", "kind")
        return False
    if not view.me.active:
        c.add("not_active")
        return False
    cid = c.p.get("companion")
    if cid is not None:
        if c.companion is None or not c.companion.alive:
            c.add("no_companion", "companion")
            return False
        if m.kind not in s.companion_move_kinds:
            c.add("companion_kind", "kind")
            return False
    others = [o for o in view.my_moves if o.id != m.id]
    if m.kind in ROLL_MOVES:
        same_actor = [o for o in others if o.kind in ROLL_MOVES and o.payload.get("companion") == cid]
        if len(same_actor) >= s.moves_per_week:
            c.add("too_many_moves")
    else:
        if (
            s.free_actions_per_week is not None
            and len([o for o in others if o.kind in FREE_ACTIONS]) >= s.free_actions_per_week
        ):
            c.add("too_many_free")
        if c.p.get("when") not in (None, "before", "after"):
            c.add("bad_timing", "when")
    return True


def _spying(c: _Check) -> None:
    c.other(c.p.get("target"), "target", allow_dead=True)
    c.mode_and_picks()


def _combat(c: _Check) -> None:
    if c.view.week == 1:
        c.add("week1_combat")
    if c.companion is not None and not c.companion.dangerous:
        c.add("not_dangerous", "companion")
    if c.other(c.p.get("target"), "target", allow_dead=True):
        c.needs(str(c.p["target"]), "target", shelter=True)
    c.mode_and_picks()


def _duty(c: _Check) -> None:
    targets = c.p.get("targets", [])
    if not isinstance(targets, list) or len(set(map(str, targets))) != len(targets):
        c.add("bad_target", "targets")
        return
    for t in targets:
        if c.other(t, "targets"):
            c.needs(str(t), "targets", shelter=True)
    shift = c.p.get("shift")
    if shift is not None and not (
        isinstance(shift, dict) and shift.get("target") in targets and shift.get("direction") in (1, -1)
    ):
        c.add("bad_shift", "shift")
    c.mode_and_picks()


def _preparation(c: _Check) -> None:
    me = c.view.me
    effect = c.p.get("effect")
    target = c.p.get("target") or me.id
    heal = c.p.get("heal")
    if effect not in ("preparedness", "heal"):
        c.add("bad_effect", "effect")
        return
    if c.companion is not None:
        to_master = effect == "preparedness" and target == me.id
        self_heal = effect == "heal" and target == me.id and heal in (None, c.companion.id)
        if not (to_master or self_heal or (effect == "heal" and target != me.id)):
            c.add("companion_prep", "effect")
            return
    if target != me.id:
        if c.other(target, "target"):
            c.needs(str(target), "target", shelter=False)
    elif effect == "heal":
        own = me.companion(heal) if isinstance(heal, str) else None
        if c.companion is not None and heal is None:
            own = c.companion
        if own is None or not own.alive:
            c.add("bad_heal", "heal")


def _help(c: _Check) -> None:
    me = c.view.me
    helped = c.p.get("helped")
    helped_c = c.p.get("helped_companion")
    if c.p.get("move") not in ROLL_MOVES or not isinstance(helped, str) or helped not in c.view.players:
        c.add("bad_help", "helped")
        return
    if c.p["move"] == "deadly_combat" and c.view.week == 1:
        c.add("week1_combat", "move")
    actor_self = c.companion.id if c.companion else None
    if helped == me.id and helped_c == actor_self:
        c.add("bad_help", "helped")  # nobody helps their own move
        return
    if helped != me.id:
        if c.other(helped, "helped"):
            c.needs(helped, "helped", shelter=False)
    elif helped_c is not None and me.companion(helped_c) is None:
        c.add("bad_help", "helped_companion")
    if c.companion is not None and c.companion.familiar:
        if helped_c is None and helped != me.id:
            c.add("familiar_help", "helped")
        elif helped == me.id and helped_c is not None:
            own = me.companion(helped_c)
            if own is not None and not own.familiar:
                c.add("familiar_help", "helped_companion")


def _exchange(c: _Check) -> None:
    me = c.view.me
    partner = c.p.get("partner")
    if c.other(partner, "partner") and c.s.exchange_info == "both":
        c.needs(str(partner), "partner", shelter=False)
    give = c.p.get("give")
    if (
        not isinstance(give, list)
        or len(give) != c.s.exchange_items_per_side
        or not all(isinstance(i, dict) for i in give)
    ):
        c.add("bad_give", "give")
        return
    for item in give:
        kind = item.get("type")
        if kind == "info":
            subject = item.get("subject")
            if (
                subject == partner
                or subject not in c.view.players
                or (subject != me.id and c.info(str(subject), shelter=False) < 1)
            ):
                c.add("give_info", "give")
        elif kind == "ritual":
            if not me.knows_ritual_location or (
                me.ritual_source != "computed" and not c.s.ritual_relay_allowed
            ):
                c.add("give_ritual", "give")
        elif kind == "ingredient":
            if item.get("choice", "giver") not in ("giver", "receiver", "blind") or (
                item.get("choice", "giver") == "giver" and not isinstance(item.get("item"), str)
            ):
                c.add("bad_give", "give")
        elif kind == "artifact":
            if not isinstance(item.get("item"), str):
                c.add("bad_give", "give")
        elif kind != "service" or not isinstance(item.get("text"), str) or not item["text"].strip():
            c.add("bad_give", "give")


def _ritual(c: _Check) -> None:
    me = c.view.me
    if me.knows_ritual_location:
        c.add("already_known")
        return
    if not c.s.submission_info_check:
        return
    for p in c.view.players.values():
        needed = (
            p.id != me.id and not p.ever_out and (p.active or (c.s.ritual_counts_dead and p.status == "dead"))
        )
        if needed and c.info(p.id, shelter=True) < 1:
            c.add("missing_shelter_info")
            return


def _ability(c: _Check) -> None:
    ability = c.view.me.ability(str(c.p.get("ability")))
    if ability is None:
        c.add("bad_ability", "ability")
        return
    planned = sum(
        1
        for o in c.view.my_moves
        if o.id != c.move.id and o.kind == "use_ability" and o.payload.get("ability") == ability.id
    )
    if ability.counter != "none" and ability.used + planned >= ability.uses:
        c.add("ability_spent", "ability")


CHECKS = {
    "ingredient_search": lambda c: c.mode_and_picks(),
    "spying": _spying,
    "deadly_combat": _combat,
    "call_of_duty": _duty,
    "preparation": _preparation,
    "help": _help,
    "exchange": _exchange,
    "compute_ritual": _ritual,
    "use_ability": _ability,
}


def validate_move(move: Move, view: PlayerView, settings: WeeklyMovesSettings) -> list[MoveError]:
    """Every rules error in ``move`` as its author can know them; empty when the move is valid."""
    c = _Check(move, view, settings)
    try:
        if _common(c):
            CHECKS[move.kind](c)
    except (TypeError, AttributeError, KeyError):
        c.add("bad_payload")
    return c.errors
