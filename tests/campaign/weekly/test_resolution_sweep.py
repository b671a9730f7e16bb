"""The broker away when a week's resolution was queued (issue 29, item 2): the week's resolving claim is the
record, and beat's sweep queues the resolution again once nothing has moved for ``MUSTER_STUCK_SECONDS``;
a week paused for a decision, failed (the GM restarts it), or moving is left alone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaign.models import Week
from campaign.weekly.models import WeekResolution
from campaign.weekly.resolution.tasks import resolutions_stuck, weekly_resolution_sweep_task
from tests.campaign.weekly.test_worker import week_with_moves
from tests.support.world import World

pytestmark = pytest.mark.django_db


def claimed(world: World, seconds_ago: int) -> Week:
    week = week_with_moves(world)
    Week.objects.filter(pk=week.pk).update(
        status=Week.Status.RESOLVING, claimed_at=timezone.now() - timedelta(seconds=seconds_ago)
    )
    return week


def test_a_week_claimed_whose_resolution_never_ran_is_found_after_the_stuck_time(world: World) -> None:
    week = claimed(world, seconds_ago=600)
    assert resolutions_stuck(older_than_seconds=120) == [week.pk]
    assert resolutions_stuck(older_than_seconds=900) == []  # not yet: it may still be on its way


def test_a_week_paused_failed_or_moving_is_left_alone(world: World) -> None:
    week = claimed(world, seconds_ago=600)
    res = WeekResolution.objects.create(week=week, status=WeekResolution.Status.PAUSED, started_at=timezone.now())
    assert resolutions_stuck(older_than_seconds=120) == []
    WeekResolution.objects.filter(pk=res.pk).update(status=WeekResolution.Status.FAILED)
    assert resolutions_stuck(older_than_seconds=120) == []
    WeekResolution.objects.filter(pk=res.pk).update(status=WeekResolution.Status.RUNNING)
    assert resolutions_stuck(older_than_seconds=120) == []  # its row just moved: a worker is on it
    WeekResolution.objects.filter(pk=res.pk).update(updated_at=timezone.now() - timedelta(seconds=600))
    assert resolutions_stuck(older_than_seconds=120) == [week.pk]


def test_the_sweep_resolves_what_it_finds_once(world: World, eager_celery: None) -> None:
    week = claimed(world, seconds_ago=600)
    assert weekly_resolution_sweep_task() == 1  # MUSTER_STUCK_SECONDS: 120 by default
    assert Week.objects.get(pk=week.pk).status == Week.Status.CLOSED
    assert WeekResolution.objects.get(week=week).status == WeekResolution.Status.DONE
    assert weekly_resolution_sweep_task() == 0
