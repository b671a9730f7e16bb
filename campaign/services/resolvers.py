"""Week resolvers: what a game system does when one of its weeks closes, registered by system slug.

A resolver runs inside the transaction that closes the week, with the week row
locked and claimed (status ``resolving``). It may roll (through ``LedgerRoller``
on the week's stream, stored before effects), apply effects and record timeline
events. It returns :data:`DONE` when the week may close and the next one open, or
:data:`WAITING` when it needs something first (a pending decision): the week then
stays resolving and the sweep runs the resolver again after the campaign's
timeout (or a service calls ``week_resolve`` when the answer arrives). A resolver
must therefore be resumable: run twice, it continues where it stopped and never
rolls a stored roll again.

Systems without a resolver of their own get :func:`close_only`: the week closes
(its seed is revealed) and the next one opens.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from campaign.models import Week

DONE = "done"
WAITING = "waiting"


class WeekResolver(Protocol):
    def __call__(self, *, week: Week, now: datetime) -> str: ...


_RESOLVERS: dict[str, WeekResolver] = {}


def register_week_resolver(system: str, resolver: WeekResolver) -> None:
    """Register the resolver of ``system``'s weeks (a later registration replaces it).

    The app of a game system calls this from its ``AppConfig.ready``: the league core knows no system.
    """
    _RESOLVERS[system] = resolver


def close_only(*, week: Week, now: datetime) -> str:
    """The default: nothing to resolve, the week just closes."""
    return DONE


def week_resolver_for(system: str) -> WeekResolver:
    return _RESOLVERS.get(system, close_only)
