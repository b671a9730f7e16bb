"""A whole arena duel through the HTTP API: sheets loaded by the GM, preparation, the fight, after the
fight, the close; the characters changed by it and the timeline telling it."""

from __future__ import annotations

import pytest

from campaign.models import CampaignEvent
from campaign.tables.models import ArenaCharacter
from tests.campaign.api.arena.helpers import SEATS, Arena
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_a_whole_duel_is_played_through_the_api(world: World) -> None:
    arena = Arena(world).seated()
    view = arena.game("bob")
    assert view["system"] == "arena_duel" and view["phase"] == "prep_info"
    assert view["me"]["sheet"]["skills"]["lockpicking"] == 10 and view["me"]["bennies"] == 3
    arena.send("bob", "notice")
    key = arena.rolls("bob", "notice_info")[-1]["key"]
    arena.finalize("bob", key)
    arena.send("gina", "announce", roll=key)
    arena.to_fight()
    assert arena.game("carol")["phase"] == "fight"
    arena.send("gina", "signal")
    first = arena.decide("first_turn")
    arena.send(first, "declare", move_to=6 if first == "bob" else 19)
    arena.send(first, "end_turn")
    arena.send("gina", "phase_next")
    assert arena.game("gina")["phase"] == "post"
    arena.send("gina", "award", seat=SEATS["bob"], item="amulet")
    arena.send("gina", "close", winner=SEATS["bob"], force=True)
    response = arena["gina"].post(arena.url("close/"), {}, format="json")
    assert response.status_code == 200, response.json()
    ivan = ArenaCharacter.objects.get(pk=arena.chars["bob"])
    assert [b["item"] for b in ivan.persistent_bennies] == ["amulet"] and ivan.duels == 1
    event = CampaignEvent.objects.get(campaign=world.campaign, kind="duel_fought")
    assert event.payload["winner"] == "Ivan" and event.payload["loser"] == "Olga"
