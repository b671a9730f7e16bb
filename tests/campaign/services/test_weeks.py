"""Weeks: opened on the schedule, claimed at the deadline by the sweep, resolved once, recovered when stuck."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.utils import timezone

from campaign.models import Campaign, CampaignEvent, Week
from campaign.services.campaigns import campaign_finish, campaign_start, campaign_update
from campaign.services.resolvers import _RESOLVERS, DONE, WAITING, register_week_resolver
from campaign.services.weeks import week_claim, week_resolve, weeks_due
from campaign.tasks import resolve_week, sweep_weeks
from tests.support.world import World

pytestmark = pytest.mark.django_db


def overdue(week: Week, minutes: int = 1) -> Week:
    Week.objects.filter(pk=week.pk).update(deadline=timezone.now() - timedelta(minutes=minutes))
    week.refresh_from_db()
    return week


def snapshot(campaign: Campaign) -> list[tuple[int, str, object]]:
    return list(Week.objects.filter(campaign=campaign).order_by("number").values_list("number", "status", "closed_at"))


@pytest.fixture
def week(world: World) -> Week:
    return campaign_start(campaign=world.campaign, actor=world.alice)


@pytest.fixture
def system_resolver(world: World) -> Iterator[list[str]]:
    """The world's campaign on a test system whose resolver answers what the test puts in the list."""
    Campaign.objects.filter(pk=world.campaign.pk).update(system="test-resolving-system")
    answers: list[str] = []
    calls: list[int] = []

    def resolver(*, week: Week, now: object) -> str:
        calls.append(week.pk)
        if not answers:
            raise RuntimeError("the resolver crashed")
        return answers.pop(0)

    register_week_resolver("test-resolving-system", resolver)
    yield answers
    _RESOLVERS.pop("test-resolving-system", None)


def test_it_opens_week_1_at_the_schedules_first_deadline(world: World) -> None:
    campaign_update(
        campaign=world.campaign,
        actor=world.alice,
        time_zone="Europe/Prague",
        settings={"deadline_weekday": 6, "deadline_time": "20:00"},
    )
    week = campaign_start(campaign=world.campaign, actor=world.alice)
    local = week.deadline.astimezone(ZoneInfo("Europe/Prague"))
    assert (week.number, week.status) == (1, "open")
    assert (local.weekday(), local.hour, local.minute) == (6, 20, 0)
    assert week.deadline - week.opened_at >= timedelta(hours=24)
    assert week.roll_stream.revealed_at is None


def sweep(capture: Any) -> list[int]:
    """The sweep task, with the tasks it queues on commit run (eagerly) when the test's transaction would commit."""
    with capture(execute=True) as queued:
        due = sweep_weeks()
    assert len(queued) == len(due)
    return list(due)


