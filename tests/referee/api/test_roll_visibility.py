"""Hidden rolls stay hidden: a visibility matrix of viewers (the roller, the GM, another player, the
organiser who is not the GM, an outsider, a superuser who is only a player) x modes (public, gm, blind,
self) over the POST answer, the list, the detail, the filters, the counts and the fairness page, before
and after the week closes (``docs/hidden-rolls.md``)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from campaign.services import membership_add, week_close
from referee.api.serializers import RECEIPT_WITHHOLDS
from referee.engine import fairness
from referee.engine.rolls import Roll
from referee.models import LedgerEntry
from tests.support.world import World, make_user, open_week

pytestmark = pytest.mark.django_db

MODES = ("public", "gm", "blind", "self")
# viewer -> the modes of Bob's rolls the viewer sees, whole; every other one is absent, as if never made
SEES: dict[str, set[str]] = {
    "bob": {"public", "self"},  # the roller: not even his own GM-only or blind roll
    "gina": {"public", "gm", "blind", "self"},  # the GM
    "carol": {"public"},  # another player
    "alice": {"public"},  # the organiser, not the GM
    "oscar": set(),  # plays in another campaign
    "sam": {"public"},  # a superuser and staff member who is only a player here
}


@pytest.fixture
def sam(world: World) -> Any:
    user = make_user("sam")
    user.is_staff = user.is_superuser = True
    user.save()
    membership_add(campaign=world.campaign, user=user, role="player")
    return user


def viewer_of(world: World, sam: Any, name: str) -> Any:
    return sam if name == "sam" else getattr(world, name)


def post_roll(client: APIClient, world: World, mode: str, notation: str = "2d6") -> dict[str, Any]:
    response = client.post(
        "/api/v1/rolls/", {"notation": notation, "visibility": mode, "campaign": world.campaign.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    body: dict[str, Any] = response.json()
    return body


@pytest.fixture
def rolls(world: World, sam: Any) -> dict[str, int]:
    open_week(world.campaign)
    client = world.client(world.bob)
    return {mode: post_roll(client, world, mode)["id"] for mode in MODES}


def fetch_all(client: APIClient, url: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while url:
        body = client.get(url).json()
        out += body["results"]
        url = body["next"]
    return out


@pytest.mark.parametrize("viewer", sorted(SEES))
def test_it_shows_each_viewer_a_roll_whole_or_not_at_all(
    world: World, sam: Any, rolls: dict[str, int], viewer: str
) -> None:
    client = world.client(viewer_of(world, sam, viewer))
    body = client.get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()
    listed = {r["id"]: r for r in body["results"]}
    assert body["count"] == len(SEES[viewer]) == len(listed)
    for mode, roll_id in rolls.items():
        detail = client.get(f"/api/v1/rolls/{roll_id}/")
        if mode not in SEES[viewer]:
            assert roll_id not in listed
            assert detail.status_code == 404 and detail.json()["code"] == "roll_not_found"
            continue
        assert detail.status_code == 200
        for shown in (listed[roll_id], detail.json()):
            assert shown["hidden"] is False and len(shown["faces"]) == 2 and len(shown["hash"]) == 64


@pytest.mark.parametrize("viewer", sorted(SEES))
def test_filters_count_only_the_rolls_the_viewer_may_see(
    world: World, sam: Any, rolls: dict[str, int], viewer: str
) -> None:
    client = world.client(viewer_of(world, sam, viewer))
    for query in ("roller=bob", "purpose=adhoc", "week=1", f"campaign={world.campaign.pk}", "rule=", "rule=x"):
        expected = 0 if query == "rule=x" else len(SEES[viewer])
        assert client.get(f"/api/v1/rolls/?{query}").json()["count"] == expected, query


@pytest.mark.parametrize("viewer", sorted(set(SEES) - {"oscar"}))
def test_the_fairness_page_counts_and_lists_only_what_the_viewer_may_see(
    world: World, sam: Any, rolls: dict[str, int], viewer: str
) -> None:
    body = world.client(viewer_of(world, sam, viewer)).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    (week,) = body["weeks"]
    assert week["rolls"] == 1  # the public stream holds the public roll only: no gap, no hidden count
    assert sum(d["dice_rolled"] for d in body["dice"]) == 2 * len(SEES[viewer])
    audiences = sorted(s["audience"] for s in week["hidden_streams"])
    expected = {"gina": ["gm", "self"], "bob": ["self"]}.get(viewer, [])
    assert audiences == expected
    hidden_rolls = {s["audience"]: s["rolls"] for s in week["hidden_streams"]}
    assert hidden_rolls == {"gina": {"gm": 2, "self": 1}, "bob": {"self": 1}}.get(viewer, {})


def test_the_fairness_page_stays_hidden_from_an_outsider(world: World, rolls: dict[str, int]) -> None:
    assert world.client(world.oscar).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").status_code == 404


@pytest.mark.parametrize("roller", ["bob", "carol", "alice", "sam"])
@pytest.mark.parametrize("mode", ["gm", "blind"])
def test_it_never_shows_a_gm_or_blind_rolls_result_or_hash_to_its_roller(
    world: World, sam: Any, roller: str, mode: str
) -> None:
    open_week(world.campaign)
    client = world.client(viewer_of(world, sam, roller))
    receipt = post_roll(client, world, mode)
    assert receipt["hidden"] is True
    assert all(receipt[field] is None for field in RECEIPT_WITHHOLDS)
    entry = LedgerEntry.objects.get(pk=receipt["id"])
    assert entry.hash not in str(receipt) and entry.prev_hash not in str(receipt)
    assert client.get(f"/api/v1/rolls/{receipt['id']}/").status_code == 404
    assert client.get("/api/v1/rolls/").json()["count"] == 0


def test_a_receipt_is_the_same_whatever_the_result(world: World) -> None:
    open_week(world.campaign)
    client = world.client(world.bob)
    receipts = [post_roll(client, world, "gm", "d100") for _ in range(6)]
    assert len({LedgerEntry.objects.get(pk=r["id"]).total for r in receipts}) > 1  # different results...
    shapes = {tuple(sorted((k, str(v)) for k, v in r.items() if k not in ("id", "created_at"))) for r in receipts}
    assert len(shapes) == 1  # ...one answer, byte for byte but for its id and time


def test_the_gm_sees_their_own_gm_roll_whole(world: World) -> None:
    open_week(world.campaign)
    body = post_roll(world.client(world.gina), world, "gm")
    assert body["hidden"] is False and len(body["faces"]) == 2 and len(body["hash"]) == 64


def test_a_self_roll_is_answered_whole_to_its_roller(world: World) -> None:
    open_week(world.campaign)
    body = post_roll(world.client(world.bob), world, "self")
    assert body["hidden"] is False and len(body["faces"]) == 2
    assert body["stream"] == f"campaign:{world.campaign.pk}:week:1:self:{world.bob.pk}" and body["seq"] == 0


def test_public_rolls_chain_past_hidden_ones_without_a_gap(world: World) -> None:
    open_week(world.campaign)
    client = world.client(world.bob)
    first = post_roll(client, world, "public")
    for mode in ("gm", "blind", "self"):
        post_roll(client, world, mode)
    second = post_roll(client, world, "public")
    assert (first["seq"], second["seq"]) == (0, 1)
    assert second["prev_hash"] == first["hash"]


def test_a_hidden_roll_changes_nothing_another_player_can_fetch(world: World, sam: Any) -> None:
    open_week(world.campaign)
    post_roll(world.client(world.bob), world, "public")
    urls = [
        "/api/v1/rolls/",
        f"/api/v1/rolls/?campaign={world.campaign.pk}",
        "/api/v1/rolls/?roller=bob",
        "/api/v1/rolls/?week=1",
        "/api/v1/rolls/?rule=",
        f"/api/v1/campaigns/{world.campaign.pk}/fairness/",
    ]
    viewers = [world.carol, world.alice, sam]
    before = {(v.username, u): world.client(v).get(u).content for v in viewers for u in urls}
    for mode in ("gm", "blind", "self"):
        post_roll(world.client(world.bob), world, mode)
    after = {(v.username, u): world.client(v).get(u).content for v in viewers for u in urls}
    assert after == before


def fetched_by(world: World, user: Any, ids: list[int]) -> tuple[str, list[tuple[bytes, bytes, int]]]:
    """Everything ``user`` can fetch about the campaign's rolls, as text, and every seed it reveals to them
    with its salt and how many rolls it drew."""
    client = world.client(user)
    texts = [str(fetch_all(client, "/api/v1/rolls/"))]
    texts += [client.get(f"/api/v1/rolls/{pk}/").content.decode() for pk in ids]
    fair = client.get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/")
    texts.append(fair.content.decode())
    seeds = []
    if fair.status_code == 200:
        for week in fair.json()["weeks"]:
            for stream in [week, *week["hidden_streams"]]:
                if stream["seed"]:
                    seeds.append((bytes.fromhex(stream["seed"]), bytes.fromhex(stream["salt"]), stream["rolls"]))
    return "\n".join(texts), seeds


def recomputes(seeds: list[tuple[bytes, bytes, int]], entry: LedgerEntry) -> bool:
    stored = Roll(entry.notation, tuple(entry.faces), tuple(entry.kept), entry.total)
    return any(
        fairness.verify_roll(seed=seed, salt=salt, seq=seq, roll=stored)
        for seed, salt, _n in seeds
        for seq in range(64)
    )


@pytest.mark.parametrize("viewer", ["bob", "carol", "alice", "sam", "oscar"])
def test_after_the_week_closes_no_player_can_recompute_a_gm_or_blind_roll(world: World, sam: Any, viewer: str) -> None:
    week = open_week(world.campaign)
    bob = world.client(world.bob)
    post_roll(bob, world, "public")
    hidden = [post_roll(bob, world, mode, "8d20")["id"] for mode in ("gm", "blind")]
    hidden.append(post_roll(world.client(world.gina), world, "gm", "8d20")["id"])
    self_roll = post_roll(bob, world, "self", "8d20")["id"]
    post_roll(bob, world, "public")
    week_close(week=week)

    text, seeds = fetched_by(world, viewer_of(world, sam, viewer), [*hidden, self_roll])
    for pk in hidden:
        entry = LedgerEntry.objects.get(pk=pk)
        assert entry.hash not in text
        assert not recomputes(seeds, entry)
    mine = LedgerEntry.objects.get(pk=self_roll)
    assert recomputes(seeds, mine) is (viewer == "bob")  # a self roll: its roller verifies it, nobody else
    if viewer != "oscar":
        public = sorted(
            (e["seq"], e["prev_hash"], e["hash"]) for e in fetch_all(world.client(world.carol), "/api/v1/rolls/")
        )
        assert [s for s, _p, _h in public] == [0, 1]
        assert public[1][1] == public[0][2]


def test_after_the_week_closes_the_gm_verifies_every_hidden_roll(world: World) -> None:
    week = open_week(world.campaign)
    ids = [post_roll(world.client(world.bob), world, mode, "8d20")["id"] for mode in MODES]
    week_close(week=week)
    _text, seeds = fetched_by(world, world.gina, ids)
    assert all(recomputes(seeds, LedgerEntry.objects.get(pk=pk)) for pk in ids)
    fair = world.client(world.gina).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    for stream in fair["weeks"][0]["hidden_streams"]:
        assert fairness.seed_matches(seed=bytes.fromhex(stream["seed"]), published=stream["commitment"])


def test_a_hidden_streams_seed_is_shown_to_its_audience_only_once_the_week_closes(world: World) -> None:
    open_week(world.campaign)
    post_roll(world.client(world.bob), world, "self")
    for user in (world.bob, world.gina):
        fair = world.client(user).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
        assert all(s["seed"] is None and len(s["commitment"]) == 64 for s in fair["weeks"][0]["hidden_streams"])
