"""Helpers the system players share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db import connection

T = TypeVar("T")


def run_on_commit(call: Callable[[], T]) -> T:
    """Call a service and run what it queued for after commit (the Celery task, in-process), as the
    request's commit would in production; the test's own transaction never commits."""
    callbacks_before = len(connection.run_on_commit)
    result = call()
    while len(connection.run_on_commit) > callbacks_before:
        entry: tuple[Any, ...] = tuple(connection.run_on_commit.pop(callbacks_before))  # (savepoints, call, robust)
        entry[1]()
    return result


def check_subset(what: str, want: dict[str, Any], got: dict[str, Any]) -> None:
    """Every key the case expects has the expected value (a mapping: its listed keys); all differences
    are reported at once."""
    problems = _differences(what, want, got)
    assert not problems, "\n".join(problems)


def _differences(what: str, want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    for key, value in want.items():
        if key not in got:
            problems.append(f"{what}: no {key!r} in what the product gave: {got!r}")
            continue
        actual = got[key]
        if isinstance(value, dict) and isinstance(actual, dict):
            problems += _differences(f"{what} {key}", value, actual)
        elif actual != value:
            problems.append(f"{what} {key}: expected {value!r}, the product gave {actual!r}")
    return problems
