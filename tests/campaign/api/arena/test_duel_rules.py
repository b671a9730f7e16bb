"""Arena rules the API and the league enforce: the character across duels, rerolls replayed after a
crash, knowledge kept through an undo, the close audit."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from campaign.lib import faults
from campaign.models import CampaignEvent
from campaign.tables.models import ArenaCharacter
from referee.models import LedgerEntry
from referee.services import ledger
from referee.table_models import TableCommand, TableSession
from referee.tables.rolls import seat_streams
from tests.campaign.api.arena.helpers import BOB, CAROL, SEATS, Arena
from tests.support.world import World

pytestmark = pytest.mark.django_db


class Crash(BaseException):
    """The process dying at the fault point (``os._exit`` in production)."""


def test_ad_roll_02_a_reroll_replayed_after_a_crash_rolls_nothing_twice(world: World, monkeypatch: Any) -> None:
    arena = Arena(world).seated({"crit_fail_reroll": True})
    arena.send("bob", "notice")
    key = arena.rolls("bob", "notice_info")[-1]["key"]
    session = TableSession.objects.get(pk=arena.table)
    stream = seat_streams(session)[session.seats.get(user=world.bob).key]  # a fighter's rerolls are its own
    before = LedgerEntry.objects.filter(stream=stream).count()
    stored: list[list[int]] = []
    real_store = ledger.LedgerRoller.store

    def spy(self: Any) -> Any:
        entries = real_store(self)
        stored.extend(list(e.faces) for e in entries)
        return entries

    def die(code: int) -> None:
        raise Crash(code)

    monkeypatch.setattr(ledger.LedgerRoller, "store", spy)
    monkeypatch.setattr(faults.os, "_exit", die)
    monkeypatch.setenv(faults.ENV, "table_after_rolls")
    with pytest.raises(Crash):
        arena.send("bob", "reroll", key="retry-me", roll=key)
    crashed = list(stored)
    assert crashed and LedgerEntry.objects.filter(stream=stream).count() == before  # nothing survived the crash
    assert arena.me("bob")["bennies"] == 3
    monkeypatch.delenv(faults.ENV)
    stored.clear()
    arena.send("bob", "reroll", key="retry-me", roll=key)
    assert stored == crashed  # the retry drew exactly the faces the crashed attempt drew
    arena.send("bob", "reroll", key="retry-me", roll=key)  # the phone retries once more: replayed, not rerolled
    entries = LedgerEntry.objects.filter(stream=stream).order_by("seq")
    assert [list(e.faces) for e in entries][before:] == crashed
    roll = {r["key"]: r for r in arena.me("bob")["rolls"]}[key]
    assert len(roll["rolls"]) == 2 and arena.me("bob")["bennies"] == 2


def test_ad_roll_03_no_reroll_once_the_gm_announced_the_effect(world: World) -> None:
    arena = Arena(world).seated()
    arena.send("bob", "notice")
    key = arena.rolls("bob", "notice_info")[-1]["key"]
    arena.finalize("bob", key)
    arena.send("gina", "announce", roll=key)
    refused = arena.send("bob", "reroll", status=400, roll=key)
    assert refused["code"] == "roll_final" and arena.me("bob")["bennies"] == 3


def test_ad_prep_02_what_a_fighter_learned_stays_learned_when_the_gm_undoes_it(world: World) -> None:
    arena = Arena(world).seated({"info_attempts": 10})
    for _ in range(10):
        arena.send("bob", "notice")
        key = arena.rolls("bob", "notice_info")[-1]["key"]
        arena.finalize("bob", key)
        arena.send("gina", "announce", roll=key)
        if arena.me("bob")["reveals"]:
            break
    arena.send("bob", "learn", what="trait", name="sailing")
    fact = {"kind": "trait", "name": "sailing", "die": 12}
    assert fact in arena.me("bob")["knowledge"]
    response = arena["gina"].post(arena.url("undo/"), {}, format="json")
    assert response.status_code == 200 and response.json()["undone"], response.json()
    assert fact in arena.me("bob")["knowledge"]  # the reveal is given back, the fact is not taken


def _duel(arena: Arena, *, spend_persistent: bool = False, award: str = "") -> None:
    arena.open({"crit_fail_reroll": True})
    arena.join("bob")
    arena.join("carol")
    assert arena["gina"].post(arena.url("start/"), {}, format="json").status_code == 200
    if spend_persistent:
        arena.send("bob", "notice")
        key = arena.rolls("bob", "notice_info")[-1]["key"]
        arena.send("bob", "reroll", roll=key, source="persistent")
        assert arena.me("bob")["persistent_bennies"] == [] and arena.me("bob")["bennies"] == 3
        arena.finalize("bob", key)
        arena.send("gina", "announce", roll=key)
    arena.to_fight()
    arena.send("gina", "phase_next")
    if award:
        arena.send("gina", "award", seat=SEATS["bob"], item=award)
    arena.send("gina", "close", winner=SEATS["bob"], force=True)
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200


def test_ad_ben_03_the_persistent_benny_lives_on_the_character_across_duels(world: World) -> None:
    arena = Arena(world)
    arena.character("bob", "Ivan", BOB)
    arena.character("carol", "Olga", CAROL)
    _duel(arena, award="amulet")
    first = arena.table
    ivan = ArenaCharacter.objects.get(pk=arena.chars["bob"])
    assert [(b["item"], b["awarded_in"], b["spent_in"]) for b in ivan.persistent_bennies] == [
        ("amulet", f"table:{first}", "")]
    card = arena["bob"].get(f"/api/v1/arena-characters/{ivan.pk}/").json()
    assert card["persistent_bennies"][0]["item"] == "amulet"
    assert arena["carol"].get(f"/api/v1/arena-characters/{ivan.pk}/").json()["persistent_bennies"] is None
    _duel(arena, spend_persistent=True)
    ivan.refresh_from_db()
    assert ivan.persistent_bennies[0]["spent_in"] == f"table:{arena.table}" and ivan.duels == 2
    sentences = [e.payload for e in CampaignEvent.objects.filter(campaign=world.campaign, kind="duel_fought")]
    assert [s["winner"] for s in sentences] == ["Ivan", "Ivan"]


def test_the_close_audit_recomputes_every_roll_of_the_duel(world: World) -> None:
    arena = Arena(world).seated()
    arena.to_fight()
    arena.send("gina", "phase_next")
    arena.send("gina", "close", force=True)
    assert arena["gina"].get(arena.url("audit/")).json()["code"] == "table_not_closed"
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200
    audit = arena["gina"].get(arena.url("audit/")).json()
    session = TableSession.objects.get(pk=arena.table)
    streams = [session.stream, *seat_streams(session).values()]
    assert audit["ok"] and audit["rolls_recomputed"] == LedgerEntry.objects.filter(stream__in=streams).count() > 0
    event = CampaignEvent.objects.get(campaign=world.campaign, kind="duel_fought")
    assert event.payload["winner"] == "" and sorted(event.payload["fighters"]) == ["Ivan", "Olga"]


def test_ad_post_04_an_undo_after_the_gm_ended_the_duel_takes_back_the_end_not_the_command_before_it(
    world: World,
) -> None:
    arena = Arena(world).seated()
    arena.to_fight()
    arena.send("gina", "phase_next")
    arena.send("gina", "award", seat=SEATS["bob"], item="amulet")
    arena.send("gina", "close", winner=SEATS["bob"], force=True)
    assert arena.game("gina")["phase"] == "closed"
    response = arena["gina"].post(arena.url("undo/"), {}, format="json")
    assert response.status_code == 200, response.json()
    undone = TableCommand.objects.filter(session_id=arena.table, undone_at__isnull=False)
    assert [c.kind for c in undone] == ["close"]  # the end of the duel, replayed like any command, is what goes
    assert arena.game("gina")["phase"] == "post"
    arena.send("gina", "close", winner=SEATS["bob"], force=True)
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200
    ivan = ArenaCharacter.objects.get(pk=arena.chars["bob"])
    assert [b["item"] for b in ivan.persistent_bennies] == ["amulet"]  # the award before it stands
    closing = TableCommand.objects.filter(session_id=arena.table).order_by("-id").first()
    assert closing is not None and closing.kind == "table_closed"


def test_the_migration_renames_only_each_closed_table_s_closing_row_not_the_duel_s_own_close(world: World) -> None:
    from django.apps import apps

    forwards = importlib.import_module("referee.migrations.0010_table_closed_marker").forwards
    arena = Arena(world).seated()
    arena.to_fight()
    arena.send("gina", "phase_next")
    arena.send("gina", "close", force=True)
    assert arena["gina"].post(arena.url("close/"), {}, format="json").status_code == 200
    rows = TableCommand.objects.filter(session_id=arena.table)
    rows.filter(kind="table_closed").update(kind="close")  # as a table closed before the migration was stored
    forwards(apps, None)
    kinds = list(rows.order_by("id").values_list("kind", flat=True))
    assert kinds[-2:] == ["close", "table_closed"]  # the duel's end is a command; the table's closing a marker
