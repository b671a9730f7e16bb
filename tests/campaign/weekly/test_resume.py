"""Resumable resolution: killed after any entry, it continues from the next one without rolling
again; a week stuck resolving past the timeout goes back to the sweep; the GM may resolve early."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from campaign.models import Week
from campaign.services.weeks import weeks_due
from campaign.tasks import sweep_weeks
from campaign.weekly.models import MoveResult, WeekResolution
from campaign.weekly.resolution import run as resolution
from campaign.weekly.resolution.run import week_moves_resolve
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import Intrigue

pytestmark = pytest.mark.django_db


class Killed(BaseException):
    """A process dying: not an error the resolution could catch and record."""


def kill_after(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    def fault(point: str) -> None:
        if point == f"weekly_after_move_{n}":
            raise Killed(point)

    monkeypatch.setattr(resolution, "fault", fault)


def four_moves(intrigue: Intrigue) -> None:
    intrigue.know(intrigue.carol, intrigue.bob)
    intrigue.submit(intrigue.bob, "ingredient_search", mode="push")
    intrigue.submit(intrigue.carol, "spying", target=intrigue.bob.key, mode="hold", picks=["info"])
    intrigue.submit(intrigue.dave_c, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "preparation", effect="preparedness", when="after")


def rows(week: Week) -> tuple[list[Any], list[Any]]:
    entries = list(LedgerEntry.objects.filter(week=week).order_by("seq").values_list("pk", "seq", "ref", "faces"))
    results = list(MoveResult.objects.filter(week=week).order_by("index").values_list("pk", "index", "rolls"))
    return entries, results


def test_a_resolution_killed_halfway_continues_from_the_next_entry_without_rolling_again(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    four_moves(intrigue)
    week = intrigue.week
    kill_after(monkeypatch, 2)
    with pytest.raises(Killed):
        intrigue.resolve()
    res = WeekResolution.objects.get(week=week)
    assert (res.status, res.next_index, res.total) == ("running", 2, 4)
    entries_before, results_before = rows(week)
    assert [r[1] for r in results_before] == [0, 1]
    assert len(entries_before) == sum(len(r[2]) for r in results_before)

    monkeypatch.undo()
    assert week_moves_resolve(week_id=week.pk) == "done"
    entries_after, results_after = rows(week)
    assert entries_after[: len(entries_before)] == entries_before  # nothing rolled twice, nothing lost
    assert results_after[:2] == results_before
    assert [r[1] for r in results_after] == [0, 1, 2, 3]
    assert len(entries_after) == sum(len(r[2]) for r in results_after)
    assert len({e[1] for e in entries_after}) == len(entries_after)
    week.refresh_from_db()
    assert week.status == "closed"


def test_a_week_stuck_resolving_past_the_timeout_is_resumed_by_the_sweep(
    intrigue: Intrigue,
    monkeypatch: pytest.MonkeyPatch,
    eager_celery: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    four_moves(intrigue)
    week = intrigue.week
    kill_after(monkeypatch, 3)
    with pytest.raises(Killed):
        intrigue.resolve()
    monkeypatch.undo()
    entries_before, _ = rows(week)
    assert weeks_due(now=timezone.now()) == []  # someone may still be on it
    Week.objects.filter(pk=week.pk).update(claimed_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_weeks() == [week.pk]
    week.refresh_from_db()
    assert week.status == "closed"
    entries_after, results_after = rows(week)
    assert entries_after[: len(entries_before)] == entries_before
    assert [r[1] for r in results_after] == [0, 1, 2, 3]


def test_a_run_with_a_lost_claim_stops_and_leaves_the_rows_alone(intrigue: Intrigue, monkeypatch: Any) -> None:
    four_moves(intrigue)
    week = intrigue.week
    kill_after(monkeypatch, 1)
    with pytest.raises(Killed):
        intrigue.resolve()
    monkeypatch.undo()
    old = Week.objects.get(pk=week.pk).claimed_at
    assert old is not None
    # Another sweep claimed it again in the meantime; the first run, still alive, must not go on.
    run = resolution._Run.load(week, old, WeekResolution.objects.get(week=week))
    Week.objects.filter(pk=week.pk).update(claimed_at=timezone.now())
    before = rows(week)
    assert run.step() == "stopped"
    assert rows(week) == before


def test_the_sweep_resolves_a_week_past_its_deadline(
    intrigue: Intrigue, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    week = intrigue.week
    Week.objects.filter(pk=week.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_weeks() == [week.pk]
    week.refresh_from_db()
    assert week.status == "closed"
    assert MoveResult.objects.filter(week=week).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_weeks() == []


def test_the_gm_resolves_a_week_early_and_follows_its_progress(
    intrigue: Intrigue, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    week = intrigue.week
    for user, status, code in (
        (intrigue.world.bob, 403, "gm_only"),
        (intrigue.world.alice, 403, "gm_only"),
        (intrigue.world.oscar, 404, "week_not_found"),
    ):
        r = intrigue.client(user).post(f"/api/v1/weeks/{week.pk}/resolve/")
        assert (r.status_code, r.data["code"]) == (status, code)
        r = intrigue.client(user).get(f"/api/v1/weeks/{week.pk}/resolution/")
        assert (r.status_code, r.data["code"]) == (status, code)
    gina = intrigue.client(intrigue.world.gina)
    assert gina.get(f"/api/v1/weeks/{week.pk}/resolution/").data["status"] == "pending"
    with django_capture_on_commit_callbacks(execute=True):
        r = gina.post(f"/api/v1/weeks/{week.pk}/resolve/")
    assert r.status_code == 202, r.data
    week.refresh_from_db()
    assert week.status == "closed"
    progress = gina.get(f"/api/v1/weeks/{week.pk}/resolution/").data
    assert (progress["status"], progress["done"], progress["total"]) == ("done", 1, 1)
    r = gina.post(f"/api/v1/weeks/{week.pk}/resolve/")
    assert r.status_code == 409 and r.data["code"] == "week_closed"


def test_an_engine_failure_is_recorded_for_the_gm_who_can_restart_it(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    week = intrigue.week

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(resolution.SYSTEM, "resolve_move", broken)
    assert intrigue.resolve() == "failed"
    gina = intrigue.client(intrigue.world.gina)
    progress = gina.get(f"/api/v1/weeks/{week.pk}/resolution/").data
    assert progress["status"] == "failed" and "engine bug" in progress["error"]
    assert LedgerEntry.objects.filter(week=week).count() == 0
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        assert gina.post(f"/api/v1/weeks/{week.pk}/resolve/").status_code == 202
    week.refresh_from_db()
    assert week.status == "closed"


def test_the_resolver_queues_the_resolution_only_once_the_claim_is_committed(
    intrigue: Intrigue, django_capture_on_commit_callbacks: Any
) -> None:
    from campaign.services.weeks import week_resolve

    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    week = intrigue.week
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert week_resolve(week_id=week.pk, force=True) is None  # WAITING: the task does the work
    assert len(queued) == 1
    assert not WeekResolution.objects.filter(week=week).exists()  # nothing ran before the commit
    week.refresh_from_db()
    assert week.status == "resolving"


def test_the_task_called_twice_changes_nothing_the_second_time(intrigue: Intrigue) -> None:
    from campaign.services.weeks import week_claim
    from campaign.weekly.resolution.tasks import weekly_resolve_task

    intrigue.submit(intrigue.bob, "ingredient_search", mode="push")
    week = intrigue.week
    assert week_claim(week_id=week.pk, now=timezone.now(), force=True) is not None
    assert weekly_resolve_task(week.pk) == "done"
    after_first = rows(week)
    assert weekly_resolve_task(week.pk) == "stopped"
    assert rows(week) == after_first
    assert weekly_resolve_task(987654) == "stopped"
