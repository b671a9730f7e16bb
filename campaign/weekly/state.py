"""The intrigue game's state between rows and the engine's ``GameState``.

:func:`load_state` rebuilds the whole state (characters in ``pk`` order, holdings in ``pk``
order, promises in ``pk`` order: the engine draws random players by position, so the order
must be the same on every rebuild). :func:`load_view_state` builds only what one player may
know (their own character, everyone's public face, their own holdings): validation of a
submission gets nothing else, so hidden state cannot leak through it even by mistake.

:class:`StateWriter` keeps what was last written and writes back only what changed: after
each resolved entry, the characters the entry names (its author, every player or companion
id in its payload, events and record) and every holding and promise that changed.
:meth:`StateWriter.flush_all` compares every character, as a last sweep at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, cast

from django.db import connection
from django.db.models import Field

from referee.engine.sealed import Move
from referee.engine.systems.weekly_moves import Ability, Companion, GameState, InfoHolding, Player
from referee.engine.systems.weekly_moves import Promise as EnginePromise
from referee.engine.systems.weekly_moves.free import begin_week

from .models import Character, Promise, WeeklyGame, WeeklyMove
from .models import InfoHolding as HoldingRow

STAT_FIELDS = ("magic", "shadow", "might", "influence", "preparedness", "debt", "xp")
FLAG_FIELDS = ("status", "ever_out", "knows_ritual_location", "ritual_source")
LIST_FIELDS = ("abilities", "ingredients", "artifacts", "companions")
ROW_FIELDS = ("name", *STAT_FIELDS, *FLAG_FIELDS, *LIST_FIELDS)


def character_id(key: str) -> int | None:
    """The pk behind an engine player id ``p<pk>``; None for anything else (a companion id)."""
    if key.startswith("p") and key[1:].isdigit():
        return int(key[1:])
    return None


def move_pk(key: str) -> int | None:
    """The pk behind a submission's engine id ``m<pk>``; None for a default move."""
    if key.startswith("m") and key[1:].isdigit():
        return int(key[1:])
    return None


def player_of(row: Character) -> Player:
    """The engine's player from a character row."""
    return Player(
        id=row.key,
        name=row.name,
        magic=row.magic,
        shadow=row.shadow,
        might=row.might,
        influence=row.influence,
        preparedness=row.preparedness,
        debt=row.debt,
        xp=row.xp,
        abilities=[Ability.from_dict(a) for a in row.abilities],
        ingredients=[str(i) for i in row.ingredients],
        artifacts=[str(i) for i in row.artifacts],
        companions=[Companion.from_dict(c) for c in row.companions],
        status=row.status,
        ever_out=row.ever_out,
        knows_ritual_location=row.knows_ritual_location,
        ritual_source=row.ritual_source,
    )


def row_values(player: Player) -> dict[str, Any]:
    """A character row's fields from the engine's player."""
    return {
        "name": player.name,
        **{f: getattr(player, f) for f in STAT_FIELDS},
        **{f: getattr(player, f) for f in FLAG_FIELDS},
        "abilities": [a.to_dict() for a in player.abilities],
        "ingredients": list(player.ingredients),
        "artifacts": list(player.artifacts),
        "companions": [c.to_dict() for c in player.companions],
    }


def fingerprint(p: Player) -> tuple[Any, ...]:
    """Everything of a player that can change, cheaply comparable."""
    return (
        p.name,
        p.magic,
        p.shadow,
        p.might,
        p.influence,
        p.preparedness,
        p.debt,
        p.xp,
        p.status,
        p.ever_out,
        p.knows_ritual_location,
        p.ritual_source,
        tuple(p.ingredients),
        tuple(p.artifacts),
        tuple(
            (c.id, c.name, c.health, c.dangerous, c.familiar, tuple(sorted(c.stats.items())), tuple(c.ingredients))
            for c in p.companions
        ),
        tuple((a.id, a.name, a.counter, a.uses, a.used, a.effect) for a in p.abilities),
    )


def holding_holder_key(row: HoldingRow) -> str:
    return row.companion or f"p{row.holder_id}"


def _holding(row: HoldingRow) -> InfoHolding:
    return InfoHolding(
        holder=holding_holder_key(row),
        subject=f"p{row.subject_id}",
        count=row.count,
        gained=[int(w) for w in row.gained],
        valid=row.valid,
    )


def game_of(campaign_id: int) -> WeeklyGame:
    game, _created = WeeklyGame.objects.get_or_create(campaign_id=campaign_id)
    return game


