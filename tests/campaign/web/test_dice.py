"""The dice roller, the roll ledger and the fairness page on the web: rolls made on the server, in the ledger,
secrets kept (a blind roll hides its result from its roller; a GM-only roll is not listed for a player)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.services.campaigns import campaign_start
from referee.models import LedgerEntry
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_player_rolls_in_the_campaign_and_the_roll_is_in_the_ledger(world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    page = _as(world.bob).post(
        "/dice/roll/",
        {"notation": "2d6", "label": "ambush", "campaign": world.campaign.pk, "visibility": "public"},
        follow=True,
    )
    entry = LedgerEntry.objects.get(roller=world.bob, label="ambush")
    assert entry.campaign_id == world.campaign.pk and entry.notation == "2D6"
    assert f"Rolled 2D6: {entry.total}" in page.content.decode()
    carol_sees = _as(world.carol).get(f"/campaigns/{world.campaign.pk}/fairness/").content.decode()
    assert "ambush" in carol_sees and "d6" in carol_sees and "faces-d6-data" in carol_sees


def test_a_blind_roll_hides_its_result_from_the_roller_and_shows_it_to_the_gm(world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    page = (
        _as(world.bob)
        .post(
            "/dice/roll/",
            {"notation": "d6", "label": "search", "campaign": world.campaign.pk, "visibility": "blind"},
            follow=True,
        )
        .content.decode()
    )
    assert "the result is hidden from you" in page
    entry = LedgerEntry.objects.get(label="search")
    gm_page = _as(world.gina).get(f"/campaigns/{world.campaign.pk}/fairness/").content.decode()
    assert f"<strong>{entry.total}</strong>" in gm_page


def test_a_gm_only_roll_is_not_listed_for_a_player(world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    _as(world.gina).post(
        "/dice/roll/", {"notation": "d66", "label": "secret ambush", "campaign": world.campaign.pk, "visibility": "gm"}
    )
    assert LedgerEntry.objects.filter(label="secret ambush").exists()
    assert "secret ambush" not in _as(world.bob).get("/dice/").content.decode()


def test_bad_notation_is_refused_and_nothing_is_rolled(world: World) -> None:
    page = _as(world.bob).post("/dice/roll/", {"notation": "2x7", "visibility": "public"}, follow=True)
    assert 'class="error"' in page.content.decode()
    assert not LedgerEntry.objects.filter(roller=world.bob).exists()


def test_a_stranger_cannot_roll_in_a_campaign_or_read_its_fairness(world: World) -> None:
    campaign_start(campaign=world.campaign, actor=world.alice)
    oscar = _as(world.oscar)
    assert oscar.post("/dice/roll/", {"notation": "d6", "campaign": world.campaign.pk}).status_code == 404
    assert oscar.get(f"/campaigns/{world.campaign.pk}/fairness/").status_code == 404
    assert not LedgerEntry.objects.filter(roller=world.oscar).exists()
