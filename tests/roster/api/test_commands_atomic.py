"""A command and its response are one transaction: when the response cannot be built (a 500), the command
changed nothing, so a phone's retry cannot buy twice; with an Idempotency-Key nothing is stored to replay."""

from typing import Any

import pytest

from campaign.lib.models import IdempotencyRecord
from roster.api.serializers import RosterSerializer
from roster.models import Holding, TreasuryEntry
from tests.roster.helpers import fresh, hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


def broken_roster(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(self: Any, warband: Any) -> Any:
        raise RuntimeError("the roster cannot be rendered")

    monkeypatch.setattr(RosterSerializer, "get_stash", fail)


@pytest.mark.parametrize("key", [None, "buy-1"])
def test_a_purchase_whose_roster_fails_to_render_answers_500_and_takes_no_gold(
    world: World, monkeypatch: pytest.MonkeyPatch, key: str | None
) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    treasury, entries = fresh(warband).treasury, TreasuryEntry.objects.count()
    broken_roster(monkeypatch)
    client = world.client(world.bob)
    client.raise_request_exception = False
    headers: dict[str, Any] = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    response = client.post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "dagger"}, format="json", **headers)
    assert response.status_code == 500
    assert response.json()["code"] == "server_error"
    assert fresh(warband).treasury == treasury and TreasuryEntry.objects.count() == entries
    assert not Holding.objects.filter(warband=warband, item_slug="dagger").exists()
    assert not IdempotencyRecord.objects.exists()


def test_a_failed_settings_change_keeps_the_old_settings(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign.api import campaigns

    def fail(self: Any, campaign: Any) -> Any:
        raise RuntimeError("the settings cannot be rendered")

    monkeypatch.setattr(campaigns.CampaignSettingsView, "_out", fail)
    client = world.client(world.alice)
    client.raise_request_exception = False
    response = client.patch(f"/api/v1/campaigns/{world.campaign.pk}/settings/", {"name": "Renamed"}, format="json")
    assert response.status_code == 500
    world.campaign.refresh_from_db()
    assert world.campaign.name == "Mordheim league"
