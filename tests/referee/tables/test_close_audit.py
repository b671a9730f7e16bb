"""The close audit: every shuffle recomputed, every draw and deal checked against the deck order then,
so a server that rewrites a deal (and even re-chains its log to hide it) is caught."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.db import connection

from referee.engine.chain import entry_hash
from referee.table_models import TableEvent, TableSession
from referee.tables import services as svc
from referee.tables.audit import table_audit
from tests.referee.engine.systems.doomtrooper.game import deck
from tests.support.world import World

pytestmark = pytest.mark.django_db


def closed_table(world: World) -> TableSession:
    session = svc.table_create(creator=world.bob, system_slug="doomtrooper", campaign_id=world.campaign.pk,
                               settings={"deck_mode": "app_held"}, options={"deck": deck(20)}, contribution="b")
    svc.table_join(session=session, user=world.carol, options={"deck": deck(20)}, contribution="c")
    svc.table_start(session=session, user=world.bob, first="s1")
    for user in (world.bob, world.carol):
        svc.table_command(session=session, user=user, kind="end_actions", payload={})
        svc.table_command(session=session, user=user, kind="end_turn", payload={})
    svc.table_close(session=session, user=world.bob)  # a game in progress closes once both players ask
    return svc.table_close(session=session, user=world.carol)


def _rewrite(event: TableEvent, data: dict, *, rechain: bool) -> None:
    """What a dishonest server could do to its own rows (the models refuse it, so: raw SQL)."""
    with connection.cursor() as cursor:
        cursor.execute("UPDATE referee_tableevent SET data = %s WHERE id = %s", [json.dumps(data), event.pk])
    if not rechain:
        return
    session = event.session
    prev = event.prev_hash
    for row in TableEvent.objects.filter(session=session, seq__gte=event.seq).order_by("seq"):
        new = entry_hash(prev, row.chained_fields())
        with connection.cursor() as cursor:
            cursor.execute("UPDATE referee_tableevent SET prev_hash = %s, hash = %s WHERE id = %s",
                           [prev, new, row.pk])
        prev = new
    TableSession.objects.filter(pk=session.pk).update(head_hash=prev)


def test_the_audit_verifies_an_honest_table(world: World) -> None:
    audit = table_audit(session=closed_table(world))
    assert audit.ok, audit.problems
    assert audit.shuffles == 2 and audit.moves == 14 and audit.rolls_recomputed == 2  # two shuffles, own streams
    call_command("verify_rolls")


@pytest.mark.parametrize("rechain", [False, True])
def test_the_audit_detects_an_altered_deal(world: World, rechain: bool) -> None:
    session = closed_table(world)
    deal = TableEvent.objects.filter(session=session, code="card.moved").order_by("seq")[2]
    other = TableEvent.objects.filter(session=session, code="card.moved").order_by("seq")[5]
    _rewrite(deal, {**deal.data, "card": other.data["card"], "card_slug": other.data["card_slug"]}, rechain=rechain)
    session.refresh_from_db()
    audit = table_audit(session=session)
    assert not audit.ok
    expected = "was not at place" if rechain else "chain is broken"
    assert any(expected in p for p in audit.problems), audit.problems
    with pytest.raises(SystemExit):
        call_command("verify_rolls")


def test_the_audit_detects_a_shuffle_that_is_not_the_ledger_s(world: World) -> None:
    session = closed_table(world)
    shuffle = TableEvent.objects.filter(session=session, code="deck.shuffled").first()
    assert shuffle is not None
    order = list(reversed(shuffle.data["order"]))
    _rewrite(shuffle, {**shuffle.data, "order": order}, rechain=True)
    assert any("did not go on in the order" in p for p in table_audit(session=session).problems)
