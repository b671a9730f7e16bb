"""The one query an unchanged roster costs: may the viewer see the warband, and what is its cache key made of.

A reader who already holds the roster (a phone revalidating, every poll of a league night) costs this query
and nothing else of the database but authentication, so it is built once per process: the queryset of the
visibility rule (``roster.selectors.warbands_visible_to``, the one place that decides it) is compiled with
placeholder ids, and each read runs that SQL with the viewer's and the warband's ids in their places, its
row converted as the ORM converts it (the backend's datetimes, the JSON of the settings). Building and
compiling that queryset for every read cost more than running it.

The rule depends on nothing of the viewer but their id (an authenticated user's memberships and roles are
read by the query itself); ``tests/roster/test_roster_stamp.py`` holds the plan to the queryset it is compiled
from, viewer by viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections

from roster.selectors import warbands_visible_to

#: What a roster's cache key is made of (``roster.documents.cache._key``), in its order.
STAMP = ("pk", "created_at", "version", "campaign__rules_pack_id", "campaign__settings", "owner__username")
#: Ids no row has: where they stand in the compiled parameters, the real ones go.
_VIEWER, _WARBAND = -7_300_001, -7_300_002


@dataclass(frozen=True)
class _Plan:
    alias: str
    sql: str
    params: tuple[Any, ...]
    compiler: Any
    converters: Any


def stamp_queryset(*, viewer: Any, warband_id: int) -> Any:
    """The visibility rule's queryset of the stamp, as the plan is compiled from (and the tests compare)."""
    return warbands_visible_to(viewer=viewer).filter(pk=warband_id).order_by().values_list(*STAMP)[:1]


@cache
def _plan() -> _Plan:
    placeholder = get_user_model()(pk=_VIEWER)
    queryset = stamp_queryset(viewer=placeholder, warband_id=_WARBAND)
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    columns = [column[0] for column in compiler.select[: compiler.col_count]]
    return _Plan(queryset.db, sql, tuple(params), compiler, compiler.get_converters(columns))


def _is(value: Any, placeholder: int) -> bool:
    return type(value) is int and value == placeholder


def stamp(*, viewer: Any, warband_id: int) -> tuple[Any, ...] | None:
    """The stamp of a warband ``viewer`` may see, in one query; None when they may not (or it is not there)."""
    if not viewer.is_authenticated:
        return None
    plan = _plan()
    params = [viewer.pk if _is(p, _VIEWER) else int(warband_id) if _is(p, _WARBAND) else p for p in plan.params]
    with connections[plan.alias].cursor() as cursor:
        cursor.execute(plan.sql, params)
        rows = cursor.fetchall()
    if plan.converters:
        rows = list(plan.compiler.apply_converters(rows, plan.converters))
    return tuple(rows[0]) if rows else None
