"""With private rosters an aftermath's rolls go on the battle's party stream: the two players, the organiser
and the GM see them and, once the week closes, its seed; another player sees none of it."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from campaign.services import membership_add, week_close
from referee.engine import fairness
from referee.engine.rolls import Roll
from referee.models import Audience, LedgerEntry
from roster.aftermath.run import aftermath_run
from tests.roster.aftermath.helpers import fight, queued
from tests.support.world import World

pytestmark = pytest.mark.django_db


def seeds_of(world: World, user: Any) -> list[tuple[bytes, bytes]]:
    body = world.client(user).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    streams = [s for w in body["weeks"] for s in (w, *w["hidden_streams"])]
    return [(bytes.fromhex(s["seed"]), bytes.fromhex(s["salt"])) for s in streams if s["seed"]]


def recomputes(seed_salt: tuple[bytes, bytes], entries: list[LedgerEntry]) -> bool:
    """Whether a revealed seed gives every one of ``entries`` at its sequence number."""
    seed, salt = seed_salt
    return all(
        fairness.verify_roll(
            seed=seed, salt=salt, seq=e.seq, roll=Roll(e.notation, tuple(e.faces), tuple(e.kept), e.total)
        )
        for e in entries
    )


def test_private_roster_aftermath_rolls_are_verifiable_by_the_battles_party_only(world: World) -> None:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": True}
    world.campaign.save()
    dora = get_user_model().objects.create_user("dora", password="x")
    membership_add(campaign=world.campaign, user=dora, role="player")
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    entries = list(LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}"))
    assert len(entries) >= 3 and {e.stream.audience for e in entries} == {Audience.PARTY}
    assert {e.stream.key for e in entries} == {f"campaign:{world.campaign.pk}:week:1:party:battle:{f.battle.pk}"}
    assert world.campaign.roll_streams.get(audience="public").next_seq == 0

    for user in (world.bob, world.carol, world.alice, world.gina):
        listed = world.client(user).get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()
        assert listed["count"] == len(entries), user
    assert world.client(dora).get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()["count"] == 0

    week_close(week=f.week)
    for user in (world.bob, world.carol, world.alice, world.gina):
        assert any(recomputes(seed, entries) for seed in seeds_of(world, user)), user
    dora_seeds = seeds_of(world, dora)
    assert len(dora_seeds) == 1  # the public seed alone, which draws none of them
    assert not recomputes(dora_seeds[0], entries)


def test_public_roster_aftermath_rolls_stay_on_the_public_stream(world: World) -> None:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    entries = LedgerEntry.objects.filter(ref=f"aftermath:{f.battle.pk}")
    assert entries.exists() and {e.stream.audience for e in entries} == {Audience.PUBLIC}
