"""What every command handler gets: the table's settings and its rules pack."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import TableState
from referee.engine.live.system import Command, CommandError
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel.pack import ArenaPack
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings


@dataclass(frozen=True)
class Ctx:
    settings: ArenaDuelSettings
    pack: ArenaPack


Validate = Callable[[TableState, Command, Ctx], None]
Apply = Callable[[TableState, Command, Roller, Ctx], list[Event]]


def refuse(code: str, message: str, field: str = "") -> CommandError:
    return CommandError(code, message, field)


def duel(state: TableState) -> dict[str, Any]:
    return state.data["duel"]


def phase(state: TableState) -> str:
    return state.turn.phase
