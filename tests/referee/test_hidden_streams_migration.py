"""Migrations referee 0004-0006 applied forward on data at the previous head: users' streams become audience
``user``, weeks' stay public, and every week not yet closed gets its GM stream before its next hidden roll."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from referee.engine import fairness

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("referee", "0003_ledger_append_only"), ("campaign", "0009_models_move_to_their_apps")]
AFTER = [("referee", "0006_one_stream_per_audience")]


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def at_previous_head() -> Iterator[Any]:
    apps = migrate(BEFORE)
    yield apps
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())


def test_it_gives_every_open_week_a_gm_stream_and_marks_users_streams(at_previous_head: Any) -> None:
    apps = at_previous_head
    User = apps.get_model("auth", "User")
    Campaign = apps.get_model("campaign", "Campaign")
    Week = apps.get_model("campaign", "Week")
    RollStream = apps.get_model("referee", "RollStream")
    bob = User.objects.create(username="bob")
    pack = apps.get_model("referee", "RulesPack").objects.create(system="mordheim", slug="m", version="1")
    campaign = Campaign.objects.create(name="Old league", system="mordheim", created_by=bob, rules_pack=pack)
    now = "2026-01-01T00:00:00Z"
    open_week = Week.objects.create(campaign=campaign, number=2, opened_at=now, deadline=now)
    closed_week = Week.objects.create(campaign=campaign, number=1, status="closed", opened_at=now, deadline=now)
    for week in (closed_week, open_week):
        RollStream.objects.create(
            key=f"campaign:{campaign.pk}:week:{week.number}",
            campaign=campaign,
            week=week,
            seed="00" * 32,
            commitment="c" * 64,
            contributions={"1": "luck"},
            salt="11" * 32,
        )
    RollStream.objects.create(key=f"user:{bob.pk}:1", user=bob, seed="00" * 32, commitment="c" * 64, salt="22" * 32)

    apps = migrate(AFTER)
    RollStream = apps.get_model("referee", "RollStream")
    assert RollStream.objects.get(user_id=bob.pk).audience == "user"
    assert set(RollStream.objects.filter(week_id=closed_week.pk).values_list("audience", flat=True)) == {"public"}
    gm = RollStream.objects.get(week_id=open_week.pk, audience="gm")
    assert gm.key == f"campaign:{campaign.pk}:week:2:gm" and gm.next_seq == 0 and gm.revealed_at is None
    assert fairness.seed_matches(seed=bytes.fromhex(gm.seed), published=gm.commitment)
    assert gm.salt == fairness.salt_for(stream=gm.key, contributions={"1": "luck"}).hex()