def load_state(*, campaign_id: int, week: int) -> GameState:
    """The whole game for resolving ``week``; per-week counters reset if the state is behind (WM-ABL-04)."""
    game = game_of(campaign_id)
    rows = list(Character.objects.filter(campaign_id=campaign_id).order_by("pk"))
    state = GameState(week=game.week, players={r.key: player_of(r) for r in rows})
    for h in HoldingRow.objects.filter(campaign_id=campaign_id).order_by("pk"):
        holding = _holding(h)
        state.info[(holding.holder, holding.subject)] = holding
    state.promises = [
        EnginePromise(
            promiser=f"p{p.promiser_id}",
            beneficiary=f"p{p.beneficiary_id}",
            service=p.service,
            week=p.week,
            fulfilled=p.fulfilled,
        )
        for p in Promise.objects.filter(campaign_id=campaign_id).order_by("pk")
    ]
    if state.week < week:
        begin_week(state, week)
    state.week = week
    return state


def load_view_state(*, character: Character, week: int) -> GameState:
    """Just what ``character``'s player may know: their own sheet, public faces, their own holdings."""
    me = player_of(character)
    game = game_of(character.campaign_id)
    if game.week < week:
        for a in me.abilities:  # a new week has begun for the counters (WM-ABL-04)
            if a.counter == "per_week":
                a.used = 0
    players: dict[str, Player] = {}
    public = Character.objects.filter(campaign_id=character.campaign_id).order_by("pk")
    for pk, name, status, ever_out in public.values_list("pk", "name", "status", "ever_out"):
        face = Player(id=f"p{pk}", name=name, status=status, ever_out=ever_out)
        players[f"p{pk}"] = me if pk == character.pk else face
    state = GameState(week=week, players=players)
    for h in HoldingRow.objects.filter(holder=character).order_by("pk"):
        holding = _holding(h)
        state.info[(holding.holder, holding.subject)] = holding
    return state


def engine_move(row: WeeklyMove, character_key: str | None = None) -> Move:
    return Move(
        id=row.key, player=character_key or f"p{row.character_id}", kind=row.kind, payload=dict(row.payload), seq=row.pk
    )


