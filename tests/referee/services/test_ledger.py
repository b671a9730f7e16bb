"""Rolls are made on the server, stored hash-chained before anything uses them, and never changed."""

import pytest
from django.db import connection

from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from campaign.services.streams import seed_contribution_set
from referee.engine import fairness
from referee.engine.chain import GENESIS
from referee.engine.rolls import Roll
from referee.models import LedgerEntry, RollStream
from referee.services.streams import user_stream_current, user_stream_rotate
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_it_chains_each_roll_onto_the_one_before(world: World) -> None:
    open_week(world.campaign)
    first = roll_ad_hoc(user=world.bob, notation="2d6", purpose="adhoc", campaign=world.campaign)
    second = roll_ad_hoc(user=world.carol, notation="D66", purpose="adhoc", campaign=world.campaign)
    assert (first.seq, second.seq) == (0, 1)
    assert first.prev_hash == GENESIS
    assert second.prev_hash == first.hash
    assert first.stream.key == f"campaign:{world.campaign.pk}:week:1"
    stream = RollStream.objects.get(pk=first.stream_id)
    assert (stream.next_seq, stream.head_hash) == (2, second.hash)


def test_it_rolls_within_the_notations_range_and_keeps_every_face(world: World) -> None:
    entry = roll_ad_hoc(user=world.bob, notation="4d6kh3", purpose="stats")
    assert len(entry.faces) == 4
    assert sorted(entry.faces)[1:] == sorted(entry.kept)
    assert 3 <= entry.total <= 18
    assert entry.campaign_id is None and entry.stream.user == world.bob


def test_it_recomputes_a_closed_weeks_rolls_from_the_revealed_seed(world: World) -> None:
    week = open_week(world.campaign)
    entries = [roll_ad_hoc(user=world.bob, notation="3d6", purpose="adhoc", campaign=world.campaign) for _ in range(5)]
    stream = RollStream.objects.get(week=week, audience="public")
    assert stream.revealed_at is None
    week_close(week=week)
    stream.refresh_from_db()
    seed = bytes.fromhex(stream.seed)
    assert fairness.seed_matches(seed=seed, published=stream.commitment)
    for entry in entries:
        stored = Roll(entry.notation, tuple(entry.faces), tuple(entry.kept), entry.total)
        assert fairness.verify_roll(seed=seed, salt=bytes.fromhex(stream.salt), seq=entry.seq, roll=stored)


def test_it_freezes_seed_contributions_when_the_week_opens(world: World) -> None:
    seed_contribution_set(campaign=world.campaign, user=world.bob, value="bob's lucky string")
    week = open_week(world.campaign)
    seed_contribution_set(campaign=world.campaign, user=world.carol, value="too late for week 1")
    stream = RollStream.objects.get(week=week, audience="public")
    assert stream.contributions == {str(world.bob.pk): "bob's lucky string"}
    salt = fairness.salt_for(stream=stream.key, contributions={str(world.bob.pk): "bob's lucky string"})
    assert stream.salt == salt.hex()
    week_close(week=week)
    week2 = open_week(world.campaign)
    later = {str(world.carol.pk): "too late for week 1"}
    assert RollStream.objects.get(week=week2, audience="public").contributions == later


def test_it_refuses_a_campaign_roll_without_an_open_week(world: World) -> None:
    with pytest.raises(Conflict) as err:
        roll_ad_hoc(user=world.bob, notation="d6", purpose="adhoc", campaign=world.campaign)
    assert err.value.code == "no_open_week"
    assert not LedgerEntry.objects.exists()


def test_it_hides_a_campaign_from_a_non_member(world: World) -> None:
    open_week(world.campaign)
    with pytest.raises(NotFound):
        roll_ad_hoc(user=world.oscar, notation="d6", purpose="adhoc", campaign=world.campaign)


def test_it_refuses_gm_only_and_blind_rolls_outside_a_campaign(world: World) -> None:
    for mode in ("gm", "blind"):
        with pytest.raises(RuleViolation) as err:
            roll_ad_hoc(user=world.bob, notation="d6", purpose="adhoc", visibility=mode)
        assert err.value.code == "visibility_needs_campaign"


def test_it_refuses_bad_notation_and_stores_nothing(world: World) -> None:
    for notation, fragment in [
        ("1000000d1000000", "at most 100 dice"),
        ("d1!", "2 sides"),
        ("2d6+banana", ""),
    ]:
        with pytest.raises(RuleViolation) as err:
            roll_ad_hoc(user=world.bob, notation=notation, purpose="adhoc")
        assert err.value.code == "invalid_notation"
        assert fragment in err.value.detail
    assert not LedgerEntry.objects.exists()
    assert user_stream_current(user=world.bob).next_seq == 0


def test_it_rotates_a_users_seed_revealing_the_old_one(world: World) -> None:
    entry = roll_ad_hoc(user=world.bob, notation="d20", purpose="adhoc")
    old, new = user_stream_rotate(user=world.bob)
    assert old.pk == entry.stream_id and old.revealed_at is not None
    assert new.revealed_at is None and new.pk != old.pk
    stored = Roll(entry.notation, tuple(entry.faces), tuple(entry.kept), entry.total)
    assert fairness.verify_roll(seed=bytes.fromhex(old.seed), salt=bytes.fromhex(old.salt), seq=0, roll=stored)
    assert roll_ad_hoc(user=world.bob, notation="d20", purpose="adhoc").stream_id == new.pk


def test_the_application_refuses_to_change_or_delete_a_ledger_entry(world: World) -> None:
    entry = roll_ad_hoc(user=world.bob, notation="d6", purpose="adhoc")
    entry.total = 6
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        LedgerEntry.objects.filter(pk=entry.pk).update(total=6)
    with pytest.raises(PermissionError):
        LedgerEntry.objects.filter(pk=entry.pk).delete()


@pytest.mark.postgres
def test_postgresql_refuses_to_change_or_delete_a_ledger_entry(world: World) -> None:
    from django.db import DatabaseError, transaction

    entry = roll_ad_hoc(user=world.bob, notation="d6", purpose="adhoc")
    for sql in (
        "UPDATE referee_ledgerentry SET total = 99 WHERE id = %s",
        "DELETE FROM referee_ledgerentry WHERE id = %s",
    ):
        with (
            pytest.raises(DatabaseError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cur,
        ):
            cur.execute(sql, [entry.pk])
    assert LedgerEntry.objects.get(pk=entry.pk).total == entry.total
