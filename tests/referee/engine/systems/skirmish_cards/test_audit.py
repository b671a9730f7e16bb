"""The close audit of every shuffle and deal of a played turn, and a reconnect mid-turn (engine level)."""

from __future__ import annotations

import json

from referee.engine.live import TrailEvent, audit_trail, render, replay
from referee.engine.live.events import audience_sees
from tests.referee.engine.systems.skirmish_cards.table import KEY, Table, finish_turn, ready


def trail(t: Table) -> tuple[list[TrailEvent], dict[int, list]]:
    events = [TrailEvent(seq, group, e.code, e.data) for seq, (group, e) in enumerate(t.log)]
    return events, {i: list(g.rolls) for i, g in enumerate(t.groups)}


def played() -> Table:
    t = ready()
    t.send("bob", "play_card", card=t.handle_in("bob", "hand:bob", "5-black"))
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="gunman")
    t.pass_all()
    t.result("miss")
    finish_turn(t, draws=False)
    t.send("bob", "eot_draw", draw=True)
    t.send("carol", "eot_draw", draw=False)
    t.place(bob="marshal", carol="leader")
    return t


def test_the_close_audit_verifies_every_shuffle_and_deal_of_a_played_turn() -> None:
    t = played()
    events, rolls = trail(t)
    report = audit_trail(events, rolls.get)
    shuffles = sum(1 for g in t.groups for r in g.rolls if r.notation.startswith("shuffle"))
    assert report.ok, report.problems
    assert report.shuffles == shuffles >= 2
    assert report.moves == sum(1 for _, e in t.log if e.code == "card.moved") > 20


def test_the_close_audit_catches_a_deal_that_was_not_from_the_top() -> None:
    t = played()
    events, rolls = trail(t)
    deal = next(e for e in events if e.code == "card.moved" and str(e.data["to"]).startswith("init:"))
    forged = [TrailEvent(e.seq, e.group, e.code, {**e.data, "index_from": 3}) if e is deal else e for e in events]
    report = audit_trail(forged, rolls.get)
    assert not report.ok and f"event #{deal.seq}" in str(report.problems[0])


def test_a_reconnect_mid_turn_catches_up_from_its_seq_to_the_live_view() -> None:
    t = ready()
    t.declare("marshal", "shoot")
    t.send("bob", "shoot", character="marshal", target="gunman", range="long")
    mid = len(t.groups)
    seen_at = len(t.log)
    t.send("carol", "duck_back", character="gunman", cover="solid")
    t.pass_all()
    t.result("wound")
    # Events after N, as the phone would fetch them: exactly what Carol sees of the groups after N.
    after = [[e.code, render(e.data, key=KEY, viewer="carol")] for g, e in t.log[seen_at:]
             if g >= mid and audience_sees(e.audience, "carol")]
    assert {"ducked_back", "shot.rolled", "marker.placed"} <= {a[0] for a in after}
    # Catching up from the snapshot at N through the stored groups after N gives the very view served now.
    snapshot, _ = replay(t.system, t.initial, t.groups[:mid])
    rebuilt, _ = replay(t.system, snapshot, t.groups[mid:])
    assert json.dumps(t.system.view_for(rebuilt, "carol"), sort_keys=True) == json.dumps(t.view("carol"),
                                                                                       sort_keys=True)
    assert rebuilt.to_dict() == t.state.to_dict()
