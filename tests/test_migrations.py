"""Migrations apply forward on a database populated at an earlier head, and every row is still there.

The architecture change moved models between apps (Battle and BattleReport to roster, the weekly
moves to their own app, IdempotencyRecord to campaign.lib) by changing only Django's picture of who
owns which table. This test rolls the schema back to the head before that move, writes a row of every
moved model (and of the models pointing at them) with the historical models, migrates forward and
reads every row back through today's models, foreign keys included.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

OLD_HEAD = [
    ("campaign", "0007_weekly_moves"),
    ("roster", "0002_historicalwarband_flags_warband_flags_aftermath_and_more"),
    ("lib", None),
    ("weekly", None),
]

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _migrate(targets: list[tuple[str, str | None]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    applied = [(app, name) for app, name in targets if name is not None]
    return executor.loader.project_state(applied).apps


def _populate(apps: Any) -> dict[str, int]:
    """One row of each moved model, as the campaign app owned them before the move."""
    user = apps.get_model("auth", "User").objects.create(username="old-head-user")
    other = apps.get_model("auth", "User").objects.create(username="old-head-other")
    pack = apps.get_model("referee", "RulesPack").objects.create(
        system="mordheim", slug="old-head-pack", version="1", checksum="0" * 64
    )
    campaign = apps.get_model("campaign", "Campaign").objects.create(
        name="Old head", system="mordheim", rules_pack=pack, created_by=user
    )
    now = timezone.now()
    week = apps.get_model("campaign", "Week").objects.create(
        campaign=campaign, number=1, opened_at=now, deadline=now + timedelta(days=7)
    )
    Warband = apps.get_model("roster", "Warband")
    a = Warband.objects.create(campaign=campaign, owner=user, list_slug="reikland", name="A")
    b = Warband.objects.create(campaign=campaign, owner=other, list_slug="skaven", name="B")
    battle = apps.get_model("campaign", "Battle").objects.create(campaign=campaign, week=week, warband_a=a, warband_b=b)
    report = apps.get_model("campaign", "BattleReport").objects.create(
        battle=battle, reporter=user, data={"winner": a.pk}, submitted_at=now
    )
    event = apps.get_model("campaign", "CampaignEvent").objects.create(
        campaign=campaign, kind="battle_reported", battle=battle
    )
    aftermath = apps.get_model("roster", "Aftermath").objects.create(battle=battle)
    record = apps.get_model("campaign", "IdempotencyRecord").objects.create(user=user, key="k", fingerprint="f" * 64)
    character = apps.get_model("campaign", "Character").objects.create(campaign=campaign, user=user, name="Vex")
    move = apps.get_model("campaign", "WeeklyMove").objects.create(week=week, character=character, kind="spying")
    return {
        "battle": battle.pk,
        "report": report.pk,
        "event": event.pk,
        "aftermath": aftermath.pk,
        "record": record.pk,
        "character": character.pk,
        "move": move.pk,
        "warband_a": a.pk,
    }


def test_it_finds_every_row_written_at_the_previous_head_after_migrating() -> None:
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        ids = _populate(_migrate(OLD_HEAD))
        _migrate(leaves)

        from campaign.lib.models import IdempotencyRecord
        from campaign.models import CampaignEvent
        from campaign.weekly.models import Character, WeeklyMove
        from roster.models import Aftermath, Battle, BattleReport

        battle = Battle.objects.get(pk=ids["battle"])
        assert battle.warband_a_id == ids["warband_a"]
        assert BattleReport.objects.get(pk=ids["report"]).battle_id == battle.pk
        assert CampaignEvent.objects.get(pk=ids["event"]).battle_id == battle.pk
        assert Aftermath.objects.get(pk=ids["aftermath"]).battle == battle
        assert IdempotencyRecord.objects.get(pk=ids["record"]).key == "k"
        assert WeeklyMove.objects.get(pk=ids["move"]).character == Character.objects.get(pk=ids["character"])
    finally:
        _migrate(leaves)  # whatever happened, leave the schema at today's head for the next test
