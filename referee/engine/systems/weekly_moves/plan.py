"""Ordering a week (WM-GEN-01, GAP-04) and the defaults for players who sent nothing.

Default order: players' blocks by the submission time of their move; in a block, the free
actions declared ``before``, the moves, then the free actions declared ``after``. A GM queue
(``GameState.queue``, move ids) overrides it for the ids it names. Help entries are always
placed right after the move they help, since the help is used inside that move and its own
entry only reports whether it was used (WM-HELP-06).
"""

from __future__ import annotations

from referee.engine.sealed import Move, WeekPlan

from .settings import WeeklyMovesSettings
from .state import GameState, Player
from .validate import ROLL_MOVES

DEFAULT_SEQ = 10**12


def default_moves(player: Player, settings: WeeklyMovesSettings) -> list[Move]:
    """The campaign's default for a silent player (CONFIG ``default_move``): careful, no target."""
    if settings.default_move == "none" or not player.active:
        return []
    payload: dict[str, object] = {"mode": "hold"}
    if settings.default_move == "call_of_duty":
        payload.update(targets=[], picks=["lower_own_debt", "lower_own_debt"])
    return [
        Move(
            id=f"default:{player.id}",
            player=player.id,
            kind=settings.default_move,
            payload=payload,
            seq=DEFAULT_SEQ,
        )
    ]


def _default_order(moves: list[Move], settings: WeeklyMovesSettings) -> list[Move]:
    blocks: dict[str, tuple[list[Move], list[Move], list[Move]]] = {}
    for m in sorted(moves, key=lambda m: (m.seq, m.id)):
        before, main, after = blocks.setdefault(m.player, ([], [], []))
        if m.kind in ROLL_MOVES:
            main.append(m)
        elif (m.payload.get("when") or settings.free_action_timing) == "after":
            after.append(m)
        else:
            before.append(m)

    def key(pid: str) -> tuple[int, str]:
        before, main, after = blocks[pid]
        first = main[0] if main else (before + after)[0]
        return (first.seq, pid)

    return [m for pid in sorted(blocks, key=key) for m in blocks[pid][0] + blocks[pid][1] + blocks[pid][2]]


def plan_week(state: GameState, moves: list[Move], settings: WeeklyMovesSettings) -> WeekPlan:
    """The week's entries in resolution order, defaults added; deterministic for the same input."""
    senders = {m.player for m in moves}
    everyone = list(moves)
    for pl in state.players.values():
        if pl.id not in senders:
            everyone.extend(default_moves(pl, settings))
    helps = sorted((m for m in everyone if m.kind == "help"), key=lambda m: (m.seq, m.id))
    rest = [m for m in everyone if m.kind != "help"]
    ordered = _default_order(rest, settings)
    if state.queue:
        rank = {mid: i for i, mid in enumerate(state.queue)}
        queued = sorted((m for m in ordered if m.id in rank), key=lambda m: rank[m.id])
        ordered = queued + [m for m in ordered if m.id not in rank]
    for h in helps:
        p = h.payload
        at = next(
            (
                i
                for i, m in enumerate(ordered)
                if m.player == p.get("helped")
                and m.kind == p.get("move")
                and m.payload.get("companion") == p.get("helped_companion")
            ),
            None,
        )
        if at is None:
            ordered.append(h)
            continue
        at += 1
        while at < len(ordered) and ordered[at].kind == "help":
            at += 1
        ordered.insert(at, h)
    return WeekPlan(week=state.week, entries=ordered)
