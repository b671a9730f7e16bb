"""A visibility matrix: roller, GM, another player, organiser and outsider, for each of the four modes,
over the list, its count, its filters and the detail endpoint."""

import pytest

from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db

# viewer -> mode -> what the viewer gets: "full" (faces shown), "hidden" (listed, result withheld), None (absent)
EXPECTED: dict[str, dict[str, str | None]] = {
    "bob": {"public": "full", "gm": None, "blind": "hidden", "self": "full"},  # the roller
    "gina": {"public": "full", "gm": "full", "blind": "full", "self": "full"},  # the GM
    "carol": {"public": "full", "gm": None, "blind": None, "self": None},  # another player
    "alice": {"public": "full", "gm": None, "blind": None, "self": None},  # the organiser, not the GM
    "oscar": {"public": None, "gm": None, "blind": None, "self": None},  # plays in another campaign
}


@pytest.fixture
def rolls(world: World) -> dict[str, int]:
    open_week(world.campaign)
    client = world.client(world.bob)
    ids = {}
    for mode in ("public", "gm", "blind", "self"):
        response = client.post(
            "/api/v1/rolls/",
            {"notation": "2d6", "visibility": mode, "campaign": world.campaign.pk},
            format="json",
        )
        assert response.status_code == 201
        ids[mode] = response.json()["id"]
    return ids


@pytest.mark.parametrize("viewer", sorted(EXPECTED))
def test_it_shows_each_viewer_only_what_the_mode_allows(world: World, rolls: dict[str, int], viewer: str) -> None:
    client = world.client(getattr(world, viewer))
    listed = {r["id"]: r for r in client.get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()["results"]}
    body = client.get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()
    expected_visible = {mode for mode, what in EXPECTED[viewer].items() if what}
    assert body["count"] == len(expected_visible)
    for mode, roll_id in rolls.items():
        what = EXPECTED[viewer][mode]
        detail = client.get(f"/api/v1/rolls/{roll_id}/")
        if what is None:
            assert roll_id not in listed
            assert detail.status_code == 404
            assert detail.json()["code"] == "roll_not_found"
            continue
        assert detail.status_code == 200
        for shown in (listed[roll_id], detail.json()):
            if what == "hidden":
                assert shown["hidden"] is True
                assert shown["faces"] is None and shown["total"] is None and shown["kept"] is None
            else:
                assert shown["hidden"] is False and len(shown["faces"]) == 2


@pytest.mark.parametrize("viewer", sorted(EXPECTED))
def test_filters_never_reveal_a_hidden_roll(world: World, rolls: dict[str, int], viewer: str) -> None:
    client = world.client(getattr(world, viewer))
    visible = sum(1 for what in EXPECTED[viewer].values() if what)
    for query in ("roller=bob", "purpose=adhoc", "week=1", f"campaign={world.campaign.pk}", "rule="):
        assert client.get(f"/api/v1/rolls/?{query}").json()["count"] == visible, query
