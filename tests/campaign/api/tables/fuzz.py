"""A fuzzer that plays every seat of a live table through the API (issue 22, item 6).

A hypothesis rule-based state machine: the seats, the GM, an unseated member of the campaign and an
outsider send random commands: legal ones taken from what ``commands/`` offers, and malformed, stale,
duplicate, forged-handle and other-seat ones, interleaved with undo, amend, concession and close. After
every step it checks: nothing a viewer may not see appears in anything that viewer receives; a refused
request changed nothing (the table's state and every seat's seq and ETag); closed stays closed; every
seat's numbering holds (1..n, never renumbered, the view's seq the last event's); every accepted command
was one its sender was offered at that moment. Each system plugs in how its table is set up.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections import Counter
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from campaign.tables.api.serializers import TableViewSerializer
from referee.engine import fairness
from referee.engine.live import TableState
from referee.engine.live.events import EVERYONE, handle
from referee.table_models import TableCommand, TableSeat, TableSession
from referee.tables import selectors as sel
from referee.tables.rolls import seat_streams


def fixed_seed() -> bytes:
    """Stands in for ``fairness.new_seed`` while the fuzzer plays: every example deals and rolls the same way,
    so hypothesis can replay an example that failed (the server's dice are otherwise fresh each table)."""
    fixed_seed.count += 1  # type: ignore[attr-defined]
    return hashlib.sha256(f"fuzz-{fixed_seed.count}".encode()).digest()  # type: ignore[attr-defined]


fixed_seed.count = 0  # type: ignore[attr-defined]
_SALT = fairness.salt_for


def fixed_salt(*, stream: str, contributions: Any) -> bytes:
    """Stands in for ``fairness.salt_for`` likewise: a table's streams salt the same whatever the table's id."""
    return _SALT(stream=re.sub(r"^table:\d+", "table:N", stream), contributions=contributions)


#: Steps played and requests made, per system, for the session's summary (see conftest.py).
PLAYED: Counter[str] = Counter()
READS = ("", "view/", "events/?after=0", "commands/", "decisions/", "rolls/", "audit/")


class TableFuzz(RuleBasedStateMachine):
    """Subclasses set ``system`` and build ``self.phones`` (an API helper with ``url``, ``[who]`` and ``table``),
    ``self.seats`` (who -> seat key), ``self.member`` (a campaign member with no seat), ``self.outsider``."""

    system: ClassVar[str] = ""
    world: ClassVar[Any] = None

    def __init__(self) -> None:
        super().__init__()
        self.phones: Any = None
        self.seats: dict[str, str] = {}
        self.member, self.outsider = "alice", "oscar"
        fixed_seed.count = 0  # type: ignore[attr-defined]
        self.setup()
        self.lists: dict[str, list[dict[str, Any]]] = {}
        self.closed: tuple[Any, ...] | None = None
        self.last: tuple[str, str, dict[str, Any], str, Any] | None = None
        self.missing = self._missing_table()

    def setup(self) -> None:
        raise NotImplementedError

    # -- reading -----------------------------------------------------------------------------------------------
    def session(self) -> TableSession:
        return TableSession.objects.get(pk=self.phones.table)

    def offered(self, who: str) -> list[dict[str, Any]]:
        response = self.phones[who].get(self.phones.url("commands/"))
        return response.json() if response.status_code == 200 else []

    def fingerprint(self) -> tuple[Any, ...]:
        """The table's state, log head and status, every seat's seq and every seat's view ETag (computed as the
        view endpoint computes it)."""
        session = self.session()
        seats = list(TableSeat.objects.filter(session=session).order_by("key"))
        etags = tuple(sel.etag_of(session=session, seat=s, body=TableViewSerializer(
            sel.view_of(session=session, seat=s)).data) for s in seats)
        return (json.dumps(session.snapshot, sort_keys=True), session.seq, session.head_hash, session.status,
                TableCommand.objects.filter(session=session).count(), tuple((s.key, s.view_seq) for s in seats),
                etags)

    def _missing_table(self) -> list[tuple[int, Any]]:
        """What an outsider is told of a table that does not exist, read by read."""
        url = f"/api/v1/tables/{self.phones.table + 10_000}/"
        return [self._answer(self.phones[self.outsider].get(url + tail)) for tail in READS]

    @staticmethod
    def _answer(response: Any) -> tuple[int, Any]:
        return response.status_code, response.json() if response.content else None

    # -- sending -----------------------------------------------------------------------------------------------
    def post(self, who: str, tail: str, body: dict[str, Any], key: str | None = None,
             offered: set[str] | None = None, kind: str = "") -> Any:
        """Send one write; check that a refusal changed nothing and an accepted command had been offered."""
        before = self.fingerprint()
        key = key or secrets.token_hex(8)
        response = self.phones[who].post(self.phones.url(tail), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
        PLAYED[f"{self.system} requests"] += 1
        if response.status_code >= 400:
            assert response.status_code < 500, (tail, response.content)
            assert self.fingerprint() == before, f"a refused {tail} ({response.status_code}) changed the table"
        elif kind:
            assert offered is not None and kind in offered, f"{who} was not offered {kind}, and it was accepted"
            self.last = (who, tail, body, key, response.json())
        return response

    def payload(self, who: str, command: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
        """A payload for ``command`` from its fields and the options offered with it (often refused: fine)."""
        options, out = command.get("options") or {}, {}
        game = self.phones[who].get(self.phones.url("view/")).json()["game"] or {}
        handles = [c["handle"] for z in game.get("zones", []) for c in z.get("cards", [])]
        words = self.words(game)
        for name, spec in command["fields"].items():
            if not spec["required"] and data.draw(st.booleans()):
                continue
            offered = options.get(name, options.get(f"{name}s"))
            kind = spec["type"]
            if spec["choices"]:
                out[name] = data.draw(st.sampled_from(spec["choices"]))
            elif isinstance(offered, list) and offered and all(isinstance(o, str | int) for o in offered):
                out[name] = data.draw(st.sampled_from(offered))
            elif isinstance(offered, str | int) and not isinstance(offered, bool):
                out[name] = offered
            elif kind == "card":
                out[name] = data.draw(st.sampled_from(handles)) if handles else "h" + secrets.token_hex(7)
            elif kind == "cards":
                out[name] = data.draw(st.lists(st.sampled_from(handles), max_size=2)) if handles else []
            elif kind == "seat":
                out[name] = data.draw(st.sampled_from(sorted(self.seats.values())))
            elif kind == "int":
                out[name] = data.draw(st.integers(spec["minimum"] or 0, min(spec["maximum"] or 9, 9)))
            elif kind == "bool":
                out[name] = data.draw(st.booleans())
            elif kind in ("strs", "objs"):
                out[name] = []
            else:
                out[name] = data.draw(st.sampled_from(words))
        return out

    def handles(self, who: str) -> list[str]:
        game = self.phones[who].get(self.phones.url("view/")).json()["game"] or {}
        return [c["handle"] for z in game.get("zones", []) for c in z.get("cards", [])]

    @staticmethod
    def words(game: dict[str, Any]) -> list[str]:
        """Texts a phone could send: the ids the viewer is shown (characters, cards by slug), and junk."""
        text = json.dumps(game)
        found = {w for w in ("marshal", "deputy", "leader", "gunman", "kid", "boss2", "rider", "drifter",
                             "line_trooper", "tribal_scout", "heavy_trooper") if w in text}
        return sorted(found | {"x", "d1"})

    # -- the rules ---------------------------------------------------------------------------------------------
    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        """A seat sends one of the commands it is offered now."""
        who = data.draw(st.sampled_from(sorted(self.seats)))
        offered = self.offered(who)
        if not offered:
            return
        command = data.draw(st.sampled_from(offered))
        self.post(who, f"commands/{command['kind']}/", {"payload": self.payload(who, command, data)},
                  offered={c["kind"] for c in offered}, kind=command["kind"])
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data(), kind=st.sampled_from(["", "nerve_test", "attack", "close", "declare_result", "award",
                                                 "zzz", "concede"]),
          junk=st.sampled_from([{"x": 1}, {"character": "marshal", "trigger": "SC-HTH-13"}, {"card": None},
                                {"payload": "no"}, {"roll": "notice_info"}, {"slug": "heavy_trooper"}]))
    def malformed_or_unoffered(self, data: st.DataObject, kind: str, junk: dict[str, Any]) -> None:
        """Anyone at all sends a command it was not offered, or junk."""
        who = data.draw(st.sampled_from([*sorted(self.seats), self.member, self.outsider]))
        offered = {c["kind"] for c in self.offered(who)}
        kind = kind or data.draw(st.sampled_from(sorted(offered) or ["pass"]))
        body: Any = {"payload": junk} if "payload" not in junk else junk
        self.post(who, f"commands/{kind}/", body, offered=offered, kind=kind)
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def forged_handle(self, data: st.DataObject) -> None:
        """A seat names a card by a handle it was never given (or another seat's)."""
        who = data.draw(st.sampled_from(sorted(self.seats)))
        offered = self.offered(who)
        with_card = [c for c in offered if any(f["type"] in ("card", "cards") for f in c["fields"].values())]
        if not with_card:
            return
        command = data.draw(st.sampled_from(with_card))
        payload = self.payload(who, command, data)
        others = [h for o in self.seats if o != who for h in self.handles(o)]
        theirs: bool = bool(others) and data.draw(st.booleans())
        forged: str = data.draw(st.sampled_from(others)) if theirs else "h" + secrets.token_hex(7)
        for name, spec in command["fields"].items():
            if spec["type"] == "card":
                payload[name] = forged
            elif spec["type"] == "cards":
                payload[name] = [forged]
        response = self.post(who, f"commands/{command['kind']}/", {"payload": payload},
                             offered={c["kind"] for c in offered}, kind=command["kind"])
        assert response.status_code >= 400 or forged in self.handles(who), "a forged handle was accepted"
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def stale(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(sorted(self.seats)))
        offered = self.offered(who)
        seq = self.phones[who].get(self.phones.url()).json()["my_seq"]
        if not offered or not seq:
            return
        command = data.draw(st.sampled_from(offered))
        response = self.post(who, f"commands/{command['kind']}/",
                             {"payload": self.payload(who, command, data), "expected_seq": seq - 1},
                             offered={c["kind"] for c in offered}, kind=command["kind"])
        assert response.status_code == 409
        PLAYED[f"{self.system} steps"] += 1

    @rule()
    def duplicate(self) -> None:
        """The last accepted command, retried under the same key: the same answer, nothing changes."""
        if self.last is None:
            return
        who, tail, body, key, answer = self.last
        before = self.fingerprint()
        again = self.phones[who].post(self.phones.url(tail), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
        assert again.json() == answer and self.fingerprint() == before
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def other_seat(self, data: st.DataObject) -> None:
        """A seat amends another seat's command: it answers exactly like a command that does not exist."""
        who = data.draw(st.sampled_from(sorted(self.seats)))
        theirs = list(TableCommand.objects.filter(session=self.session(), undone_at__isnull=True)
                      .exclude(seat__key=self.seats[who]).values_list("pk", flat=True))
        if not theirs or self.session().seats.get(key=self.seats[who]).role == TableSeat.Role.GM:
            return
        target = data.draw(st.sampled_from(theirs))
        answers = [self._answer(self.post(who, "amend/", {"command": pk, "payload": {}})) for pk in
                   (target, 10_000_000 + target)]
        assert answers[0] == answers[1] or answers[0][1].get("code") == "table_closed", answers
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        self.post(data.draw(st.sampled_from(sorted(self.seats))), "undo/", {})
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def amend(self, data: st.DataObject) -> None:
        """A seat corrects one of its own commands with the payload it stands with (a no-op correction)."""
        who = data.draw(st.sampled_from(sorted(self.seats)))
        mine = list(TableCommand.objects.filter(session=self.session(), seat__key=self.seats[who],
                                                undone_at__isnull=True).values_list("pk", "payload"))
        if not mine:
            return
        pk, payload = data.draw(st.sampled_from(mine))
        self.post(who, "amend/", {"command": pk, "payload": payload})
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def concede(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(sorted(self.seats)))
        offered = {c["kind"] for c in self.offered(who)}
        self.post(who, "commands/concede/", {"payload": {}}, offered=offered, kind="concede")
        PLAYED[f"{self.system} steps"] += 1

    @rule(data=st.data())
    def close(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from([*sorted(self.seats), self.member]))
        self.post(who, "close/", {})
        PLAYED[f"{self.system} steps"] += 1

    @rule()
    def strangers(self) -> None:
        """The outsider is told of this table exactly what it is told of one that does not exist; the
        unseated member sees the header and nothing of the game."""
        seen = [self._answer(self.phones[self.outsider].get(self.phones.url(tail))) for tail in READS]
        assert seen == self.missing
        for tail in READS[1:]:
            assert self.phones[self.member].get(self.phones.url(tail)).status_code == 403
        PLAYED[f"{self.system} steps"] += 1

    # -- after every step --------------------------------------------------------------------------------------
    @invariant()
    def the_table_holds(self) -> None:
        session = self.session()
        self.closed_stays_closed(session)
        closed = session.status == TableSession.Status.CLOSED
        for who in sorted(self.seats):
            reads = {tail: self.phones[who].get(self.phones.url(tail)).json()
                     for tail in (READS if closed else READS[:4])}
            self.numbering_holds(who, reads)
            self.nothing_leaks(session, who, json.dumps(reads))

    def numbering_holds(self, who: str, reads: dict[str, Any]) -> None:
        got = reads["events/?after=0"]
        events = got["events"]
        assert [e["n"] for e in events] == list(range(1, len(events) + 1)) and got["seq"] == len(events)
        assert reads["view/"]["seq"] == got["seq"] == reads[""]["my_seq"]
        before = self.lists.get(who, [])
        assert events[: len(before)] == before, f"{who}'s events were renumbered or rewritten"
        self.lists[who] = events

    def closed_stays_closed(self, session: TableSession) -> None:
        if session.status != TableSession.Status.CLOSED:
            assert self.closed is None, "a closed table opened again"
            return
        now = (json.dumps(session.snapshot, sort_keys=True), session.seq, session.head_hash)
        self.closed = self.closed or now
        assert now == self.closed, "a closed table changed"

    def nothing_leaks(self, session: TableSession, who: str, text: str) -> None:
        """Nothing ``who`` may not see is in what it was sent: no raw reference, no other seat's dice, no other
        seat's name for a card ``who`` does not know."""
        assert "$card" not in text and "$command" not in text, "a raw reference left the server"
        if session.snapshot is None:
            return
        seat = self.seats[who]
        hidden_for = set(session.snapshot.get("sees_hidden") or [])
        if seat in hidden_for:
            return
        for key, stream in seat_streams(session).items():
            if key != seat:
                assert stream.seed not in text and stream.key not in text, f"{who} read {key}'s dice"
        state = TableState.from_dict(session.snapshot)
        for card in state.cards.values():
            if EVERYONE in card.known_to or seat in card.known_to:
                continue
            for other in self.seats.values():
                if other != seat:
                    assert handle(session.key, other, card.id, card.epoch) not in text, (
                        f"{who} was shown another seat's name for a card it does not know")
