"""What one player may know of the game: the only input move validation gets.

A :class:`PlayerView` exposes the viewer's own character in full, every player's public
face (name, status, whether they were ever out of the Game), the info holdings the viewer
and their companions hold, and the viewer's own submissions this week. Other players'
stats, stashes, companions and holdings are simply not reachable from it, so no
validation message can depend on them (spec §2, DESIGN §5.3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from referee.engine.sealed import Move

from .state import ALIVE, GameState, InfoHolding, Player


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    """What everyone knows about a player."""

    id: str
    name: str
    status: str
    ever_out: bool

    @property
    def active(self) -> bool:
        return self.status == ALIVE


class _Roster(Mapping[str, PublicPlayer]):
    """Every player's public face, built on lookup."""

    def __init__(self, state: GameState) -> None:
        self._players = state.players

    def __getitem__(self, pid: str) -> PublicPlayer:
        p = self._players[pid]
        return PublicPlayer(id=p.id, name=p.name, status=p.status, ever_out=p.ever_out)

    def __iter__(self) -> Iterator[str]:
        return iter(self._players)

    def __len__(self) -> int:
        return len(self._players)


class _Holdings:
    """Info lookups restricted to the holders the viewer speaks for (self and own companions)."""

    def __init__(self, state: GameState, holders: frozenset[str]) -> None:
        self._info = state.info
        self._holders = holders

    def get(self, holder: str, subject: str) -> InfoHolding | None:
        if holder not in self._holders:
            raise PermissionError("not the viewer's holding")
        return self._info.get((holder, subject))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The viewer's knowledge. ``me`` is the viewer's own character: read it, never change it."""

    viewer: str
    week: int
    me: Player
    players: Mapping[str, PublicPlayer]
    holdings: _Holdings
    my_moves: tuple[Move, ...]

    def holding(self, holder: str, subject: str) -> InfoHolding | None:
        return self.holdings.get(holder, subject)


def view_for(state: GameState, viewer: str, moves: list[Move] | tuple[Move, ...] = ()) -> PlayerView:
    """The view of ``viewer``; ``moves`` are the viewer's own submissions this week."""
    me = state.players[viewer]
    holders = frozenset([viewer, *(c.id for c in me.companions)])
    return PlayerView(
        viewer=viewer,
        week=state.week,
        me=me,
        players=_Roster(state),
        holdings=_Holdings(state, holders),
        my_moves=tuple(m for m in moves if m.player == viewer),
    )
