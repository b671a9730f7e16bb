"""Running a sealed-moves week: entry by entry, resumable where a crashed or paused run stopped."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.sealed.results import MoveResult, WeekOutcome, WeekPlan
from referee.engine.sealed.system import Progress, SealedSystem


def iter_resolution(
    system: SealedSystem,
    state: Any,
    plan: WeekPlan,
    settings: Any,
    roller: Roller,
    *,
    start: int = 0,
    decisions: Mapping[str, Any] | None = None,
) -> Iterator[MoveResult]:
    """Yield each entry's result from ``start`` on; stops after an ``awaiting`` result."""
    answers = decisions or {}
    for index in range(start, len(plan.entries)):
        result = system.resolve_move(state, plan, index, settings, roller, answers)
        yield result
        if result.status == "awaiting":
            return


def run_week(
    system: SealedSystem,
    state: Any,
    plan: WeekPlan,
    settings: Any,
    roller: Roller,
    *,
    start: int = 0,
    decisions: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> WeekOutcome:
    """Resolve ``plan`` from ``start``, reporting progress after every entry."""
    results: list[MoveResult] = []
    total = len(plan.entries)
    index = start
    for result in iter_resolution(system, state, plan, settings, roller, start=start, decisions=decisions):
        results.append(result)
        if result.status == "awaiting":
            return WeekOutcome(
                week=plan.week, status="paused", results=results, next_index=index, total=total
            )
        index += 1
        if progress is not None:
            progress(index, total, result)
    return WeekOutcome(week=plan.week, status="complete", results=results, next_index=index, total=total)