class StateWriter:
    """Writes the engine's state back to the rows, only what changed since the last write."""

    def __init__(self, *, campaign_id: int, state: GameState) -> None:
        self.campaign_id = campaign_id
        self.state = state
        self.companion_owner: dict[str, str] = {}
        self._players: dict[str, tuple[Any, ...]] = {}
        self._holdings: dict[tuple[str, str], tuple[int, int, bool]] = {}
        self._holding_pk: dict[tuple[str, str], int] = dict(self._holding_pks())
        self._promises = len(state.promises)
        self.mark_clean()

    def _holding_pks(self) -> Iterable[tuple[tuple[str, str], int]]:
        for pk, holder_id, companion, subject_id in HoldingRow.objects.filter(campaign_id=self.campaign_id).values_list(
            "pk", "holder_id", "companion", "subject_id"
        ):
            yield (companion or f"p{holder_id}", f"p{subject_id}"), pk

    def mark_clean(self) -> None:
        """Treat the state as it is now as written."""
        self.companion_owner = {c.id: p.id for p in self.state.players.values() for c in p.companions}
        self._players = {pid: fingerprint(p) for pid, p in self.state.players.items()}
        self._holdings = {k: (h.count, len(h.gained), h.valid) for k, h in self.state.info.items()}
        self._promises = len(self.state.promises)

    def mentioned(self, *things: Any) -> set[str]:
        """Player ids named anywhere in ``things`` (companion ids count for their owner)."""
        found: set[str] = set()
        stack = list(things)
        players = self.state.players
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                if item in players:
                    found.add(item)
                elif item in self.companion_owner:
                    found.add(self.companion_owner[item])
            elif isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list | tuple | set | frozenset):
                stack.extend(item)
        return found

    def flush(self, players: Iterable[str]) -> None:
        """Write the named players if they changed, and every changed holding and new promise."""
        self._write_players(players)
        self._write_holdings()
        self._write_promises()

    def flush_all(self) -> list[str]:
        """Compare and write every player; returns the ids that had changed unnoticed."""
        changed = [pid for pid, p in self.state.players.items() if fingerprint(p) != self._players.get(pid)]
        self.flush(changed)
        return changed

    def _write_players(self, players: Iterable[str]) -> None:
        changed: list[tuple[int, dict[str, Any]]] = []
        for pid in sorted(set(players)):
            player = self.state.players.get(pid)
            pk = character_id(pid)
            if player is None or pk is None:
                continue
            fp = fingerprint(player)
            if fp == self._players.get(pid):
                continue
            changed.append((pk, row_values(player)))
            self._players[pid] = fp
        characters_update(changed)

    def _write_holdings(self) -> None:
        new: list[tuple[tuple[str, str], HoldingRow]] = []
        for key, h in self.state.info.items():
            values = (h.count, len(h.gained), h.valid)
            if self._holdings.get(key) == values:
                continue
            self._holdings[key] = values
            pk = self._holding_pk.get(key)
            if pk is not None:
                HoldingRow.objects.filter(pk=pk).update(count=h.count, gained=list(h.gained), valid=h.valid)
                continue
            holder_pk = character_id(h.holder)
            companion = ""
            if holder_pk is None:  # a companion keeping its own holdings (GAP-01)
                companion = h.holder
                holder_pk = character_id(self.companion_owner[h.holder])
            subject_pk = character_id(h.subject)
            assert holder_pk is not None and subject_pk is not None
            new.append(
                (
                    key,
                    HoldingRow(
                        campaign_id=self.campaign_id,
                        holder_id=holder_pk,
                        companion=companion,
                        subject_id=subject_pk,
                        count=h.count,
                        gained=list(h.gained),
                        valid=h.valid,
                    ),
                )
            )
        if new:
            # Their pks must follow the order the engine created them in (see load_state): one INSERT whose
            # rows take their ids in the order listed (PostgreSQL and SQLite number VALUES rows in turn).
            HoldingRow.objects.bulk_create([row for _key, row in new])
            for key, row in new:
                assert row.pk is not None
                self._holding_pk[key] = row.pk

    def _write_promises(self) -> None:
        rows = []
        for p in self.state.promises[self._promises :]:
            promiser, beneficiary = character_id(p.promiser), character_id(p.beneficiary)
            assert promiser is not None and beneficiary is not None
            rows.append(
                Promise(
                    campaign_id=self.campaign_id,
                    week=p.week,
                    promiser_id=promiser,
                    beneficiary_id=beneficiary,
                    service=p.service,
                    fulfilled=p.fulfilled,
                )
            )
        if rows:
            Promise.objects.bulk_create(rows)  # in the engine's order, as load_state reads them back
        self._promises = len(self.state.promises)


def characters_update(rows: list[tuple[int, dict[str, Any]]]) -> None:
    """Write each ``(pk, row_values)``: one UPDATE for them all on PostgreSQL (the rows sent as one JSON
    array, ``jsonb_to_recordset``), one UPDATE a row elsewhere."""
    if connection.vendor != "postgresql" or len(rows) < 2:
        for pk, values in rows:
            Character.objects.filter(pk=pk).update(**values)
        return
    qn = connection.ops.quote_name
    fields = [cast(Field, Character._meta.get_field(name)) for name in ROW_FIELDS]
    pk_name = cast(Field, Character._meta.pk).column
    pk_column = qn(pk_name)
    sets = ", ".join(f"{qn(f.column)} = d.{qn(f.column)}" for f in fields)
    types = ", ".join(f"{qn(f.column)} {f.db_type(connection)}" for f in fields)
    sql = (
        f"UPDATE {qn(Character._meta.db_table)} AS c SET {sets} "  # noqa: S608 - quoted model identifiers; values bound
        f"FROM jsonb_to_recordset(%s::jsonb) AS d({pk_column} bigint, {types}) WHERE c.{pk_column} = d.{pk_column}"
    )
    payload = [{pk_name: pk, **{f.column: values[f.name] for f in fields}} for pk, values in rows]
    with connection.cursor() as cursor:
        cursor.execute(sql, [json.dumps(payload)])


def advance_week(*, campaign_id: int, week: int) -> None:
    """Persist the start of ``week`` (per-week counters reset, WM-ABL-04) if the state is behind it."""
    game = WeeklyGame.objects.select_for_update().get(pk=game_of(campaign_id).pk)
    if game.week >= week:
        return
    for row in Character.objects.filter(campaign_id=campaign_id):
        abilities = [dict(a, used=0) if a.get("counter") == "per_week" else a for a in row.abilities]
        if abilities != row.abilities:
            Character.objects.filter(pk=row.pk).update(abilities=abilities)
    game.week = week
    game.save(update_fields=["week", "updated_at"])
