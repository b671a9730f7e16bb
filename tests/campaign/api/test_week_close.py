"""Closing a week early through the API, in any game system: the organiser or the GM, permission checks
before anything about the week is revealed; the week shows its commitment, and once closed, its seed."""

from __future__ import annotations

import hashlib

import pytest

from campaign.models import Week
from tests.support.league import League

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("who", "status"), [("alice", 202), ("gina", 202), ("bob", 403), ("oscar", 404), (None, 401)])
def test_the_organiser_or_the_gm_closes_a_mordheim_week(league: League, who: str | None, status: int) -> None:
    w = league.world
    client = w.client(getattr(w, who) if who else None)
    response = client.post(f"/api/v1/weeks/{league.week.pk}/close/")
    assert response.status_code == status, response.json()
    closed = Week.objects.get(pk=league.week.pk).status == Week.Status.CLOSED
    assert closed is (status == 202)


def test_a_stranger_cannot_tell_a_week_that_exists_from_one_that_does_not(league: League) -> None:
    oscar = league.world.client(league.world.oscar)
    real = oscar.post(f"/api/v1/weeks/{league.week.pk}/close/")
    missing = oscar.post("/api/v1/weeks/999999/close/")
    assert (real.status_code, real.json()) == (missing.status_code, missing.json())


def test_the_week_shows_its_commitment_then_its_seed(league: League) -> None:
    alice = league.world.client(league.world.alice)
    before = alice.get(f"/api/v1/weeks/{league.week.pk}/").json()
    assert len(before["commitment"]) == 64 and before["seed"] is None
    assert before["streams"][0]["seed"] is None
    closed = alice.post(f"/api/v1/weeks/{league.week.pk}/close/").json()
    assert closed["status"] == "closed"
    assert hashlib.sha256(bytes.fromhex(closed["seed"])).hexdigest() == before["commitment"]
    assert closed["streams"][0]["key"] == f"campaign:{league.world.campaign.pk}:week:1"
    nxt = Week.objects.get(campaign=league.world.campaign, number=2)
    assert nxt.status == Week.Status.OPEN  # the next week opens, as at the deadline
    listed = league.world.client(league.world.bob).get(f"/api/v1/campaigns/{league.world.campaign.pk}/weeks/").json()
    first = next(wk for wk in listed["results"] if wk["number"] == 1)
    assert first["seed"] == closed["seed"]
    again = alice.post(f"/api/v1/weeks/{league.week.pk}/close/")
    assert (again.status_code, again.json()["code"]) == (409, "week_closed")


def test_resolve_on_a_mordheim_week_checks_permission_before_the_system(league: League) -> None:
    bob = league.world.client(league.world.bob).post(f"/api/v1/weeks/{league.week.pk}/resolve/")
    assert (bob.status_code, bob.json()["code"]) == (403, "permission_denied")
    alice = league.world.client(league.world.alice).post(f"/api/v1/weeks/{league.week.pk}/resolve/")
    assert alice.status_code == 202 and alice.json()["status"] == "closed"
