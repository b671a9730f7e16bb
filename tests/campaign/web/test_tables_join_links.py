"""The campaign's tables list: a Doomtrooper table is joined from the list at once; a skirmish seat needs a
faction and an arena seat a character, so for those the list links to the table page's join form instead of
a Join that would only be refused."""

from __future__ import annotations

import pytest

from campaign.tables.models import ArenaCharacter
from campaign.tables.services.tables import campaign_table_open
from referee.table_models import TableSession
from tests.campaign.api.tables.skirmish import POSSES, SETTINGS
from tests.campaign.web.test_arena_pages import IVAN
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_the_list_joins_doomtrooper_at_once_and_links_skirmish_and_arena_to_their_join_forms(world: World) -> None:
    bob, carol, gina = World.browser(world.bob), World.browser(world.carol), World.browser(world.gina)
    bob.post(f"/campaigns/{world.campaign.pk}/tables/new/")
    doom = TableSession.objects.get(campaign=world.campaign, system="doomtrooper").pk
    skirmish = campaign_table_open(
        user=world.bob, campaign_id=world.campaign.pk, system="skirmish_cards", settings=SETTINGS, options=POSSES["bob"]
    ).pk
    gina.post(f"/campaigns/{world.campaign.pk}/arena-characters/", {**IVAN, "owner": str(world.carol.pk)})
    gina.post(f"/campaigns/{world.campaign.pk}/tables/arena/new/")
    arena = TableSession.objects.get(campaign=world.campaign, system="arena_duel").pk

    listing = carol.get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
    assert f'action="/tables/{doom}/join/"' in listing and f"Join table {doom}" in listing
    for pk, text in (
        (skirmish, f"Choose a faction to join table {skirmish}"),
        (arena, f"Choose a character to join duel {arena}"),
    ):
        assert f'action="/tables/{pk}/join/"' not in listing and f"Join table {pk}" not in listing
        assert f'href="/tables/{pk}/#join"' in listing and text in listing
    assert listing.count('class="pill ok"') == 0  # Carol has no seat yet

    page = carol.get(f"/tables/{skirmish}/").content.decode()
    assert 'id="join"' in page and 'name="faction"' in page
    page = carol.get(f"/tables/{arena}/").content.decode()
    character = ArenaCharacter.objects.get(owner=world.carol).pk
    assert 'id="join"' in page and f'<option value="{character}">Ivan</option>' in page
    carol.post(f"/tables/{arena}/arena/join/", {"character": str(character)})
    listing = carol.get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
    assert f'href="/tables/{arena}/#join"' not in listing and listing.count('class="pill ok"') == 1
    assert (
        f'href="/tables/{skirmish}/#join"'
        in World.browser(world.alice).get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
    )
    assert f'href="/tables/{skirmish}/#join"' not in bob.get(f"/campaigns/{world.campaign.pk}/tables/").content.decode()