def test_the_sweep_task_closes_a_week_past_its_deadline_and_opens_the_next(
    world: World, week: Week, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    overdue(week)
    assert sweep(django_capture_on_commit_callbacks) == [week.pk]
    week.refresh_from_db()
    assert week.status == "closed"
    assert week.roll_stream.revealed_at is not None  # the fairness seed is revealed at close
    following = Week.objects.get(campaign=world.campaign, number=2)
    assert following.status == "open"
    assert following.deadline > timezone.now()
    assert world.campaign.events.filter(kind="week_resolved").get().payload == {"week": 1, "next_week": 2}


def test_the_sweep_task_called_twice_changes_nothing_the_second_time(
    world: World, week: Week, eager_celery: None, django_capture_on_commit_callbacks: Any
) -> None:
    overdue(week)
    sweep(django_capture_on_commit_callbacks)
    after_first = snapshot(world.campaign)
    events = CampaignEvent.objects.count()
    assert sweep(django_capture_on_commit_callbacks) == []
    assert snapshot(world.campaign) == after_first
    assert CampaignEvent.objects.count() == events


def test_a_redelivered_resolve_task_changes_nothing(world: World, week: Week) -> None:
    overdue(week)
    assert resolve_week(week.pk) == week.pk
    after_first = snapshot(world.campaign)
    assert resolve_week(week.pk) is None
    assert snapshot(world.campaign) == after_first


def test_the_resolve_task_exits_quietly_for_a_week_that_is_gone(world: World) -> None:
    assert resolve_week(987654) is None


def test_it_leaves_a_week_before_its_deadline_alone(world: World, week: Week) -> None:
    assert weeks_due(now=timezone.now()) == []
    assert week_resolve(week_id=week.pk) is None
    week.refresh_from_db()
    assert week.status == "open"


def test_two_claims_of_one_week_give_it_to_one_claimant(world: World, week: Week) -> None:
    overdue(week)
    now = timezone.now()
    assert week_claim(week_id=week.pk, now=now) == now
    assert week_claim(week_id=week.pk, now=now + timedelta(seconds=1)) is None
    week.refresh_from_db()
    assert (week.status, week.claimed_at) == ("resolving", now)


def test_a_week_stuck_resolving_past_the_timeout_is_claimed_again(world: World, week: Week) -> None:
    campaign_update(campaign=world.campaign, actor=world.alice, settings={"resolve_timeout_minutes": 10})
    now = timezone.now()
    Week.objects.filter(pk=week.pk).update(status="resolving", claimed_at=now - timedelta(minutes=9))
    assert weeks_due(now=now) == []
    assert week_resolve(week_id=week.pk, now=now) is None  # still within its timeout: someone is on it
    Week.objects.filter(pk=week.pk).update(claimed_at=now - timedelta(minutes=11))
    assert weeks_due(now=now) == [week.pk]
    assert week_resolve(week_id=week.pk, now=now) is not None
    assert snapshot(world.campaign)[0][1] == "closed"
    assert Week.objects.get(campaign=world.campaign, number=2).status == "open"


def test_a_resolver_that_crashes_leaves_the_week_claimed_for_the_sweep(
    world: World, week: Week, system_resolver: list[str]
) -> None:
    overdue(week)
    now = timezone.now()
    with pytest.raises(RuntimeError, match="crashed"):
        week_resolve(week_id=week.pk, now=now)
    week.refresh_from_db()
    assert (week.status, week.claimed_at) == ("resolving", now)
    assert not Week.objects.filter(campaign=world.campaign, number=2).exists()
    system_resolver.append(DONE)
    later = now + timedelta(minutes=16)  # the default timeout is 15 minutes
    assert week_resolve(week_id=week.pk, now=later) is not None
    assert Week.objects.get(campaign=world.campaign, number=2).opened_at == later


def test_a_resolver_may_keep_the_week_resolving_until_it_is_done(
    world: World, week: Week, system_resolver: list[str]
) -> None:
    overdue(week)
    system_resolver.extend([WAITING, DONE])
    now = timezone.now()
    assert week_resolve(week_id=week.pk, now=now) is None
    assert Week.objects.get(pk=week.pk).status == "resolving"
    assert week_resolve(week_id=week.pk, now=now + timedelta(minutes=20)) is not None
    assert Week.objects.get(pk=week.pk).status == "closed"


def test_the_default_resolver_just_closes(world: World, week: Week) -> None:
    overdue(week)
    assert "mordheim" not in _RESOLVERS
    assert week_resolve(week_id=week.pk) is not None


def test_finishing_resolves_the_open_week_and_opens_no_other(world: World, week: Week) -> None:
    campaign_finish(campaign=world.campaign, actor=world.alice)
    assert snapshot(world.campaign)[0][:2] == (1, "closed")
    assert Week.objects.filter(campaign=world.campaign).count() == 1
    assert Campaign.objects.get(pk=world.campaign.pk).status == "finished"


def test_the_resolve_week_command_does_what_the_sweep_does(world: World, week: Week) -> None:
    out = StringIO()
    call_command("resolve_week", "--campaign", str(world.campaign.pk), stdout=out)
    assert "Nothing to resolve" in out.getvalue()
    overdue(week)
    out = StringIO()
    call_command("resolve_week", "--campaign", str(world.campaign.pk), stdout=out)
    assert "Week 1 resolved" in out.getvalue()
    assert "Week 2 is open" in out.getvalue()


def test_the_resolve_week_command_can_close_the_week_now(world: World, week: Week) -> None:
    out = StringIO()
    call_command("resolve_week", "--campaign", str(world.campaign.pk), "--now", stdout=out)
    assert "Week 1 resolved" in out.getvalue()
    assert snapshot(world.campaign)[1][:2] == (2, "open")


def test_the_resolve_week_command_refuses_an_unknown_campaign(world: World) -> None:
    with pytest.raises(Exception, match="No campaign"):
        call_command("resolve_week", "--campaign", "999999")


def test_a_schedule_change_applies_from_the_next_week(world: World, week: Week) -> None:
    campaign_update(
        campaign=world.campaign, actor=world.alice, settings={"deadline_weekday": 2, "deadline_time": "18:30"}
    )
    assert Week.objects.get(pk=week.pk).deadline == week.deadline
    overdue(week)
    week_resolve(week_id=week.pk)
    following = Week.objects.get(campaign=world.campaign, number=2)
    assert (following.deadline.weekday(), following.deadline.hour, following.deadline.minute) == (2, 18, 30)


def test_the_sweep_keeps_the_local_deadline_across_the_spring_switch(world: World, week: Week) -> None:
    campaign_update(campaign=world.campaign, actor=world.alice, time_zone="Europe/Prague")
    sunday_before = datetime(2026, 3, 22, 19, 0, tzinfo=UTC)  # 20:00 CET
    Week.objects.filter(pk=week.pk).update(deadline=sunday_before)
    assert week_resolve(week_id=week.pk, now=sunday_before + timedelta(seconds=30)) is not None
    following = Week.objects.get(campaign=world.campaign, number=2)
    assert following.deadline == datetime(2026, 3, 29, 18, 0, tzinfo=UTC)  # 20:00 CEST
    assert following.deadline.astimezone(ZoneInfo("Europe/Prague")).hour == 20


def test_the_sweep_keeps_the_local_deadline_across_the_autumn_switch(world: World, week: Week) -> None:
    campaign_update(campaign=world.campaign, actor=world.alice, time_zone="Europe/Prague")
    sunday_before = datetime(2026, 10, 18, 18, 0, tzinfo=UTC)  # 20:00 CEST
    Week.objects.filter(pk=week.pk).update(deadline=sunday_before)
    week_resolve(week_id=week.pk, now=sunday_before + timedelta(seconds=45))
    following = Week.objects.get(campaign=world.campaign, number=2)
    assert following.deadline == datetime(2026, 10, 25, 19, 0, tzinfo=UTC)  # 20:00 CET
