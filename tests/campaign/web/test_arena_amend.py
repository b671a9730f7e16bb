"""The GM corrects an arena command from the console (LIVE-TABLES §6): the command's own fields, labelled and
filled in with what was sent (never raw JSON), through the same ``table_amend`` as the API; a bad detail is
refused with a message a person can act on, and nothing changes. A fighter sees no one else's command."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from referee.table_models import TableCommand, TableSession
from tests.campaign.api.arena.helpers import Arena
from tests.support.world import World

pytestmark = pytest.mark.django_db
#: The declaration form's other fields, posted as a browser posts them when left empty.
UNTOUCHED = dict.fromkeys(("action_kind", "action_item", "action_at", "hold_trigger", "hold_kind", "hold_item"), "")


def _banned(world: World) -> tuple[Arena, TableCommand, str]:
    arena = Arena(world).seated()
    _winner, loser = arena.to_bans()
    arena.send(loser, "ban", group="bows")
    return arena, TableCommand.objects.get(session_id=arena.table, kind="ban"), loser


def _amend(client: Client, arena: Arena, **data: Any) -> str:
    return client.post(f"/tables/{arena.table}/arena/amend/", data, follow=True).content.decode()


def test_the_gm_corrects_a_ban_with_the_command_s_own_labelled_field(world: World) -> None:
    arena, ban, _loser = _banned(world)
    gina = World.browser(world.gina)
    page = gina.get(f"/tables/{arena.table}/").content.decode()
    assert 'id="amend"' in page and "Correct a command" in page and "Ban a weapon group" in page
    assert f'id="m{ban.pk}-ban-group"' in page and 'name="group"' in page and 'value="bows"' in page
    assert 'name="payload"' not in page  # no raw JSON any more
    done = _amend(gina, arena, command=str(ban.pk), group="crossbow")
    assert "The command was corrected." in done
    ban.refresh_from_db()
    assert ban.payload == {"group": "crossbow"} and ban.amendments == [{"group": "bows"}]
    assert [b["group"] for b in arena.game("carol")["duel"]["bans"]] == ["crossbow"]


def test_a_bad_correction_says_what_to_do_and_changes_nothing(world: World) -> None:
    arena, ban, _loser = _banned(world)
    gina = World.browser(world.gina)
    before = TableSession.objects.get(pk=arena.table)
    cases = [
        ({"command": str(ban.pk), "group": ""}, "Weapon group is needed: fill it in."),
        ({"command": str(ban.pk), "group": "bows"}, "Nothing to correct: change one of the details first."),
        ({"command": "x", "group": "crossbow"}, "Choose one of the commands listed under"),
        ({"command": str(ban.pk), "group": "no_such_group"}, "The table cannot be rebuilt that way"),
    ]
    for data, message in cases:
        assert message in _amend(gina, arena, **data), data
        after = TableSession.objects.get(pk=arena.table)
        assert (after.seq, after.snapshot) == (before.seq, before.snapshot), data
        assert TableCommand.objects.get(pk=ban.pk).payload == {"group": "bows"}


def test_a_declaration_is_corrected_square_by_square_and_a_square_must_be_a_number(world: World) -> None:
    arena = Arena(world).seated()
    arena.to_fight()
    arena.send("gina", "signal")
    first = arena.decide("first_turn")
    square, fixed = (6, 5) if first == "bob" else (19, 20)  # the lane's walls are squares 0 and 25
    arena.send(first, "declare", move_to=square)
    declare = TableCommand.objects.get(session_id=arena.table, kind="declare")
    gina = World.browser(world.gina)
    page = gina.get(f"/tables/{arena.table}/").content.decode()
    assert f'id="m{declare.pk}-move_to-0"' in page and f'value="{square}"' in page and "Trigger distance" in page
    seq = TableSession.objects.get(pk=arena.table).seq
    refused = _amend(gina, arena, command=str(declare.pk), move_to="five", **UNTOUCHED)
    assert "Move to square (0 to 25) must be a whole number." in refused
    assert TableSession.objects.get(pk=arena.table).seq == seq
    too_far = _amend(
        gina, arena, command=str(declare.pk), move_to=str(square + (1 if first == "bob" else -1)), **UNTOUCHED
    )
    assert "a fighter moves at most 6 squares a turn" in too_far
    assert TableSession.objects.get(pk=arena.table).seq == seq
    done = _amend(gina, arena, command=str(declare.pk), move_to=str(fixed), **UNTOUCHED)
    assert "The command was corrected." in done
    declare.refresh_from_db()
    assert declare.payload["move_to"] == fixed and declare.amendments[0]["move_to"] == square
    other = "carol" if first == "bob" else "bob"
    assert arena.game(other)["declaration"]["move_to"] == fixed  # the opponent sees the corrected path


def test_a_fighter_sees_no_correction_form_and_cannot_correct_another_s_command(world: World) -> None:
    arena, ban, loser = _banned(world)
    other = world.carol if loser == "bob" else world.bob
    client = World.browser(other)
    page = client.get(f"/tables/{arena.table}/").content.decode()
    assert 'id="amend"' not in page and f"m{ban.pk}-" not in page
    assert "Undo the last command" in page and "Close the table" not in page  # the GM closes a duel
    assert "Close the table" in World.browser(world.gina).get(f"/tables/{arena.table}/").content.decode()
    assert "Choose one of the commands listed under" in _amend(client, arena, command=str(ban.pk), group="crossbow")
    assert TableCommand.objects.get(pk=ban.pk).payload == {"group": "bows"}
