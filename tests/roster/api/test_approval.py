"""Approval: the player submits; the organiser approves only a roster legal by its list, or sees exactly
what is wrong; the organiser may send it back with a reason. Through the API, as a phone does it."""

from __future__ import annotations

import pytest

from campaign.models import CampaignEvent
from roster.models import Warband
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def url(warband: Warband, command: str) -> str:
    return f"/api/v1/warbands/{warband.pk}/{command}/"


def legal(world: World) -> Warband:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich")
    hire(warband, "warrior", name="Guards", count=2)
    return warband


def test_a_new_warband_is_a_draft_until_its_player_submits_it(world: World) -> None:
    warband = legal(world)
    assert fresh(warband).status == Warband.Status.DRAFT
    early = world.client(world.alice).post(url(warband, "approve"))
    assert (early.status_code, early.json()["code"]) == (409, "warband_not_submitted")
    submitted = world.client(world.bob).post(url(warband, "submit"))
    assert submitted.status_code == 200, submitted.json()
    assert submitted.json()["warband"]["status"] == "pending"
    assert submitted.json()["warband"]["problems"] == []
    approved = world.client(world.alice).post(url(warband, "approve"))
    assert approved.json()["warband"]["status"] == "approved"
    kinds = set(CampaignEvent.objects.filter(warband=warband).values_list("kind", flat=True))
    assert {"warband_submitted", "warband_approved"} <= kinds


def test_an_empty_warband_cannot_be_submitted_and_says_exactly_why(world: World) -> None:
    warband = reikland(world)
    response = world.client(world.bob).post(url(warband, "submit"))
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "warband_not_legal"
    assert body["fields"]["codes"] == ["no_leader", "too_few_warriors"]
    assert "Mercenary Captain" in body["fields"]["problems"][0]
    assert "at least 3 warriors; it has 0" in body["fields"]["problems"][1]
    assert fresh(warband).status == Warband.Status.DRAFT
    roster = world.client(world.bob).get(f"/api/v1/warbands/{warband.pk}/").json()
    assert roster["problems"] == body["fields"]["problems"]


def test_the_organiser_approves_only_a_legal_roster(world: World) -> None:
    warband = legal(world)
    world.client(world.bob).post(url(warband, "submit"))
    # A correction after submission leaves the roster over a limit: approval names it.
    group = warband.warriors.get(type_slug="warrior")
    group.count = 6
    group.save()
    refused = world.client(world.alice).post(url(warband, "approve"))
    assert refused.status_code == 400
    assert refused.json()["fields"]["codes"] == ["group_too_large"]
    assert "at most 5 models; one has 6" in refused.json()["detail"]
    assert fresh(warband).status == Warband.Status.PENDING


def test_a_type_over_its_limit_is_named(world: World) -> None:
    warband = legal(world)
    for i in range(2):
        hire(warband, "youngblood", name=f"Kid {i}")
    world.client(world.bob).post(url(warband, "submit"))
    extra = warband.warriors.get(name="Kid 0")
    extra.pk = None
    extra.name = "Kid clone"
    extra.save()  # three Youngbloods where the list allows two
    refused = world.client(world.alice).post(url(warband, "approve"))
    assert refused.json()["fields"]["codes"] == ["type_over_maximum"]
    assert "at most 2 Youngblood; the warband has 3" in refused.json()["fields"]["problems"][0]


def test_the_organiser_sends_a_warband_back_with_a_reason(world: World) -> None:
    warband = legal(world)
    world.client(world.bob).post(url(warband, "submit"))
    no_reason = world.client(world.alice).post(url(warband, "send-back"), {"reason": " "}, format="json")
    assert (no_reason.status_code, list(no_reason.json()["fields"])) == (400, ["reason"])
    sent = world.client(world.alice).post(url(warband, "send-back"), {"reason": "Name your captain"}, format="json")
    assert sent.status_code == 200
    assert sent.json()["warband"]["status"] == "draft"
    assert sent.json()["warband"]["review_note"] == "Name your captain"
    event = CampaignEvent.objects.get(kind="warband_sent_back")
    assert (event.warband_id, event.payload["reason"]) == (warband.pk, "Name your captain")
    assert world.client(world.bob).post(url(warband, "submit")).status_code == 200


def test_only_the_owner_submits_and_only_the_organiser_approves_or_sends_back(world: World) -> None:
    warband = legal(world)
    assert world.client(world.alice).post(url(warband, "submit")).status_code == 403
    assert world.client(world.carol).post(url(warband, "submit")).status_code == 403  # rosters are public
    world.client(world.bob).post(url(warband, "submit"))
    assert world.client(world.bob).post(url(warband, "approve")).status_code == 403
    assert world.client(world.gina).post(url(warband, "send-back"), {"reason": "x"}, format="json").status_code == 403
    assert fresh(warband).status == Warband.Status.PENDING
