"""Secrecy: what a viewer may not see (other hands, draw order, face-down and unplaced initiative cards)
never changes that viewer's view, events, allowed commands or errors (LIVE-TABLES §8, spec §2)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.live import Command, CommandError, allowed, render, run
from referee.engine.live.events import audience_sees
from referee.engine.live.state import TableState
from referee.engine.live.views import knows_card
from tests.referee.engine.systems.skirmish_cards.table import KEY, Table, finish_turn, ready, top
from tests.referee.engine.systems.skirmish_cards.test_creatures import haunted
from tests.support.dice import ScriptedRoller

SEATS = {"bob": "player", "carol": "player", "gina": "gm", "olga": "observer"}
VIEWERS = ("bob", "carol", "gina", "olga", "oscar")


def placing() -> Table:
    t = Table(seats=SEATS, faces=top("black", ["5-black", "6-black", "10-black"]))
    t.send("bob", "place_first", character="deputy")
    return t


def shooting() -> Table:
    t = ready(seats=SEATS)
    t.declare("marshal", "shoot", "move")
    t.send("bob", "shoot", character="marshal", target="gunman", range="long")
    return t


def ending() -> Table:
    t = ready(seats=SEATS)
    t.send("carol", "play_card", card=t.handle_in("carol", "hand:carol", "7-red"))
    finish_turn(t, draws=False)
    return t


def house_placing() -> Table:
    t = haunted()
    return t


STAGES: dict[str, Callable[[], Table]] = {"placing": placing, "shooting": shooting, "ending": ending,
                                          "house": house_placing}


def permuted(t: Table, viewer: str, rng: random.Random) -> tuple[TableState, list[Any], set[str]]:
    """A copy of the table with the identities of every card ``viewer`` does not know shuffled
    among the cards of the same deck, and the event log rewritten to match."""
    state = t.state.copy()
    hidden = [cid for cid, card in t.state.cards.items() if not knows_card(t.state, card, viewer)]
    mapping: dict[str, str] = {}
    for _owner, group in itertools.groupby(sorted(hidden, key=lambda c: t.state.cards[c].owner),
                                           key=lambda c: t.state.cards[c].owner):
        ids = list(group)
        slugs = [t.state.cards[c].card for c in ids]
        rng.shuffle(slugs)
        mapping.update(zip(ids, slugs, strict=True))
    for cid, slug in mapping.items():
        state.cards[cid].card = slug
    log = [(g, _rewrite(e.to_dict(), mapping)) for g, e in t.log]
    return state, log, set(mapping)


def _rewrite(data: Any, mapping: dict[str, str]) -> Any:
    if isinstance(data, dict):
        if "$card" in data and data["$card"] in mapping:
            return {**data, "card": mapping[data["$card"]]}
        return {k: _rewrite(v, mapping) for k, v in data.items()}
    if isinstance(data, list):
        return [_rewrite(v, mapping) for v in data]
    return data


def _blind(data: Any, hidden: set[str]) -> Any:
    """Card identities the viewer did not know before the command left out (they may learn them now)."""
    if isinstance(data, dict):
        if "$card" in data and data["$card"] in hidden:
            return {**data, "card": ""}
        return {k: _blind(v, hidden) for k, v in data.items()}
    if isinstance(data, list):
        return [_blind(v, hidden) for v in data]
    return data


def seen(log: list[Any], viewer: str) -> str:
    out = []
    for _g, e in log:
        e = e if isinstance(e, dict) else e.to_dict()
        if audience_sees(e["audience"], viewer):
            out.append([e["code"], e["rule"], render(e["data"], key=KEY, viewer=viewer)])
    return json.dumps(out, sort_keys=True)


def probes(t: Table, viewer: str) -> list[Command]:
    chars = list(t.state.data["chars"])
    view = t.view(viewer)
    handles = [c["handle"] for z in view["zones"] for c in z.get("cards", [])]
    out = [Command("play_card", viewer, {"card": h}) for h in handles[:3]]
    out += [Command("play_card", viewer, {"card": "h0123456789abcde"}), Command("pass", viewer, {}),
            Command("eot_draw", viewer, {"draw": False}), Command("eot_draw", viewer, {"draw": True}),
            Command("decide", viewer, {"key": "swap.1", "choice": "decline"}),
            Command("set_fact", viewer, {"character": "deputy", "name": "friend_near", "value": True})]
    for cid in chars:
        out += [Command("place_first", viewer, {"character": cid}),
                Command("declare", viewer, {"character": cid, "actions": ["aim"]}),
                Command("duck_back", viewer, {"character": cid}), Command("quick_shot", viewer, {"character": cid})]
    return out


def outcome(t: Table, state: TableState, command: Command, viewer: str, hidden: set[str]) -> str:
    work = state.copy()
    turns = itertools.count()
    roller = ScriptedRoller((), fallback=lambda sides: max(1, sides - next(turns) % 2))
    try:
        applied = run(t.system, work, command, roller)
    except CommandError as exc:
        return json.dumps(["refused", exc.code, exc.message, exc.field])
    if any(knows_card(work, work.cards[c], viewer) for c in hidden):
        # The command shows the viewer cards it did not know (a reveal, a draw): what follows from
        # them may differ, and is theirs to see now. That it was accepted must still not differ.
        return json.dumps(["applied", "learned"])
    events = [[e.code, e.rule, render(_blind(dict(e.data), hidden), key=KEY, viewer=viewer)]
              for e in applied.events if audience_sees(e.audience, viewer)]
    return json.dumps(["applied", events, t.system.view_for(work, viewer)], sort_keys=True)


@settings(max_examples=20, deadline=None)
@given(stage=st.sampled_from(sorted(STAGES)), viewer=st.sampled_from(VIEWERS), seed=st.integers(0, 2**32))
def test_permuting_what_a_viewer_may_not_see_changes_nothing_the_viewer_gets(stage: str, viewer: str,
                                                                             seed: int) -> None:
    t = STAGES[stage]()
    other, log, hidden = permuted(t, viewer, random.Random(seed))
    assert hidden, "there is always something hidden from every viewer"
    assert json.dumps(t.system.view_for(t.state, viewer), sort_keys=True) == json.dumps(
        t.system.view_for(other, viewer), sort_keys=True)
    assert json.dumps(allowed(t.system, t.state, viewer)) == json.dumps(allowed(t.system, other, viewer))
    assert seen(t.log, viewer) == seen(log, viewer)
    assert seen(t.log[5:], viewer) == seen(log[5:], viewer)
    for command in probes(t, viewer):
        assert outcome(t, t.state, command, viewer, hidden) == outcome(t, other, command, viewer, hidden), command


def test_other_hands_show_only_their_count_and_draw_order_shows_to_nobody() -> None:
    t = ready(seats=SEATS)
    for viewer in ("carol", "gina", "olga", "oscar"):
        zones = {z["key"]: z for z in t.view(viewer)["zones"]}
        assert "cards" not in zones["hand:bob"] and zones["hand:bob"]["count"] == 2
        assert "cards" not in zones["deck:bob"] and "cards" not in zones["deck:carol"]
    mine = {z["key"]: z for z in t.view("bob")["zones"]}
    assert sorted(c["card"] for c in mine["hand:bob"]["cards"]) == ["5-black", "6-black"]
    assert "cards" not in mine["deck:bob"]
