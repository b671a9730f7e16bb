"""The cached roster: built once per change, never stale after any roster service, secret where it must be.

Every write path to a roster (the owner's commands, the organiser's approvals and corrections, a battle's
aftermath and the decisions it leaves, promotions among them) is run between two cached reads; the
second read must be what a fresh build from the rows says. On-commit callbacks run here (the cache is
filled only after the reading transaction commits), so the reads really go through the cache.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from rest_framework.test import APIClient

from roster.aftermath.decisions import decision_answer
from roster.aftermath.run import aftermath_run
from roster.documents import cache as documents
from roster.documents.cache import roster_data, roster_key
from roster.models import Decision, Holding, Warband
from roster.services.hiring import warband_dismiss
from roster.services.trading import warband_move_item, warband_purchase, warband_search_rare, warband_sell
from roster.services.warbands import warband_approve, warband_correct, warband_send_back, warband_submit
from tests.roster.aftermath.helpers import Fight, fight, first_answer, queued
from tests.roster.helpers import hire, reikland
from tests.support.dice import DiceScript
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    documents._RECENT.clear()  # this process's copies too
    yield
    cache.clear()
    documents._RECENT.clear()


@pytest.fixture
def read(django_capture_on_commit_callbacks: Any) -> Callable[[APIClient, Warband], dict[str, Any]]:
    def get(client: APIClient, warband: Warband) -> dict[str, Any]:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.get(f"/api/v1/warbands/{warband.pk}/")
        assert response.status_code == 200, response.content
        body: dict[str, Any] = response.json()
        return body

    return get


def fresh(warband: Warband) -> dict[str, Any]:
    """What the rows say now, built without the cache."""
    return roster_data(Warband.objects.select_related("campaign__rules_pack", "owner").get(pk=warband.pk))


def drafted(world: World) -> Warband:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain", equipment=["sword"])
    hire(warband, "champion")
    hire(warband, "warrior", count=2)
    warband_purchase(warband=warband, actor=world.bob, item_slug="dagger")  # into the stash
    assert captain.pk
    return warband


def _hero(warband: Warband, type_slug: str = "mercenary_captain") -> Any:
    return warband.warriors.get(type_slug=type_slug)


def _stashed(warband: Warband) -> int:
    return Holding.objects.filter(warband=warband, warrior=None).values_list("pk", flat=True)[0]


def _submitted(world: World, warband: Warband) -> Warband:
    warband_submit(warband=warband, actor=world.bob)
    return warband


OWNER_AND_ORGANISER: dict[str, Callable[[World, Warband], Any]] = {
    "hire": lambda world, wb: hire(wb, "youngblood"),
    "dismiss": lambda world, wb: warband_dismiss(warband=wb, actor=world.bob, warrior=_hero(wb, "champion")),
    "dismiss_one_of_a_group": lambda world, wb: warband_dismiss(
        warband=wb, actor=world.bob, warrior=_hero(wb, "warrior"), count=1
    ),
    "buy": lambda world, wb: warband_purchase(warband=wb, actor=world.bob, item_slug="axe", warrior=_hero(wb).pk),
    "sell": lambda world, wb: warband_sell(warband=wb, actor=world.bob, holding=_stashed(wb)),
    "move_kit": lambda world, wb: warband_move_item(
        warband=wb, actor=world.bob, holding=_stashed(wb), to_warrior=_hero(wb).pk
    ),
    "submit": lambda world, wb: warband_submit(warband=wb, actor=world.bob),
    "approve": lambda world, wb: warband_approve(warband=_submitted(world, wb), actor=world.alice),
    "send_back": lambda world, wb: warband_send_back(
        warband=_submitted(world, wb), actor=world.alice, reason="Too many swords"
    ),
    "correct_treasury": lambda world, wb: warband_correct(warband=wb, actor=world.alice, reason="typo", treasury=7),
    "correct_shards": lambda world, wb: warband_correct(warband=wb, actor=world.alice, reason="found", shards=2),
    "correct_warrior": lambda world, wb: warband_correct(
        warband=wb, actor=world.alice, reason="xp", warrior=_hero(wb), warrior_changes={"xp": 9, "name": "Otto"}
    ),
}


@pytest.mark.parametrize("service", sorted(OWNER_AND_ORGANISER))
def test_no_reader_sees_a_stale_roster_after_a_roster_service(world: World, read: Any, service: str) -> None:
    warband = drafted(world)
    owner, rival = world.client(world.bob), world.client(world.carol)
    before = read(owner, warband)
    assert cache.get(roster_key(Warband.objects.select_related("campaign", "owner").get(pk=warband.pk)))
    assert read(rival, warband) == before  # served from the cache to another reader
    OWNER_AND_ORGANISER[service](world, warband)
    after = read(rival, warband)
    assert after == fresh(warband)
    assert after != before  # the service changed the roster, and the reader sees it
    assert read(owner, warband) == after


def test_a_rare_search_moves_the_version_on_too(world: World, read: Any, dice: DiceScript) -> None:
    open_week(world.campaign)
    warband = drafted(world)
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)  # past founding (test set-up, as in trading)
    owner = world.client(world.bob)
    read(owner, warband)
    version = Warband.objects.get(pk=warband.pk).version
    dice.then(6, 6)
    warband_search_rare(warband=warband, actor=world.bob, warrior=_hero(warband).pk, item_slug="pistol")
    assert Warband.objects.get(pk=warband.pk).version == version + 1
    assert read(owner, warband) == fresh(warband)


def test_no_reader_sees_a_stale_roster_after_an_aftermath_and_its_decisions(
    world: World, read: Any, dice: DiceScript
) -> None:
    f: Fight = fight(world)
    owner = world.client(world.bob)
    before = {w.pk: read(owner, w) for w in (f.reavers, f.raiders)}
    aftermath_run(aftermath_id=queued(f).pk)
    for w in (f.reavers, f.raiders):
        after = read(owner, w)
        assert after == fresh(w)
        assert after != before[w.pk]
    answered = 0
    while (pending := Decision.objects.filter(answered_at=None).order_by("id").first()) is not None and answered < 10:
        warband = Warband.objects.get(pk=pending.warband_id)
        seen = read(owner, warband)
        decision_answer(decision_id=pending.pk, actor=pending.answerer, answer=first_answer(pending))
        answered += 1
        assert read(owner, warband) == fresh(warband)
        assert Warband.objects.get(pk=warband.pk).version > 0 and seen is not None
    assert answered  # the aftermath left choices (advances, wyrdstone), each checked above


def test_an_unchanged_roster_is_served_in_three_queries_and_revalidated_with_304(world: World, read: Any) -> None:
    warband = drafted(world)
    client = world.client(world.carol)
    first = client.get(f"/api/v1/warbands/{warband.pk}/")
    etag = first["ETag"]
    read(client, warband)  # fills the cache
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/api/v1/warbands/{warband.pk}/")
    assert again.status_code == 200 and again["ETag"] == etag and again.json() == first.json()
    # The throttle's counters live in a table on the embedded default (in Redis when CACHE_URL is set).
    sql = [q["sql"] for q in queries.captured_queries if "muster_throttle_cache" not in q["sql"]]
    sql = [q for q in sql if "SAVEPOINT" not in q]
    assert len(sql) <= 3, [q[:80] for q in sql]  # the token, the user, the warband row
    not_modified = client.get(f"/api/v1/warbands/{warband.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert not_modified.status_code == 304 and not_modified.content == b"" and not_modified["ETag"] == etag
    assert "private" in not_modified["Cache-Control"]
    hire(warband, "youngblood")
    changed = client.get(f"/api/v1/warbands/{warband.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_private_roster_gives_a_stranger_404_and_no_etag_cached_or_not(world: World, read: Any) -> None:
    world.campaign.settings = {**(world.campaign.settings or {}), "rosters_private": True}
    world.campaign.save(update_fields=["settings"])
    warband = drafted(world)
    body = read(world.client(world.bob), warband)  # the owner's read fills the cache
    etag = world.client(world.bob).get(f"/api/v1/warbands/{warband.pk}/")["ETag"]
    for client in (world.client(world.carol), world.client(None)):
        for headers in ({}, {"HTTP_IF_NONE_MATCH": etag}):
            response = client.get(f"/api/v1/warbands/{warband.pk}/", **headers)  # type: ignore[arg-type]
            assert response.status_code in (401, 403, 404)
            assert "ETag" not in response and body["name"] not in response.content.decode()
    organiser = world.client(world.alice).get(f"/api/v1/warbands/{warband.pk}/")
    assert organiser.status_code == 200 and organiser["ETag"] == etag


def test_the_etag_is_the_body_not_a_change_count(world: World, read: Any) -> None:
    warband = drafted(world)
    client = world.client(world.bob)
    etag = client.get(f"/api/v1/warbands/{warband.pk}/")["ETag"]
    warband_correct(warband=warband, actor=world.alice, reason="twice", treasury=5)
    warband_correct(warband=warband, actor=world.alice, reason="and back", treasury=-5)
    assert Warband.objects.get(pk=warband.pk).version >= 2
    assert client.get(f"/api/v1/warbands/{warband.pk}/")["ETag"] == etag  # same roster, same tag


def test_each_language_has_its_own_copy(world: World, read: Any) -> None:
    warband = drafted(world)
    client = world.client(world.bob)
    with translation.override("en"):  # the requests leave their language active: put the test's back after
        english = client.get(f"/api/v1/warbands/{warband.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        read(client, warband)
        russian = client.get(f"/api/v1/warbands/{warband.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert english.json()["list_name"] != russian.json()["list_name"]
    assert english["ETag"] != russian["ETag"]
