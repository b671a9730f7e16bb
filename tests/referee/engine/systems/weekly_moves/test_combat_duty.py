"""WM-CMB (Deadly combat) and WM-DUT (Call of duty)."""

from referee.engine.systems.weekly_moves import SYSTEM, Companion, gm_kill_player
from tests.support.dice import ScriptedRoller

from .helpers import codes, event, game, know, mv, player, resolve, settings

AUTO = settings(decision_mode="auto")


def _errors(st, move, s=None):
    return [e.code for e in SYSTEM.validate(move, SYSTEM.view_for(st, move.player, []), s or settings())]


def _duel(**b_kw):
    st = game(player("a"), player("b", **b_kw))
    know(st, "a", "b", 1)
    return st


def test_wm_cmb_01_no_deadly_combat_in_week_one():
    st = game(player("a"), player("b"), week=1)
    know(st, "a", "b", 1)
    assert _errors(st, mv("a", "deadly_combat", target="b")) == ["week1_combat"]
    out = resolve(st, [mv("a", "deadly_combat", target="b")], [], s=settings(on_invalid_at_resolution="lose"))
    assert out.results[0].status == "lost" and out.results[0].errors[0].code == "week1_combat"


def test_wm_cmb_02_needs_valid_shelter_info():
    st = game(player("a"), player("b"))
    assert _errors(st, mv("a", "deadly_combat", target="b")) == ["needs_shelter"]
    know(st, "a", "b", 2, valid=False)
    assert _errors(st, mv("a", "deadly_combat", target="b")) == ["needs_shelter"]
    know(st, "a", "b", 1)
    assert _errors(st, mv("a", "deadly_combat", target="b")) == []


def test_wm_cmb_03_only_a_dangerous_companion_may_fight_players():
    st = _duel()
    st.players["a"].companions = [
        Companion(id="pet", stats={"might": 3}),
        Companion(id="wolf", dangerous=True, stats={"might": 3}),
    ]
    assert _errors(st, mv("a", "deadly_combat", target="b", companion="pet")) == ["not_dangerous"]
    move = mv("a", "deadly_combat", target="b", companion="wolf", mode="hold", picks=["lower_preparedness"])
    out = resolve(st, [move], [3, 4])  # 7 + the wolf's own Might 3 (GAP-01) = 10
    assert out.results[0].record["band"] == "strong" and st.players["b"].preparedness == 2


def test_wm_cmb_04_fight_fiercely_two_picks_then_troubles():
    st = _duel(companions=[Companion(id="bc")])
    move = mv("a", "deadly_combat", target="b", mode="push", picks=["lower_preparedness", "wound_companion"])
    out = resolve(st, [move], [6, 6, 4])  # Troubles 4 without ingredients -> 5: Debt +1
    r = out.results[0]
    assert r.record["mode"] == "fight_fiercely"
    assert st.players["b"].preparedness == 2 and st.players["b"].companions[0].health == "wounded"
    assert st.players["a"].debt == 1
    attacked = next(e for e in r.events if e.code == "attacked")
    assert attacked.visible_to == {"b"} and attacked.data["attacker"] == "a"  # GAP-03 default


def test_wm_cmb_04_spare_yourself_and_weak_hit():
    st = _duel()
    resolve(st, [mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])], [6, 6])
    assert st.players["b"].preparedness == 2 and st.players["a"].debt == 0
    resolve(st, [mv("a", "deadly_combat", target="b", picks=["lower_preparedness"])], [4, 4, 5])
    assert st.players["b"].preparedness == 1 and st.players["a"].debt == 1


def test_wm_cmb_04_miss_the_opponent_strikes_back():
    st = _duel()
    out = resolve(st, [mv("a", "deadly_combat", target="b")], [1, 1])
    assert st.players["a"].preparedness == 2 and st.players["b"].preparedness == 3
    assert "struck_back" in codes(out.results[0])
    hidden = _duel()
    out2 = resolve(
        hidden,
        [mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])],
        [6, 6],
        s=settings(combat_target_learns_attacker=False),
    )
    assert event(out2.results[0], "attacked")["attacker"] is None


