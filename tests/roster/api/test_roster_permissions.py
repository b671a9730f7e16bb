"""Who may read and change a roster: owner, another player, organiser, GM, outsider, anonymous."""

import pytest

from roster.models import Warband
from tests.roster.helpers import reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db

VIEWERS = ["bob", "carol", "alice", "gina", "oscar", None]
#                       read (public)  read (private)  change  correct  approve
EXPECTED = {
    "bob": (200, 200, 200, 403, 403),  # the owner
    "carol": (200, 404, 404, 404, 404),  # another player
    "alice": (200, 200, 403, 200, 409),  # the organiser (allowed to approve; this one is not submitted)
    "gina": (200, 200, 403, 403, 403),  # the GM
    "oscar": (404, 404, 404, 404, 404),  # a player of another campaign
    None: (401, 401, 401, 401, 401),  # anonymous
}


@pytest.mark.parametrize("who", VIEWERS)
def test_it_lets_each_viewer_do_only_what_their_role_allows(world: World, who: str | None) -> None:
    warband = reikland(world)
    client = world.client(getattr(world, who) if who else None)
    read_public, read_private, change, correct, approve = EXPECTED[who]
    assert client.get(f"/api/v1/warbands/{warband.pk}/").status_code == read_public
    listed = client.get(f"/api/v1/warbands/?campaign={world.campaign.pk}")
    if read_public == 200:
        assert [w["id"] for w in listed.json()["results"]] == [warband.pk]
    elif who:
        assert listed.json()["count"] == 0

    world.campaign.settings = {"rosters_private": True}
    world.campaign.save()
    assert client.get(f"/api/v1/warbands/{warband.pk}/").status_code == read_private
    assert client.get(f"/api/v1/warbands/{warband.pk}/ledger/").status_code == read_private
    assert client.get(f"/api/v1/warbands/{warband.pk}/history/").status_code == read_private

    buy = client.post(f"/api/v1/warbands/{warband.pk}/buy/", {"item": "dagger"}, format="json")
    assert buy.status_code == change
    correction = client.post(f"/api/v1/warbands/{warband.pk}/corrections/", {"reason": "r", "shards": 1}, format="json")
    assert correction.status_code == correct
    assert client.post(f"/api/v1/warbands/{warband.pk}/approve/").status_code == approve
    if buy.status_code != 200:
        assert Warband.objects.get(pk=warband.pk).treasury == 500


def test_a_player_founds_a_warband_only_in_their_own_campaign(world: World) -> None:
    payload = {"campaign": world.campaign.pk, "list": "reikland", "name": "Mine"}
    assert world.client(world.carol).post("/api/v1/warbands/", payload, format="json").status_code == 201
    outsider = world.client(world.oscar).post("/api/v1/warbands/", payload, format="json")
    assert outsider.status_code == 404 and outsider.json()["code"] == "campaign_not_found"
    unknown = world.client(world.carol).post(
        "/api/v1/warbands/", payload | {"list": "dwarf_treasure_hunters"}, format="json"
    )
    assert unknown.status_code == 400 and "reikland" in unknown.json()["detail"]
