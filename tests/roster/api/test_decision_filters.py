"""Decisions filtered by campaign, battle and state, as a phone lists them."""

from __future__ import annotations

import pytest

from roster.aftermath.run import aftermath_run
from roster.models import Decision
from tests.roster.aftermath.helpers import fight, first_answer, queued
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_decisions_filter_by_campaign_battle_and_state(world: World) -> None:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    mine = Decision.objects.filter(answerer=world.bob).order_by("id")
    assert mine.exists()
    bob = world.client(world.bob)
    listed = bob.get(f"/api/v1/decisions/?campaign={world.campaign.pk}&battle={f.battle.pk}").json()["results"]
    assert [d["id"] for d in listed] == [d.pk for d in mine]
    assert {(d["campaign"], d["battle"]) for d in listed} == {(world.campaign.pk, f.battle.pk)}
    assert bob.get(f"/api/v1/decisions/?campaign={world.other_campaign.pk}").json()["results"] == []
    assert bob.get(f"/api/v1/decisions/?battle={f.battle.pk + 1}").json()["results"] == []
    first = mine.first()
    assert first is not None
    answered = bob.post(f"/api/v1/decisions/{first.pk}/", {"answer": first_answer(first)}, format="json")
    assert answered.status_code == 200, answered.json()
    assert [d["id"] for d in bob.get("/api/v1/decisions/?state=answered").json()["results"]] == [first.pk]
    assert first.pk not in [d["id"] for d in bob.get("/api/v1/decisions/?state=open").json()["results"]]
    everything = bob.get("/api/v1/decisions/?state=all").json()["results"]
    assert first.pk in [d["id"] for d in everything] and len(everything) >= len(listed)
    bad = bob.get("/api/v1/decisions/?state=maybe")
    assert bad.status_code == 400
