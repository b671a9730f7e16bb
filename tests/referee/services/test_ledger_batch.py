"""A job's rolls stored together: one lock, one insert, the chain exactly as one roll per transaction gives it;
and a stream of the old dice scheme (opened before scheme 2) still rolls and verifies under its own scheme."""

from __future__ import annotations

from datetime import UTC, datetime
from unittest import mock

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from campaign.services import week_close
from referee.engine.chain import GENESIS, entry_hash
from referee.engine.dice import SeededRoller
from referee.models import Audience, LedgerEntry, RollStream
from referee.services.ledger import LedgerRoller
from referee.services.streams import stream_open
from referee.verify import verify_ledger
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db

NOTATIONS = ["2d6", "D66", "d6", "3d6!", "4d6kh3", "trait(d8)", "d20", "D3"] * 4
NOW = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)


def twin_streams(world: World) -> tuple[RollStream, RollStream]:
    one = stream_open(key="job:one-by-one", contributions={"7": "luck"}, user=world.bob, audience=Audience.USER)
    batch = stream_open(key="job:batched", contributions={"7": "luck"}, user=world.carol, audience=Audience.USER)
    RollStream.objects.filter(pk=batch.pk).update(seed=one.seed, salt=one.salt, commitment=one.commitment)
    return one, RollStream.objects.get(pk=batch.pk)


def chain_as(entries: list[LedgerEntry], key: str) -> list[str]:
    """The hashes ``entries`` would have on the stream called ``key``: the chain recomputed link by link."""
    head, out = GENESIS, []
    for e in entries:
        head = entry_hash(head, {**e.chained_fields(), "stream": key})
        out.append(head)
    return out


def test_a_jobs_rolls_stored_in_one_insert_chain_exactly_as_one_per_transaction(world: World) -> None:
    one, batch = twin_streams(world)
    with mock.patch("referee.services.ledger.timezone.now", return_value=NOW):
        for i, notation in enumerate(NOTATIONS):  # one transaction (one lock, one insert) per roll
            with transaction.atomic():
                roller = LedgerRoller(stream=one, roller=None, purpose="job", ref=f"thing:{i % 3}")
                roller.roll(notation, rule="R-1")
                roller.store()
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            roller = LedgerRoller(stream=batch, roller=None, purpose="job")
            things = [roller.tagged(ref=f"thing:{i}") for i in range(3)]
            for i, notation in enumerate(NOTATIONS):
                things[i % 3].roll(notation, rule="R-1")
            assert roller.pending == len(NOTATIONS)
            stored = roller.store()
    inserts = [q for q in queries.captured_queries if q["sql"].startswith('INSERT INTO "referee_ledgerentry"')]
    assert len(inserts) == 1 and len(stored) == len(NOTATIONS)
    locks = [q for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]
    assert len(locks) <= 1  # SQLite has no FOR UPDATE; PostgreSQL locks the stream row once
    singles = list(LedgerEntry.objects.filter(stream=one).order_by("seq"))
    batched = list(LedgerEntry.objects.filter(stream=batch).order_by("seq"))

    def rows(entries: list[LedgerEntry]) -> list[tuple]:
        return [(e.seq, e.ref, e.notation, e.faces, e.kept, e.total, e.rule_id) for e in entries]

    assert rows(batched) == rows(singles)
    assert [e.seq for e in batched] == list(range(len(NOTATIONS)))
    assert [e.prev_hash for e in batched] == [GENESIS] + [e.hash for e in batched[:-1]]
    assert [e.hash for e in batched] == chain_as(singles, batch.key)
    batch.refresh_from_db()
    assert (batch.next_seq, batch.head_hash) == (len(NOTATIONS), batched[-1].hash)
    assert [(e.ref, e.seq) for e in batched[:3]] == [("thing:0", 0), ("thing:1", 1), ("thing:2", 2)]
    assert [r.notation for r in things[1].made] == [e.notation for e in batched[1::3]]


def test_store_twice_appends_only_what_was_made_since(world: World) -> None:
    stream = stream_open(key="job:twice", contributions={}, user=world.bob, audience=Audience.USER)
    with transaction.atomic():
        roller = LedgerRoller(stream=stream, roller=None, purpose="job", ref="a")
        roller.roll("d6")
        first = roller.store()
        roller.tagged(ref="b").roll("2d6")
        second = roller.store()
        assert roller.store() == [] and roller.pending == 0
    assert [(e.seq, e.ref) for e in first + second] == [(0, "a"), (1, "b")]
    assert second[0].prev_hash == first[0].hash


def test_a_stream_of_the_old_scheme_keeps_rolling_and_verifying_under_it(world: World) -> None:
    week = open_week(world.campaign)
    stream = RollStream.objects.get(week=week, audience="public")
    assert stream.scheme == 2  # a new stream: the latest scheme
    RollStream.objects.filter(pk=stream.pk).update(scheme=1)  # as the migration leaves a stream opened before
    stream.refresh_from_db()
    with transaction.atomic():
        roller = LedgerRoller(stream=stream, roller=world.bob, purpose="adhoc")
        for notation in NOTATIONS:
            roller.roll(notation)
        roller.store()
    old = SeededRoller(seed=bytes.fromhex(stream.seed), salt=bytes.fromhex(stream.salt), scheme=1)
    assert [list(e.faces) for e in LedgerEntry.objects.filter(stream=stream).order_by("seq")] == [
        list(old.roll(n).faces) for n in NOTATIONS
    ]
    week_close(week=week)
    report, problems = verify_ledger(campaign_id=world.campaign.pk)
    assert problems == [] and report.recomputed == len(NOTATIONS)
    # The scheme is what the verifier goes by: read as scheme 2, the same rolls do not verify.
    RollStream.objects.filter(pk=stream.pk).update(scheme=2)
    _, problems = verify_ledger(campaign_id=world.campaign.pk)
    assert problems and "is not what the revealed seed gives" in problems[0].message
