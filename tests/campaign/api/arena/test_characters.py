"""The campaign's arena characters through the API: made and edited by the staff, the sheet read by
its owner and the staff only, the rest of the campaign told the name and the final Charisma."""

from __future__ import annotations

import pytest

from campaign.tables.models import ArenaCharacter
from tests.campaign.api.arena.helpers import BOB, Arena
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_ad_info_01_members_see_name_and_charisma_only_the_owner_and_staff_see_the_sheet(world: World) -> None:
    arena = Arena(world)
    made = arena.character("bob", "Ivan", BOB)
    assert made["sheet"]["skills"]["lockpicking"] == 10 and made["gear"] == ["poison vial"]
    url = f"/api/v1/arena-characters/{made['id']}/"
    for who in ("bob", "gina", "alice"):
        body = arena[who].get(url).json()
        assert body["sheet_visible"] and body["sheet"]["edges"] == ["first_strike"]
    for who in ("carol", "dave"):
        body = arena[who].get(url).json()
        assert (body["name"], body["charisma"], body["owner"], body["sheet_visible"]) == ("Ivan", 2, "bob", False)
        assert body["sheet"] is None and body["gear"] is None and body["persistent_bennies"] is None
        listed = arena[who].get(f"/api/v1/campaigns/{world.campaign.pk}/arena-characters/").json()
        assert "lockpicking" not in str(listed) and listed[0]["name"] == "Ivan"
    for who in ("oscar", "anon"):
        assert arena[who].get(url).status_code in (401, 404)
        missing = arena[who].get("/api/v1/arena-characters/999999/")
        assert (arena[who].get(url).status_code, arena[who].get(url).json()) == (missing.status_code, missing.json())


def test_only_the_organiser_or_the_gm_makes_and_edits_characters(world: World) -> None:
    arena = Arena(world)
    refused = arena.character("bob", "Ivan", BOB, by="bob", status=403)
    assert refused["code"] == "not_staff" and not ArenaCharacter.objects.exists()
    made = arena.character("bob", "Ivan", BOB, by="alice")
    url = f"/api/v1/arena-characters/{made['id']}/"
    assert arena["bob"].patch(url, {"name": "Vanya"}, format="json").json()["code"] == "not_staff"
    edited = arena["gina"].patch(url, {"sheet": {**BOB, "charisma": 4}, "wounds": 1}, format="json").json()
    assert edited["charisma"] == 4 and edited["wounds"] == 1


def test_a_bad_sheet_is_refused_with_a_message_and_nothing_is_made(world: World) -> None:
    arena = Arena(world)
    bad = {**BOB, "attributes": {**BOB["attributes"], "agility": 7}}
    refused = arena.character("bob", "Ivan", bad, status=400)
    assert refused["code"] == "invalid_character" and "attribute" in refused["detail"]
    assert arena.character("gina", "Gm's own", BOB, status=400)["code"] == "owner_not_player"
    assert not ArenaCharacter.objects.exists()


def test_a_fighter_sits_down_only_with_its_own_character(world: World) -> None:
    arena = Arena(world)
    arena.character("bob", "Ivan", BOB)
    arena.open()
    taken = arena.join("carol", status=404, character=arena.chars["bob"])
    assert taken["code"] == "character_not_found"
    assert arena.join("carol", status=400, character={"sheet": BOB})["code"] == "no_character"
    arena.join("bob")
