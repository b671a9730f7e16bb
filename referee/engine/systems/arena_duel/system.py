"""The arena duel as a live system (LIVE-TABLES §2): the Savage Worlds Deluxe duel, refereed by a GM.

Seats: two fighters (players) and the GM, who sees everything (the arena default), announces
effects and rules on triggers. Each fighter's character (sheet and persistent bennies) is its
seat option when the table is created; the outcome hands the characters back (:mod:`.post`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.live.events import Event, public
from referee.engine.live.state import GM, PLAYER, TableState
from referee.engine.live.system import Command, CommandError, CommandType, LiveSystem
from referee.engine.live.turns import phase_set
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel import combat, flow, holds, post, prep, tricks, view
from referee.engine.systems.arena_duel import rolls as r
from referee.engine.systems.arena_duel.commands import TYPES
from referee.engine.systems.arena_duel.context import Apply, Ctx, Validate
from referee.engine.systems.arena_duel.lane import validate_declare
from referee.engine.systems.arena_duel.pack import ArenaPack, default_pack
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings
from referee.engine.systems.arena_duel.sheets import Character, keep_learned


def _none(view: TableState, cmd: Command, ctx: Ctx) -> None:
    return None


HANDLERS: dict[str, tuple[Validate, Apply]] = {
    "reroll": (flow.validate_reroll, flow.apply_reroll),
    "finalize": (flow.validate_finalize, flow.apply_finalize),
    "announce": (flow.validate_announce, flow.apply_announce),
    "contest_rule": (flow.validate_contest_rule, flow.apply_contest_rule),
    "phase_next": (flow.validate_phase_next, flow.apply_phase_next),
    "unshake": (combat.validate_unshake, combat.apply_unshake),
    "award": (post.validate_award, post.apply_award),
    "notice": (prep.validate_info, prep.apply_info),
    "knowledge_magic": (prep.validate_info, prep.apply_info),
    "learn": (prep.validate_learn, prep.apply_learn),
    "ban": (prep.validate_ban, prep.apply_ban),
    "persuade": (prep.validate_persuade, prep.apply_persuade),
    "bans_done": (prep.validate_bans_done, prep.apply_bans_done),
    "loser_first": (prep.validate_loser_first, prep.apply_loser_first),
    "choose": (prep.validate_choose, prep.apply_choose),
    "poison": (tricks.validate_poison, tricks.apply_poison),
    "will_duel": (tricks.validate_will, tricks.apply_will),
    "stealth": (flow.validate_stealth, flow.apply_stealth),
    "signal": (flow.validate_signal, flow.apply_signal),
    "distance_set": (flow.validate_distance_set, flow.apply_distance_set),
    "declare": (validate_declare, holds.apply_declare),
    "trigger": (flow.validate_trigger, flow.apply_trigger),
    "act": (combat.validate_act, combat.apply_act),
    "damage": (combat.validate_damage, combat.apply_damage),
    "soak": (combat.validate_soak, combat.apply_soak),
    "take": (combat.validate_take, lambda state, cmd, roller, ctx: combat.harm_apply(state)),
    "pass_step": (combat.validate_pass_step, combat.apply_pass_step),
    "end_turn": (combat.validate_end_turn, combat.apply_end_turn),
    "skill_roll": (post.validate_skill, post.apply_skill),
    "ritual_skill": (post.validate_ritual_skill, post.apply_ritual_skill),
    "ritual": (post.validate_ritual, post.apply_ritual),
    "close": (post.validate_close, post.apply_close),
    "concede": (_none, post.apply_concede),
}
assert set(HANDLERS) == set(TYPES)


def _private_part(character: Character) -> dict[str, Any]:
    return {
        "character": character.id, "sheet": character.sheet, "knowledge": [], "attempts": {}, "reveals": 0,
        "loadout": [], "seen_loadout": None, "vial_used": False, "poisoned": "", "poison_failed": "",
        "will_used": [], "declaration": None, "hold": None, "rolls": {}, "next_roll": 0,
        "persistent": {"unspent": [], "spent": []}, "awarded": [], "ritual_done": False,
    }


class ArenaDuel(LiveSystem):
    """The arena duel as a live system, on a weapon pack (the shipped one by default)."""

    slug = "arena_duel"
    gm_sees_hidden = True

    def __init__(self, pack: ArenaPack | None = None) -> None:
        self._pack = pack

    @property
    def pack(self) -> ArenaPack:
        return self._pack or default_pack()

    def ctx(self, state: TableState) -> Ctx:
        """The table's settings and its pinned pack (``state.rules``, set by whoever loaded the state),
        else this system's own pack."""
        pack = state.rules if isinstance(state.rules, ArenaPack) else self.pack
        return Ctx(ArenaDuelSettings.from_dict(state.settings), pack)

    def command_types(self) -> Mapping[str, CommandType]:
        return TYPES

    def settings_from_dict(self, raw: Mapping[str, Any]) -> ArenaDuelSettings:
        return ArenaDuelSettings.from_dict(raw)

    def seat_check(self, settings: Any, options: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        """A fighter's seat brings its character (sheet and persistent bennies); a GM's brings nothing."""
        if "character" not in options:
            return {}
        return {"character": Character.from_dict(options["character"]).to_dict()}

    def new_state(self, *, seats: Mapping[str, str], key: str, settings: Any,
                  options: Mapping[str, Mapping[str, Any]]) -> TableState:
        s = settings if isinstance(settings, ArenaDuelSettings) else ArenaDuelSettings.from_dict(settings or {})
        fighters = [seat for seat, role in seats.items() if role == PLAYER]
        if len(fighters) != 2:
            raise CommandError("two_fighters", "an arena duel has exactly two fighters")
        state = TableState(system=self.slug, seats=dict(seats), key=key, settings=s.to_dict())
        if s.gm_sees_hidden:
            state.sees_hidden = [seat for seat, role in seats.items() if role == GM]
        characters = {}
        for seat in fighters:
            if "character" not in options.get(seat, {}):
                raise CommandError("no_character", f"the GM loads a character for {seat}", "character")
            characters[seat] = Character.from_dict(options[seat]["character"])
        zero = dict.fromkeys(fighters, 0)
        state.data = {
            "fighters": fighters,
            "public": {seat: {"name": c.sheet["name"], "charisma": c.sheet["charisma"], "loadout": []}
                       for seat, c in characters.items()},
            "private": {seat: _private_part(c) for seat, c in characters.items()},
            "characters": {seat: [b.id for b in c.unspent] for seat, c in characters.items()},
            "duel": {"gambling": {"contest": "", "winner": "", "loser": ""}, "bans": [], "bans_step": "",
                     "extra_bans": 0, "persuaded": False, "will_started": False, "contests_made": 0,
                     "selection": {"loser_first": s.selection_order == "loser_first", "chosen": []},
                     "ritual_skill": {}},
            "contests": {},
            "fight": {"positions": {}, "distance": None, "shaken": dict.fromkeys(fighters, False),
                      "wounds": dict(zero), "bonus": dict(zero), "readied": {f: [] for f in fighters},
                      "stealth": {}, "spirit_turn": {}, "crossbow_turn": {}, "buckler_turn": {},
                      "may_act": dict.fromkeys(fighters, True), "declaration": None, "queue": [],
                      "queue_started": False, "hold": None, "harm": None, "result": None},
        }
        return state

    def setup(self, state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]:
        """The duel opens: three bennies each (AD-BEN-01); only the final Charisma is public (AD-INFO-01)."""
        ctx = self.ctx(state)
        events: list[Event] = []
        for seat in state.data["fighters"]:
            persistent = state.data["characters"].pop(seat)
            bn.bennies_open(state, seat, fight=ctx.settings.fight_bennies, persistent=persistent)
            events.append(r.secret(state, "bennies.given", seat, "AD-BEN-01", fight=ctx.settings.fight_bennies,
                                   persistent=len(persistent)))
        del state.data["characters"]
        phase_set(state, ctx.settings.prep_order[0])
        charisma = {s: state.data["public"][s]["charisma"] for s in state.data["fighters"]}
        return [public("duel.opened", "AD-INFO-01", charisma=charisma, phase=state.turn.phase), *events]

    def validate(self, view: TableState, command: Command) -> None:
        HANDLERS[command.kind][0](view, command, self.ctx(view))

    def apply(self, state: TableState, command: Command, roller: Roller) -> list[Event]:
        ctx = self.ctx(state)
        events = HANDLERS[command.kind][1](state, command, roller, ctx)
        if state.turn.phase == "fight":
            events += holds.advance(state, roller, ctx)  # a hold triggers when the queue reaches it
        return events

    def view_for(self, state: TableState, viewer: str) -> dict[str, Any]:
        return view.view_for(state, viewer)

    def outcome_public(self, outcome: Mapping[str, Any] | None) -> dict[str, Any] | None:
        """What everyone may read of the outcome (the close's public event, the timeline)."""
        return view.outcome_public(outcome)

    def counts_private(self, settings: Mapping[str, Any]) -> bool:
        """AD-ROLL-05 (GAP-01): how often a fighter rolled and rerolled is its own and the GM's."""
        return ArenaDuelSettings.from_dict(settings).benny_counts_private

    def keep_seen(self, state: TableState, seen: TableState) -> None:
        """After an undo or an amend: what each fighter had learned stays learned (LIVE-TABLES §6)."""
        keep_learned(state, seen)

    def affordances(self, view_: TableState, viewer: str) -> list[dict[str, Any]]:
        return view.affordances(self, view_, viewer, self.ctx(view_))


SYSTEM = ArenaDuel()
