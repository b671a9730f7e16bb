"""Settings (every GAP/CONFIG item with its default) and JSON round trips of state and outcomes."""

import json

import pytest

from referee.engine.packfiles import PackError
from referee.engine.sealed import WeekOutcome, WeekPlan
from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.weekly_moves import SYSTEM, Ability, Companion, GameState
from referee.engine.systems.weekly_moves import WeeklyMovesSettings as S
from referee.engine.systems.weekly_moves.catalog import PACK_DIR, load_catalogue, parse_catalogue

from .helpers import game, know, mv, player, resolve

DEFAULTS = {
    "moves_per_week": 1,
    "free_actions_per_week": None,
    "free_action_timing": "before",  # GAP-04
    "steal_choice": "stash_list",  # GAP-02
    "spy_target_told_on_success": False,
    "combat_target_learns_attacker": True,  # GAP-03
    "spy_miss_requirements": True,  # GAP-05
    "info_cap": 3,  # GAP-06
    "steal_counts_same_move_info": True,  # GAP-07
    "preparedness_floor": 0,
    "preparedness_max": None,
    "debt_floor": 0,
    "debt_cap": 6,  # GAP-08
    "debt_cap_global": True,
    "combat_companion_choice": "picker",  # GAP-09
    "death_rule": "gm",
    "ritual_counts_dead": False,  # GAP-10
    "troubles_random_excludes_inactive": True,  # GAP-11
    "contradiction_scope": "week",  # GAP-12
    "week1_info_limit_all_sources": True,  # GAP-13
    "xp_max": None,  # GAP-14
    "companion_info": "master",  # GAP-15 (and GAP-01)
    "help_miss": "as_well",  # GAP-16
    "exchange_items_per_side": 1,
    "services_refusable": False,  # GAP-17
    "companion_stats": "own",
    "companion_prep_source": "master",  # GAP-01
    "companion_move_kinds": ["deadly_combat", "preparation", "help"],
    "ritual_relay_allowed": False,
    "ingredient_choice": "random",
    "ingredient_catalogue": [],  # CONFIG
    "decision_mode": "pause",
    "on_invalid_at_resolution": "replace",
    "replacement_hours": 24,  # WM-ABL-02: "if none arrives by the GM's deadline"
    "default_move": "none",
    "contradiction_by_analogy": True,
    "troubles_companion_choice": "affected",
    "exchange_info": "either",
    "invalid_info_scope": "shelter",
    "submission_info_check": True,
}


def test_every_gap_default_is_the_specs():
    assert S().to_dict() == DEFAULTS
    refs = " ".join(d["ref"] for d in S.describe())
    for n in range(1, 18):
        assert f"GAP-{n:02d}" in refs, f"GAP-{n:02d} has no setting"


def test_settings_round_trip_and_validation():
    s = S(death_rule="preparedness_floor", companion_move_kinds=("help",), preparedness_max=5)
    assert S.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert SYSTEM.settings_from_dict({}) == S()
    with pytest.raises(SettingsInvalid, match="no_such"):
        S.from_dict({"no_such": 1})
    with pytest.raises(SettingsInvalid, match="death_rule"):
        S.from_dict({"death_rule": "dice"})
    with pytest.raises(SettingsInvalid, match="info_cap"):
        S.from_dict({"info_cap": 0})
    with pytest.raises(SettingsInvalid, match="moves_per_week"):
        S.from_dict({"moves_per_week": "1"})
    with pytest.raises(SettingsInvalid, match="debt_cap"):
        S.from_dict({"debt_cap": 0})
    with pytest.raises(SettingsInvalid, match="companion_move_kinds"):
        S.from_dict({"companion_move_kinds": ["fly"]})
    with pytest.raises(SettingsInvalid, match="services_refusable"):
        S.from_dict({"services_refusable": "no"})


def test_state_round_trip():
    st = game(
        player(
            "a",
            abilities=[Ability(id="x", counter="per_week", used=1, effect="relocate_shelter")],
            companions=[Companion(id="c", dangerous=True, stats={"might": 2}, ingredients=["fur"])],
            ingredients=["herb"],
            artifacts=["idol"],
            knows_ritual_location=True,
            ritual_source="computed",
        ),
        player("b", status="dead", ever_out=True),
    )
    know(st, "a", "b", 2, valid=False)
    st.queue = ["m1"]
    st.ledger.help_used["h"] = "m"
    st.ledger.applied["a"] = ["lower_own_debt"]
    data = json.loads(json.dumps(st.to_dict()))
    assert GameState.from_dict(data) == st
    assert SYSTEM.state_from_dict(data).to_dict() == data
    with pytest.raises(ValueError, match="unique"):
        GameState.from_dict(
            {"players": [{"id": "a", "companions": [{"id": "c"}]}, {"id": "b", "companions": [{"id": "c"}]}]}
        )


def test_outcome_and_plan_round_trip():
    st = game(player("a", ingredients=["herb"]), player("b"))
    know(st, "a", "b", 1)
    moves = [
        mv("a", "spying", 1, target="b", mode="push", picks=["info", "surveillance"]),
        mv("a", "preparation", 0, effect="preparedness"),
    ]
    plan = SYSTEM.plan_week(st, moves, S())
    assert WeekPlan.from_dict(json.loads(json.dumps(plan.to_dict()))) == plan
    out = resolve(st, moves, [6, 6, 6])
    data = json.loads(json.dumps(out.to_dict()))
    back = WeekOutcome.from_dict(data)
    assert back.to_dict() == data and back.results[1].rolls[0].faces == (6, 6)


def test_rules_pack_loads_with_en_and_ru_names_and_rejects_bad_files(tmp_path):
    cat = load_catalogue()
    assert set(cat.move_types) == {
        "ingredient_search",
        "spying",
        "deadly_combat",
        "call_of_duty",
        "preparation",
        "help",
        "exchange",
        "compute_ritual",
        "use_ability",
    }
    assert cat.move_types["spying"].names["ru"] == "Шпионаж"
    assert cat.troubles.lookup(5).id == "debt_up"
    assert set(SYSTEM.move_types()) == set(cat.move_types)
    with pytest.raises(PackError, match=r"moves\.json"):
        parse_catalogue({"moves.json": {"moves": [{"slug": "x", "category": "move", "name": {"en": "X"}}]}})
    with pytest.raises(PackError, match=r"troubles\.json"):
        parse_catalogue(
            {
                "moves.json": {"moves": [{"slug": "x", "category": "move", "name": {"en": "X", "ru": "Х"}}]},
                "troubles.json": {"troubles": {"dice": "D6", "results": [{"roll": 1, "id": "a"}]}},
            }
        )
    with pytest.raises(PackError, match=r"moves\.json: cannot be read"):
        load_catalogue(tmp_path)
    for name in ("moves.json", "troubles.json"):
        (tmp_path / name).write_text((PACK_DIR / name).read_text("utf-8"), "utf-8")
    (tmp_path / "ingredients.json").write_text('{"ingredients": []}', "utf-8")
    with pytest.raises(PackError, match=r"ingredients\.json"):
        load_catalogue(tmp_path)
