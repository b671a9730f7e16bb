"""Hidden information (spec §2): validation sees only the viewer's view; results name who may see them."""

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st_

from referee.engine.systems.weekly_moves import SYSTEM, Ability, Companion

from .helpers import game, know, mv, player, resolve, result, settings

MOVES_AGAINST_B = [
    mv("a", "spying", target="b", picks=["steal"], steal={"kind": "ingredient", "item": "herb"}),
    mv("a", "deadly_combat", target="b", picks=["wound_companion"]),
    mv("a", "call_of_duty", targets=["b"], shift={"target": "b", "direction": 1}),
    mv("a", "preparation", effect="heal", target="b", heal="bc"),
    mv("a", "preparation", effect="preparedness", target="b"),
    mv("a", "help", helped="b", helped_companion="bc", move="deadly_combat"),
    mv("a", "exchange", partner="b", give=[{"type": "ingredient", "choice": "receiver"}]),
    mv("a", "exchange", partner="b", give=[{"type": "info", "subject": "c"}]),
    mv("a", "compute_ritual"),
]

hidden_b = st_.fixed_dictionaries(
    {
        "ingredients": st_.lists(st_.sampled_from(["herb", "bone"]), max_size=3),
        "artifacts": st_.lists(st_.just("idol"), max_size=1),
        "debt": st_.integers(0, 6),
        "preparedness": st_.integers(0, 5),
        "might": st_.integers(-2, 3),
        "companions": st_.lists(
            st_.builds(
                Companion,
                id=st_.just("bc"),
                health=st_.sampled_from(["healthy", "wounded", "dead"]),
                dangerous=st_.booleans(),
                familiar=st_.booleans(),
            ),
            max_size=1,
        ),
        "knows_b_on_a": st_.integers(0, 3),
        "b_used_ability": st_.booleans(),
    }
)


def _world(hidden, a_info):
    h = dict(hidden)
    knows = h.pop("knows_b_on_a")
    used = h.pop("b_used_ability")
    st = game(
        player("a", ingredients=["herb"]),
        player("b", abilities=[Ability(id="x", used=int(used), counter="single_use")], **h),
        player("c"),
    )
    if a_info:
        know(st, "a", "b", a_info)
    if knows:
        know(st, "b", "a", knows)
    return st


def _errors(st, s):
    view = SYSTEM.view_for(st, "a", [])
    return [[e.to_dict() for e in SYSTEM.validate(m, view, s)] for m in MOVES_AGAINST_B]


@given(one=hidden_b, other=hidden_b, a_info=st_.integers(0, 3), week=st_.sampled_from([1, 2]))
@hsettings(max_examples=60, deadline=None)
def test_validation_messages_never_depend_on_the_targets_hidden_state(one, other, a_info, week):
    s = settings()
    w1, w2 = _world(one, a_info), _world(other, a_info)
    w1.week = w2.week = week
    assert _errors(w1, s) == _errors(w2, s)


def test_same_message_whether_the_target_has_ingredients_or_not():
    rich = _world(
        {
            "ingredients": ["herb", "bone"],
            "artifacts": [],
            "debt": 0,
            "preparedness": 3,
            "might": 0,
            "companions": [],
            "knows_b_on_a": 0,
            "b_used_ability": False,
        },
        0,
    )
    poor = _world(
        {
            "ingredients": [],
            "artifacts": [],
            "debt": 0,
            "preparedness": 3,
            "might": 0,
            "companions": [],
            "knows_b_on_a": 0,
            "b_used_ability": False,
        },
        0,
    )
    move = mv("a", "exchange", partner="b", give=[{"type": "ingredient", "choice": "receiver"}])
    s = settings(exchange_info="both")
    e1 = SYSTEM.validate(move, SYSTEM.view_for(rich, "a", []), s)
    e2 = SYSTEM.validate(move, SYSTEM.view_for(poor, "a", []), s)
    assert e1 == e2 and [e.code for e in e1] == ["needs_info"]


def test_the_view_cannot_reach_another_players_holdings_or_stash():
    st = _world(
        {
            "ingredients": ["herb"],
            "artifacts": [],
            "debt": 0,
            "preparedness": 3,
            "might": 0,
            "companions": [],
            "knows_b_on_a": 2,
            "b_used_ability": False,
        },
        1,
    )
    view = SYSTEM.view_for(st, "a", [])
    held = view.holding("a", "b")
    assert held is not None and held.count == 1
    with pytest.raises(PermissionError):
        view.holding("b", "a")
    pub = view.players["b"]
    assert not hasattr(pub, "ingredients") and not hasattr(pub, "companions") and pub.status == "alive"


def _visible(out, viewer):
    return sorted(e.code for r in out.results for e in r.events_for(viewer))


def test_viewer_by_result_matrix_for_a_week():
    st = game(player("a"), player("b", companions=[Companion(id="bc")]), player("c"))
    know(st, "a", "b", 1)
    moves = [
        mv("a", "deadly_combat", 0, mid="fight", target="b", mode="hold", picks=["wound_companion"]),
        mv("c", "spying", 1, mid="spy", target="a", mode="hold", picks=["info"]),
    ]
    out = resolve(st, moves, [6, 6, 6, 6])
    assert _visible(out, "a") == ["companion_hit", "move_roll"]
    assert _visible(out, "b") == ["attacked", "companion_hit"]
    assert _visible(out, "c") == ["info_gained", "move_roll"]  # a is not told it was spied on (GAP-03)
    everything = sorted(e.code for r in out.results for e in r.events_for("gina", is_gm=True))
    assert everything == sorted([*_visible(out, "a"), "attacked", "info_gained", "move_roll"])
    assert result(out, "fight").visible_to == {"a"} and result(out, "spy").visible_to == {"c"}


def test_a_surveillance_snapshot_and_steal_choice_reach_the_spy_only():
    st = game(player("a"), player("b", artifacts=["idol", "ring"]))
    know(st, "a", "b", 3)
    out = resolve(st, [mv("a", "spying", target="b", mode="push", picks=["surveillance", "steal"])], [6, 6])
    d = out.pending
    assert d is not None and d.player == "a" and d.context["stash"][0]["item"] == "idol"
