"""With private rosters a warband's rolls between battles (a rare-item search, a variable price, a haggle) go
on the warband's own party stream of the week: its owner, the organiser and the GM see them whole and, once
the week closes, recompute them from its seed; another player and an outsider see nothing of them on any
endpoint or page (no count, no sequence gap, no hash, no stream). With public rosters they stay public."""

from __future__ import annotations

import re
from html import unescape
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from campaign.services import week_close
from referee.engine import fairness
from referee.engine.rolls import Roll
from referee.models import Audience, LedgerEntry
from roster.models import Warband, Warrior
from tests.roster.helpers import hire, reikland
from tests.support.dice import DiceScript
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def private(world: World) -> None:
    world.campaign.settings = {**world.campaign.settings, "rosters_private": True}
    world.campaign.save()


def post(world: World, warband: Warband, command: str, data: dict[str, Any]) -> Any:
    response = world.client(world.bob).post(f"/api/v1/warbands/{warband.pk}/{command}/", data, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["result"]


def captain_of(world: World) -> tuple[Warband, Warrior]:
    warband = reikland(world)
    captain = hire(warband, "mercenary_captain")
    captain.skills = [*captain.skills, "haggle"]
    captain.save()
    Warband.objects.filter(pk=warband.pk).update(trading_sequence=1)  # past founding: rare items need a search
    return warband, captain


def trade(world: World, warband: Warband, captain: Warrior) -> list[LedgerEntry]:
    """The captain finds healing herbs (Rare 8) and buys them into the stash at 20 + 2D6, haggling 2D6 off."""
    search = post(world, warband, "search", {"warrior": captain.pk, "item": "healing_herbs"})
    bought = post(world, warband, "buy", {"item": "healing_herbs", "haggler": captain.pk})
    return list(LedgerEntry.objects.filter(pk__in=[search["roll"], *bought["rolls"]]).order_by("seq"))


def _scrub(text: str) -> str:
    """A page without what differs between two renderings of it anyway (the CSRF token's mask)."""
    return re.sub(r'(name="csrfmiddlewaretoken" value="|name="csrf-token" content=")\w+', r"\1*", text)


def everything_seen_by(world: World, user: Any, roll_ids: list[int]) -> dict[str, Any]:
    """What ``user`` gets from every endpoint and page that shows rolls, streams, counts or events."""
    c, api = world.campaign.pk, world.client(user)
    week = world.campaign.weeks.get(number=1).pk
    paths = [
        f"/api/v1/rolls/?campaign={c}",
        f"/api/v1/rolls/?campaign={c}&week={week}",
        f"/api/v1/rolls/?campaign={c}&purpose=rare_search",
        f"/api/v1/rolls/?campaign={c}&purpose=trading",
        f"/api/v1/campaigns/{c}/fairness/",
        f"/api/v1/campaigns/{c}/timeline/",
        f"/api/v1/campaigns/{c}/",
        f"/api/v1/weeks/{week}/",
        "/api/v1/rolls/seed/",
    ]
    seen: dict[str, Any] = {}
    for path in paths:
        response = api.get(path)
        seen[path] = (response.status_code, response.content)
    for n, pk in enumerate(roll_ids):  # by position: PostgreSQL may not hand out the ids guessed beforehand
        response = api.get(f"/api/v1/rolls/{pk}/")
        seen[f"roll {n}"] = (response.status_code, response.content)
    web = Client()
    web.force_login(user)
    for path in (f"/campaigns/{c}/fairness/", "/dice/", "/notices/", f"/campaigns/{c}/"):
        page = web.get(path)
        seen[path] = (page.status_code, _scrub(page.content.decode()))
    return seen


def test_mh_trd_02_private_rosters_keep_a_warbands_search_and_prices_from_other_players(
    world: World, dice: DiceScript
) -> None:
    private(world)
    open_week(world.campaign)
    warband, captain = captain_of(world)
    never_made = [LedgerEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0]
    before = {u.username: everything_seen_by(world, u, [never_made[0] + n for n in (1, 2, 3)])
              for u in (world.carol, world.oscar)}
    dice.then(6, 6, 3, 4, 2, 2)  # found on 12; price 20 + 7; haggled 4 off
    entries = trade(world, warband, captain)
    assert [(e.rule_id, e.total, e.label) for e in entries] == [
        ("MH-TRD-02", 12, f"rarity roll for healing_herbs by {captain.pk}"),
        ("MH-TRD-01", 7, "price of healing_herbs"),
        ("MH-SKL-05", 4, "haggle"),
    ]
    key = f"campaign:{world.campaign.pk}:week:1:party:warband:{warband.pk}"
    assert {(e.stream.audience, e.stream.key) for e in entries} == {(Audience.PARTY, key)}
    assert [e.seq for e in entries] == [0, 1, 2]
    assert world.campaign.roll_streams.get(audience=Audience.PUBLIC).next_seq == 0  # no gap on the public stream

    ids = [e.pk for e in entries]
    for user in (world.carol, world.oscar):  # the same bytes as before the rolls were made, everywhere
        seen = everything_seen_by(world, user, ids)
        assert seen == before[user.username], user.username
        shown = " ".join(str(v) for v in seen.values())
        assert not any(e.hash in shown or f"{e.notation} · {e.label}" in shown for e in entries), user.username

    for user in (world.bob, world.alice, world.gina):  # the owner, the organiser, the GM
        api = world.client(user)
        listed = api.get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()
        assert listed["count"] == 3 and {r["id"] for r in listed["results"]} == set(ids), user.username
        assert all(api.get(f"/api/v1/rolls/{pk}/").status_code == 200 for pk in ids)
        body = api.get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
        [stream] = [s for s in body["weeks"][0]["hidden_streams"] if s["key"] == key]
        assert (stream["audience"], stream["rolls"], stream["seed"]) == ("party", 3, None)
        assert body["weeks"][0]["rolls"] == 0
        web = Client()
        web.force_login(user)
        page = web.get(f"/campaigns/{world.campaign.pk}/fairness/").content.decode()
        # The ledger says in words what each roll was (roster/web/roll_texts.py), the stored label kept.
        words = [f"{captain.name} searches for Healing herbs", "The price of Healing herbs", "Haggling over the price"]
        assert all(f"{e.notation} · {w}" in unescape(page) for e, w in zip(entries, words, strict=True)), user.username


def test_private_roster_trading_rolls_recompute_from_the_warband_streams_seed_for_its_audience(world: World) -> None:
    private(world)
    week = open_week(world.campaign)
    warband, captain = captain_of(world)
    search = post(world, warband, "search", {"warrior": captain.pk, "item": "healing_herbs"})  # real dice
    bought = post(world, warband, "buy", {"item": "sword", "haggler": captain.pk})
    entries = list(LedgerEntry.objects.filter(pk__in=[search["roll"], *bought["rolls"]]))
    assert len(entries) == 2 and {e.stream.audience for e in entries} == {Audience.PARTY}
    week_close(week=week)

    def recomputed_by(user: Any) -> bool:
        body = world.client(user).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
        seeds = [(s["seed"], s["salt"]) for w in body["weeks"] for s in (w, *w["hidden_streams"]) if s["seed"]]
        return any(
            all(
                fairness.verify_roll(
                    seed=bytes.fromhex(seed), salt=bytes.fromhex(salt), seq=e.seq,
                    roll=Roll(e.notation, tuple(e.faces), tuple(e.kept), e.total),
                )
                for e in entries
            )
            for seed, salt in seeds
        )

    assert all(recomputed_by(u) for u in (world.bob, world.alice, world.gina))
    assert not recomputed_by(world.carol)
    carol = world.client(world.carol).get(f"/api/v1/campaigns/{world.campaign.pk}/fairness/").json()
    assert [w["hidden_streams"] for w in carol["weeks"]] == [[]]
    out = StringIO()
    call_command("verify_rolls", stdout=out)
    assert "all match" in out.getvalue()


def test_public_roster_trading_rolls_stay_on_the_public_stream_for_every_member(
    world: World, dice: DiceScript
) -> None:
    open_week(world.campaign)
    warband, captain = captain_of(world)
    dice.then(6, 6, 3, 4, 2, 2)
    entries = trade(world, warband, captain)
    assert len(entries) == 3 and {e.stream.audience for e in entries} == {Audience.PUBLIC}
    listed = world.client(world.carol).get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()
    assert listed["count"] == 3
    assert world.client(world.oscar).get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()["count"] == 0
