"""The arena duel on the web: the GM loads a sheet and opens the duel, fighters join with their own
characters, the pages are each seat's own view (a fighter never sees the other's sheet, rolls or
bennies; the GM's console sees both), the poll answers 204 while nothing the seat sees changed, and a
refused command changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.tables.models import ArenaCharacter
from referee.table_models import TableSession
from tests.support.world import World

pytestmark = pytest.mark.django_db
IVAN = {"owner": "", "name": "Ivan", "agility": "8", "smarts": "6", "spirit": "6", "strength": "8", "vigor": "6",
        "skills": "fighting d8, notice d10, lockpicking d10", "edges": "first strike", "hindrances": "loyal",
        "arcane": "miracles", "charisma": "2", "power_points": "5", "poison_vials": "0", "gear": "amulet"}


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _duel(world: World) -> tuple[int, dict[str, Client]]:
    clients = {n: _as(getattr(world, n)) for n in ("alice", "bob", "carol", "gina")}
    url = f"/campaigns/{world.campaign.pk}/arena-characters/"
    clients["gina"].post(url, {**IVAN, "owner": str(world.bob.pk)})
    clients["gina"].post(url, {**IVAN, "owner": str(world.carol.pk), "name": "Olga",
                               "skills": "fighting d8, notice d6, sailing d12", "edges": "", "arcane": ""})
    clients["gina"].post(f"/campaigns/{world.campaign.pk}/tables/arena/new/")
    table = TableSession.objects.get(campaign=world.campaign, system="arena_duel").pk
    for who in ("bob", "carol"):
        character = ArenaCharacter.objects.get(owner=getattr(world, who)).pk
        clients[who].post(f"/tables/{table}/arena/join/", {"character": str(character)})
    clients["gina"].post(f"/tables/{table}/start/")
    return table, clients


def test_the_gm_loads_a_sheet_others_see_the_name_and_charisma(world: World) -> None:
    _table, clients = _duel(world)
    assert ArenaCharacter.objects.get(name="Ivan").sheet["skills"]["lockpicking"] == 10
    page = clients["carol"].get(f"/campaigns/{world.campaign.pk}/arena-characters/").content.decode()
    assert "Ivan" in page and "Charisma 2" in page and "lockpicking" not in page and "miracles" not in page
    assert "lockpicking d10" in clients["bob"].get(f"/campaigns/{world.campaign.pk}/arena-characters/").content.decode()


def test_each_page_is_its_seat_s_own_and_the_gm_s_console_sees_both(world: World) -> None:
    table, clients = _duel(world)
    clients["bob"].post(f"/tables/{table}/arena/commands/notice/", {"key": "n1"})
    bob = clients["bob"].get(f"/tables/{table}/").content.decode()
    assert "lockpicking d10" in bob and "sailing" not in bob
    (roll,) = (TableSession.objects.get(pk=table).snapshot or {})["data"]["private"]["s2"]["rolls"].values()
    if roll["critical_failure"]:  # the table's dice came up snake eyes: final at once, no reroll (AD-BEN-05)
        assert "accepted, waiting for the GM" in bob and "Reroll Notice" not in bob
    else:
        assert "Reroll Notice (information) with a benny" in bob
    carol = clients["carol"].get(f"/tables/{table}/").content.decode()
    assert "sailing d12" in carol and "lockpicking" not in carol and "Notice (information)" not in carol
    gina = clients["gina"].get(f"/tables/{table}/").content.decode()
    assert "GM console" in gina and "lockpicking d10" in gina and "sailing d12" in gina
    alice = clients["alice"].get(f"/tables/{table}/").content.decode()
    assert "You have no seat at this duel" in alice and "lockpicking" not in alice and "sailing" not in alice
    assert _as(world.oscar).get(f"/tables/{table}/").status_code == 404


def test_the_poll_answers_204_until_something_the_seat_sees_changes(world: World) -> None:
    table, clients = _duel(world)
    page = clients["carol"].get(f"/tables/{table}/live/").content.decode()
    etag = page.split("?etag=")[1].split('"')[0]
    assert clients["carol"].get(f"/tables/{table}/live/?etag={etag}").status_code == 204
    clients["bob"].post(f"/tables/{table}/arena/commands/notice/", {"key": "n1"})  # hidden from Carol
    (key,) = (TableSession.objects.get(pk=table).snapshot or {})["data"]["private"]["s2"]["rolls"]
    clients["bob"].post(f"/tables/{table}/arena/commands/finalize/", {"key": "f1", "roll": key})
    clients["gina"].post(f"/tables/{table}/arena/commands/announce/", {"key": "a1", "roll": key})
    assert clients["carol"].get(f"/tables/{table}/live/?etag={etag}").status_code == 204
    clients["gina"].post(f"/tables/{table}/arena/commands/phase_next/", {"key": "p1"})
    assert clients["carol"].get(f"/tables/{table}/live/?etag={etag}").status_code == 200


def test_a_refused_command_says_why_and_changes_nothing(world: World) -> None:
    table, clients = _duel(world)
    before = TableSession.objects.get(pk=table).seq
    page = clients["carol"].post(f"/tables/{table}/arena/commands/phase_next/", {"key": "x"}, follow=True)
    assert "That is not something you may do now." in page.content.decode()
    page = clients["bob"].post(f"/tables/{table}/arena/declare/", {"move_to": "3"}, follow=True)
    assert page.status_code == 200 and TableSession.objects.get(pk=table).seq == before