def test_wm_cmb_05_lower_preparedness_twice_floor_zero_flagged_to_gm():
    st = _duel(preparedness=1, companions=[Companion(id="bc")])
    out = resolve(
        st,
        [
            mv(
                "a",
                "deadly_combat",
                target="b",
                mode="push",
                picks=["lower_preparedness", "lower_preparedness"],
            )
        ],
        [6, 6, 5],
    )
    r = out.results[0]
    assert st.players["b"].preparedness == 0
    assert r.record["picks"][0]["picks"] == ["lower_preparedness", "wound_companion"]  # floor 0 reached
    flag = next(e for e in r.events if e.code == "death_ruling_needed")
    assert flag.visible_to == frozenset()  # the GM only
    st2 = _duel(preparedness=3)
    resolve(
        st2,
        [
            mv(
                "a",
                "deadly_combat",
                target="b",
                mode="push",
                picks=["lower_preparedness", "lower_preparedness"],
            )
        ],
        [6, 6, 5],
    )
    assert st2.players["b"].preparedness == 1


def test_wm_cmb_06_wound_then_kill_and_the_picker_chooses():
    st = _duel(companions=[Companion(id="bc", health="wounded")])
    resolve(st, [mv("a", "deadly_combat", target="b", mode="hold", picks=["wound_companion"])], [6, 6])
    assert st.players["b"].companions[0].health == "dead"
    two = _duel(companions=[Companion(id="x"), Companion(id="y")])
    move = mv("a", "deadly_combat", target="b", mode="hold", picks=["wound_companion"])
    out = resolve(two, [move], [6, 6])
    assert out.pending is not None and out.pending.player == "a" and out.pending.options == ["x", "y"]
    resolve(two, [move], [6, 6], decisions={out.pending.key: "y"})
    assert [c.health for c in two.players["b"].companions] == ["healthy", "wounded"]
    rnd = _duel(companions=[Companion(id="x"), Companion(id="y")])
    resolve(rnd, [move], [6, 6, 1], s=settings(combat_companion_choice="random"))
    assert rnd.players["b"].companions[0].health == "wounded"
    none = _duel(companions=[Companion(id="x", health="dead")])
    out3 = resolve(none, [move], [6, 6])
    assert out3.results[0].record["picks"][0]["picks"] == ["lower_preparedness"]  # Wound is not offered


def test_wm_cmb_07_killing_a_player_whose_companion_lives_takes_one_artifact_and_one_ingredient():
    st = _duel(
        preparedness=1,
        companions=[Companion(id="bc")],
        artifacts=["idol", "ring"],
        ingredients=["herb", "bone"],
    )
    s = settings(death_rule="preparedness_floor")
    move = mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])
    out = resolve(st, [move], [6, 6], s=s)
    assert out.pending is not None and out.pending.player == "a" and out.pending.kind == "loot"
    out = resolve(st, [move], [6, 6], s=s, decisions={out.pending.key: {"kind": "artifact", "item": "ring"}})
    assert out.pending is not None
    resolve(
        st,
        [move],
        [6, 6],
        s=s,
        decisions={
            "a:deadly_combat:0:loot:b:artifact": {"kind": "artifact", "item": "ring"},
            out.pending.key: {"kind": "ingredient", "item": "bone"},
        },
    )
    b = st.players["b"]
    assert b.status == "dead" and b.artifacts == ["idol"] and b.ingredients == ["herb"]
    assert st.players["a"].artifacts == ["ring"] and st.players["a"].ingredients == ["bone"]


def test_wm_cmb_08_killing_with_no_companion_left_takes_everything():
    st = _duel(preparedness=1, artifacts=["idol", "ring"], ingredients=["herb"])
    resolve(
        st,
        [mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])],
        [6, 6],
        s=settings(death_rule="preparedness_floor"),
    )
    assert st.players["a"].artifacts == ["idol", "ring"] and st.players["a"].ingredients == ["herb"]
    dead = _duel(status="dead", companions=[Companion(id="bc", health="wounded")], artifacts=["idol"])
    out = resolve(
        dead, [mv("a", "deadly_combat", target="b", mode="hold", picks=["wound_companion"])], [6, 6]
    )
    assert dead.players["b"].companions[0].health == "dead"
    assert dead.players["a"].artifacts == ["idol"] and "looted" in codes(out.results[0])


def test_wm_cmb_09_the_engine_never_kills_by_default():
    st = _duel(preparedness=1)
    out = resolve(
        st, [mv("a", "deadly_combat", target="b", mode="hold", picks=["lower_preparedness"])], [6, 6]
    )
    assert st.players["b"].status == "alive" and st.players["b"].preparedness == 0
    assert "player_killed" not in codes(out.results[0]) and "death_ruling_needed" in codes(out.results[0])


