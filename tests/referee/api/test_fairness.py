"""GET /api/v1/campaigns/{id}/fairness/: commitments, revealed seeds, face counts and chi-square."""

import hashlib

import pytest

from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_it_publishes_the_commitment_and_reveals_the_seed_only_after_the_week_closes(world: World) -> None:
    week = open_week(world.campaign)
    client = world.client(world.carol)
    body = client.get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    assert body["weeks"][0]["seed"] is None and len(body["weeks"][0]["commitment"]) == 64
    week_close(week=week)
    week1 = client.get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()["weeks"][0]
    assert hashlib.sha256(bytes.fromhex(week1["seed"])).hexdigest() == week1["commitment"]


def test_it_counts_every_face_per_die_size_with_a_p_value(world: World) -> None:
    open_week(world.campaign)
    entries = [
        roll_ad_hoc(user=world.bob, notation="3d6+d8", purpose="adhoc", campaign=world.campaign) for _ in range(30)
    ]
    dice = {
        d["sides"]: d
        for d in world.client(world.carol).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()["dice"]
    }
    assert set(dice) == {6, 8}
    assert dice[6]["dice_rolled"] == 90 and dice[8]["dice_rolled"] == 30
    six_faces = [f for e in entries for f in e.faces[:3]]
    assert dice[6]["faces"] == {str(face): six_faces.count(face) for face in range(1, 7)}
    assert 0.0 <= dice[6]["p_value"] <= 1.0 and dice[6]["degrees_of_freedom"] == 5


def test_it_never_counts_a_roll_the_viewer_may_not_see(world: World) -> None:
    open_week(world.campaign)
    roll_ad_hoc(user=world.gina, notation="d20", purpose="hidden", campaign=world.campaign, visibility="gm")
    carol = world.client(world.carol).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    gina = world.client(world.gina).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    assert carol["dice"] == []
    assert [d["sides"] for d in gina["dice"]] == [20]


def test_it_hides_the_page_from_outsiders(world: World) -> None:
    response = world.client(world.oscar).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/")
    assert response.status_code == 404


def test_it_takes_a_players_seed_contribution_for_the_next_week(world: World) -> None:
    open_week(world.campaign)
    response = world.client(world.bob).post(
        f"/api/v1/campaigns/{world.campaign.pk}/seed-contribution/", {"value": "for luck"}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {"week_number": 2, "value": "for luck"}
    too_long = world.client(world.bob).post(
        f"/api/v1/campaigns/{world.campaign.pk}/seed-contribution/", {"value": "x" * 65}, format="json"
    )
    assert too_long.status_code == 400


def test_it_shows_my_seed_and_reveals_it_on_rotation(world: World) -> None:
    client = world.client(world.bob)
    assert client.post("/api/v1/rolls/", {"notation": "d6"}, format="json").status_code == 201
    current = client.get("/api/v1/rolls/seed/").json()["current"]
    assert current["seed"] is None and current["rolls"] == 1
    rotated = client.post("/api/v1/rolls/seed/rotate/").json()
    assert rotated["revealed"]["key"] == current["key"]
    assert hashlib.sha256(bytes.fromhex(rotated["revealed"]["seed"])).hexdigest() == current["commitment"]
    assert rotated["current"]["seed"] is None
