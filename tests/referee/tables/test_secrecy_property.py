"""LIVE-TABLES §8: permuting what a viewer may not see leaves that viewer's view, events, allowed
commands, errors and ETag byte-identical (a property test at engine level)."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.live import CommandError, allowed, render
from referee.tables.selectors import etag_of
from tests.referee.engine.systems.doomtrooper.game import Game, cards

PROPERTY = settings(database=None, deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
WARRIORS = sorted(slug for slug, c in cards().cards.items() if c.type == "warrior")
VIEWER = "s2"


def seen_by(g: Game, viewer: str = VIEWER) -> str:
    """Everything ``viewer`` gets, as bytes: view, events, allowed commands, the errors of probe commands, ETag."""
    from referee.engine.systems.doomtrooper.system import SYSTEM

    view = SYSTEM.view_for(g.state, viewer)
    events = [render(e.to_dict(), key=g.state.key, viewer=viewer) for e in g.events
              if "*" in e.audience or viewer in e.audience]
    probes: list[Any] = []
    hidden = list(g.state.zones["cover:s1"].cards)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("leave_cover", {"warrior": g.h(hidden[0], viewer)} if hidden else {"warrior": "x"}),
        ("attack", {"attacker": "x", "defender": g.h(hidden[0], viewer) if hidden else "x", "tactic": "fight"}),
        ("meditate", {}),
        ("deploy", {"slug": "line_trooper"}),
        ("answer", {"decision": "d1", "vp": 1}),
    ]
    for kind, payload in calls:
        try:
            g.send(viewer, kind, **payload)
            probes.append("accepted")
        except CommandError as exc:
            probes.append([exc.code, exc.message, exc.field])
    body = {"view": view, "events": events, "allowed": allowed(SYSTEM, g.state, viewer), "probes": probes}
    etag = etag_of(session=SimpleNamespace(pk=1), seat=SimpleNamespace(key=viewer), body=body)  # type: ignore[arg-type]
    return json.dumps([body, etag], sort_keys=True)


def physical(identity: str, second: str) -> Game:
    g = Game(starting_fate=30)
    g.to_actions()
    g.send("s1", "deploy_cover", slug=identity)
    g.send("s1", "end_actions")
    g.send("s1", "end_turn", slugs=[second])  # a discard is public: the same in both worlds
    return g


@PROPERTY
@given(st.sampled_from(WARRIORS), st.sampled_from(WARRIORS))
def test_the_identity_of_a_sealed_cover_card_changes_nothing_the_opponent_gets(a: str, b: str) -> None:
    assert seen_by(physical(a, "aim")) == seen_by(physical(b, "aim"))


def app_held(deck: list[str]) -> Game:
    g = Game(mode="app_held", decks={"s1": deck, "s2": ["line_trooper"] * 20}, starting_fate=30)
    hand = g.state.zones["hand:s1"].cards
    g.send("s1", "deploy_cover", card=g.h(hand[0], "s1"))
    g.send("s1", "end_actions")
    g.send("s1", "end_turn")
    return g


@PROPERTY
@given(st.permutations([*WARRIORS, *WARRIORS]))
def test_the_order_and_content_of_a_hidden_library_and_hand_change_nothing_the_opponent_gets(deck: list[str]) -> None:
    assert seen_by(app_held(list(deck))) == seen_by(app_held(sorted(deck)))


def test_the_owner_does_see_the_difference() -> None:
    assert seen_by(physical("line_trooper", "aim"), "s1") != seen_by(physical("heavy_trooper", "aim"), "s1")