def test_wm_dut_01_roll_influence_and_miss_is_troubles_only():
    st = _duel()
    st.players["a"].influence = 1
    out = resolve(st, [mv("a", "call_of_duty", targets=["b"])], [1, 2, 5])
    assert out.results[0].record["roll"]["bonus"] == 1 and out.results[0].record["band"] == "miss"
    assert st.players["a"].debt == 1 and st.players["b"].debt == 0


def test_wm_dut_02_lower_own_debt_twice_with_floor_zero():
    st = game(player("a", debt=2), player("b"))
    resolve(st, [mv("a", "call_of_duty", targets=[], mode="push", picks=["lower_own_debt"] * 2)], [6, 6, 1])
    assert st.players["a"].debt == 0 and st.players["a"].preparedness == 2
    low = game(player("a", debt=1), player("b"))
    out = resolve(
        low, [mv("a", "call_of_duty", targets=[], mode="push", picks=["lower_own_debt"] * 2)], [6, 6, 1]
    )
    assert low.players["a"].debt == 0 and "no_valid_pick" in codes(out.results[0])
    floor = game(player("a", debt=1), player("b"))
    resolve(
        floor,
        [mv("a", "call_of_duty", targets=[], mode="hold", picks=["lower_own_debt"])],
        [6, 6],
        s=settings(debt_floor=-2),
    )
    assert floor.players["a"].debt == 0


def test_wm_dut_03_shift_a_targets_debt_once_within_bounds():
    st = _duel(debt=5)
    move = mv(
        "a",
        "call_of_duty",
        targets=["b"],
        mode="hold",
        picks=["shift_target_debt"],
        shift={"target": "b", "direction": 1},
    )
    resolve(st, [move], [6, 6])
    assert st.players["b"].debt == 6
    out = resolve(
        st,
        [
            mv(
                "a",
                "call_of_duty",
                targets=["b"],
                mode="push",
                picks=["shift_target_debt"] * 2,
                shift={"target": "b", "direction": 1},
            )
        ],
        [6, 6, 1],
        s=AUTO,
    )
    assert st.players["b"].debt == 6  # the global cap of 6
    assert "shift_target_debt" not in out.results[0].record["picks"][0]["picks"]
    uncapped = _duel(debt=6)
    resolve(uncapped, [move], [6, 6], s=settings(debt_cap_global=False))
    assert uncapped.players["b"].debt == 7
    once = _duel(debt=3)
    once.players["a"].debt = 2
    out2 = resolve(
        once,
        [
            mv(
                "a",
                "call_of_duty",
                targets=["b"],
                mode="push",
                picks=["shift_target_debt"] * 2,
                shift={"target": "b", "direction": -1},
            )
        ],
        [6, 6, 1],
        s=AUTO,
    )
    assert out2.results[0].record["picks"][0]["picks"] == ["shift_target_debt", "lower_own_debt"]
    assert once.players["b"].debt == 2 and once.players["a"].debt == 1
    direction = _duel(debt=3)
    out3 = resolve(
        direction, [mv("a", "call_of_duty", targets=["b"], mode="hold", picks=["shift_target_debt"])], [6, 6]
    )
    assert out3.pending is not None and out3.pending.options == [
        {"target": "b", "direction": 1},
        {"target": "b", "direction": -1},
    ]


def test_wm_dut_04_a_duty_aimed_at_a_player_needs_shelter_info():
    st = game(player("a"), player("b"), player("c"))
    know(st, "a", "b", 1)
    assert _errors(st, mv("a", "call_of_duty", targets=["b", "c"])) == ["needs_shelter"]
    assert _errors(st, mv("a", "call_of_duty", targets=["b"])) == []
    assert _errors(st, mv("a", "call_of_duty", targets=["b"], shift={"target": "c", "direction": 1})) == [
        "bad_shift"
    ]


def test_wm_cmb_09_a_gm_ruling_kills_and_the_killer_loots():
    st = _duel(preparedness=0, artifacts=["idol", "ring"], companions=[Companion(id="bc")])
    paused = gm_kill_player(st, victim="b", killer="a", settings=settings(), roller=ScriptedRoller([]))
    assert paused.status == "awaiting" and paused.decision is not None and paused.decision.player == "a"
    assert st.players["b"].status == "alive"  # nothing applied while the killer chooses
    done = gm_kill_player(
        st,
        victim="b",
        killer="a",
        settings=settings(),
        roller=ScriptedRoller([]),
        decisions={paused.decision.key: {"kind": "artifact", "item": "ring"}},
    )
    assert done.status == "resolved" and st.players["b"].status == "dead"
    assert st.players["a"].artifacts == ["ring"] and st.players["b"].artifacts == ["idol"]  # WM-CMB-07
