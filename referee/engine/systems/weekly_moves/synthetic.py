"""A synthetic week for engine benchmarks and property tests: valid state, valid moves, no pauses.

``make_synthetic_week(n_players=200, moves_each=3, seed=1)`` gives week 2 of a game in which
each player holds info on the next few players around a ring, and submits one move plus
``moves_each - 1`` free actions, every one valid at submission. Its settings resolve
decisions automatically, so a run never pauses. :class:`SyntheticRoller` is a plain
``random.Random`` roller for benchmarks only; game dice come from ``referee.engine.dice``.
"""

from __future__ import annotations

import random
import re
from typing import Any, NamedTuple

from referee.engine.rolls import Roll
from referee.engine.sealed import Move

from .settings import WeeklyMovesSettings
from .state import Ability, Companion, GameState, InfoHolding, Player
from .validate import validate_move
from .view import view_for

_NOTATION = re.compile(r"^(\d*)d(\d+)$", re.IGNORECASE)


class SyntheticRoller:
    """Rolls ``NdM`` from ``random.Random(seed)``; records what it made (Roller protocol)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._made: list[Roll] = []

    @property
    def made(self) -> list[Roll]:
        return self._made

    def roll(self, notation: str, *, rule: str = "", label: str = "") -> Roll:
        match = _NOTATION.match(notation.strip())
        if not match:
            raise ValueError(f"unsupported notation {notation!r}")
        count, sides = int(match.group(1) or 1), int(match.group(2))
        faces = tuple(self._rng.randint(1, sides) for _ in range(count))
        roll = Roll(notation=notation, faces=faces, kept=faces, total=sum(faces), label=label, rule=rule)
        self._made.append(roll)
        return roll


class SyntheticWeek(NamedTuple):
    state: GameState
    moves: list[Move]
    settings: WeeklyMovesSettings


INGREDIENTS = ("mandrake_root", "grave_dust", "wolfsbane", "raven_feather")


def _player(rng: random.Random, i: int) -> Player:
    pid = f"p{i}"
    companions = [
        Companion(
            id=f"{pid}c1",
            dangerous=rng.random() < 0.5,
            familiar=rng.random() < 0.3,
            stats={"might": rng.randint(-1, 2)},
        )
    ]
    return Player(
        id=pid,
        name=f"Player {i}",
        magic=rng.randint(-1, 2),
        shadow=rng.randint(-1, 2),
        might=rng.randint(-1, 2),
        influence=rng.randint(-1, 2),
        preparedness=rng.randint(1, 4),
        debt=rng.randint(0, 6),
        abilities=[Ability(id="backup_shelter", counter="single_use", effect="relocate_shelter")],
        ingredients=[rng.choice(INGREDIENTS) for _ in range(rng.randint(0, 3))],
        artifacts=[f"artifact{i}"] if rng.random() < 0.5 else [],
        companions=companions,
    )


def _main_move(rng: random.Random, pid: str, ring: list[str], n: int) -> Move:
    kind = rng.choice(("ingredient_search", "spying", "deadly_combat", "call_of_duty"))
    mode = rng.choice(("push", "hold"))
    payload: dict[str, Any] = {"mode": mode}
    if kind == "spying":
        payload.update(target=ring[0], picks=rng.sample(["info", "surveillance", "steal", "info"], 2))
    elif kind == "deadly_combat":
        payload.update(target=ring[0], picks=["lower_preparedness", "wound_companion"])
    elif kind == "call_of_duty":
        payload.update(
            targets=ring[:2],
            picks=["shift_target_debt", "lower_own_debt"],
            shift={"target": ring[1], "direction": rng.choice((1, -1))},
        )
    return Move(id=f"{pid}:m", player=pid, kind=kind, payload=payload, seq=n)


def _free_action(rng: random.Random, pid: str, ring: list[str], k: int, seq: int) -> Move:
    kind = rng.choice(
        ("preparation", "help", "exchange", "use_ability") if k == 1 else ("preparation", "help", "exchange")
    )
    payload: dict[str, Any] = {"when": rng.choice(("before", "after"))}
    if kind == "preparation":
        payload.update(effect="preparedness", target=rng.choice((pid, ring[0])))
    elif kind == "help":
        payload.update(
            helped=ring[rng.randrange(3)],
            move=rng.choice(("ingredient_search", "spying", "call_of_duty", "deadly_combat")),
        )
    elif kind == "exchange":
        payload.update(partner=ring[0], give=[{"type": "ingredient", "choice": "blind"}])
    else:
        payload.update(ability="backup_shelter")
    return Move(id=f"{pid}:f{k}", player=pid, kind=kind, payload=payload, seq=seq)


def make_synthetic_week(n_players: int = 200, moves_each: int = 3, seed: int = 1) -> SyntheticWeek:
    """A valid week-2 state and ``n_players * moves_each`` valid submissions (see the module doc)."""
    if n_players < 4 or moves_each < 1:
        raise ValueError("need at least 4 players and 1 move each")
    rng = random.Random(seed)
    settings = WeeklyMovesSettings(decision_mode="auto", on_invalid_at_resolution="lose")
    state = GameState(week=2)
    for i in range(n_players):
        p = _player(rng, i)
        state.players[p.id] = p
    ids = list(state.players)
    for i, pid in enumerate(ids):
        for step in range(1, 4):
            other = ids[(i + step) % n_players]
            state.info[(pid, other)] = InfoHolding(
                holder=pid, subject=other, count=4 - step, gained=[1] * (4 - step)
            )
    moves: list[Move] = []
    order = list(range(n_players))
    rng.shuffle(order)
    for n, i in enumerate(order):
        pid = ids[i]
        ring = [ids[(i + step) % n_players] for step in (1, 2, 3)]
        mine = [_main_move(rng, pid, ring, n * moves_each)]
        for k in range(1, moves_each):
            mine.append(_free_action(rng, pid, ring, k, n * moves_each + k))
        view = view_for(state, pid, mine)
        for m in mine:
            if validate_move(m, view, settings):  # never expected; keep the count exact anyway
                m = Move(
                    id=m.id, player=pid, kind="preparation", payload={"effect": "preparedness"}, seq=m.seq
                )
            moves.append(m)
    return SyntheticWeek(state=state, moves=moves, settings=settings)
