"""The notification inbox: each notice once per kind and key, e-mailed after commit only to whoever chose it,
written in the reader's language; deadlines within 24 hours told once per week."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone, translation

from campaign.lib.errors import RuleViolation
from campaign.models import Notification, Profile
from campaign.services.notifications import (
    notice_text,
    notices_deadline,
    notifications_read,
    notify,
    profile_update,
)
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_it_stores_a_notice_once_per_kind_and_key(world: World) -> None:
    first = notify(user=world.bob, kind="paired", key="battle:1", campaign=world.campaign, params={"week": 1})
    again = notify(user=world.bob, kind="paired", key="battle:1", campaign=world.campaign, params={"week": 1})
    assert first is not None and again is None
    assert Notification.objects.filter(user=world.bob).count() == 1


def test_it_e_mails_after_commit_only_the_kinds_the_user_chose(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    world.bob.email = "bob@example.org"
    world.bob.save()
    profile_update(user=world.bob, email_kinds=["week_resolved"])
    with django_capture_on_commit_callbacks(execute=True):
        notify(user=world.bob, kind="paired", key="battle:1", campaign=world.campaign, params={})
        assert mail.outbox == []
        notify(user=world.bob, kind="week_resolved", key="week:1", campaign=world.campaign, params={"week": 3})
        assert mail.outbox == []  # not before commit
    assert [m.subject for m in mail.outbox] == ["[Muster] Week 3 of Mordheim league was resolved."]
    assert Notification.objects.get(kind="week_resolved").emailed_at is not None


def test_the_e_mail_speaks_the_recipients_language(world: World, django_capture_on_commit_callbacks: Any) -> None:
    world.carol.email = "carol@example.org"
    world.carol.save()
    profile_update(user=world.carol, language="cs")
    with django_capture_on_commit_callbacks(execute=True):
        notify(user=world.carol, kind="week_resolved", key="week:1", campaign=world.campaign, params={"week": 2})
    assert mail.outbox[0].subject == "[Muster] Týden 2 kampaně Mordheim league byl vyhodnocen."


def test_the_text_is_written_when_read_in_the_readers_language(world: World) -> None:
    notice = notify(user=world.bob, kind="invited", key="i:1", campaign=world.campaign, params={"role": "player"})
    assert notice is not None
    assert notice_text(notice) == "You are invited to Mordheim league as Player."
    with translation.override("ru"):
        assert notice_text(notice) == "Вас приглашают в Mordheim league как: Игрок."


def test_a_deadline_within_24_hours_is_told_to_the_players_once(world: World) -> None:
    week = open_week(world.campaign, days=7)
    assert notices_deadline(now=timezone.now()) == 0
    soon = week.deadline - timedelta(hours=3)
    assert notices_deadline(now=soon) == 2  # Bob and Carol, not the organiser or the GM
    assert notices_deadline(now=soon + timedelta(minutes=15)) == 0
    assert set(Notification.objects.filter(kind="deadline").values_list("user__username", flat=True)) == {
        "bob",
        "carol",
    }


def test_marking_read_touches_only_the_users_own_notices(world: World) -> None:
    notify(user=world.bob, kind="paired", key="b:1", params={})
    notify(user=world.carol, kind="paired", key="b:1", params={})
    assert notifications_read(user=world.bob) == 1
    assert Notification.objects.get(user=world.carol).read_at is None


def test_a_bad_profile_value_is_refused_and_changes_nothing(world: World) -> None:
    with pytest.raises(RuleViolation) as refused:
        profile_update(user=world.bob, language="xx")
    assert refused.value.code == "invalid_language"
    with pytest.raises(RuleViolation):
        profile_update(user=world.bob, email_kinds=["spam"])
    assert not Profile.objects.filter(user=world.bob).exclude(language="").exists()


def test_the_beat_task_tells_the_deadline_once(world: World) -> None:
    from campaign.services import week_open
    from campaign.tasks import deadline_notices

    week_open(campaign=world.campaign, deadline=timezone.now() + timedelta(hours=5))  # within 24 hours
    assert deadline_notices() == 2
    assert deadline_notices() == 0  # the second run finds both told
