"""WM-INFO, WM-CMP, WM-CNT and WM-ABL."""

from referee.engine.systems.weekly_moves import SYSTEM, Ability, Companion, begin_week
from tests.support.dice import ScriptedRoller

from .helpers import codes, game, info, know, mv, player, resolve, result, settings

HERB = settings(ingredient_catalogue=("herb",))


def _errors(st, move, s=None):
    return [e.code for e in SYSTEM.validate(move, SYSTEM.view_for(st, move.player, []), s or settings())]


def test_wm_info_01_info_is_per_ordered_pair_and_records_the_week():
    st = game(player("a"), player("b"), week=3)
    resolve(st, [mv("a", "spying", target="b", mode="hold", picks=["info"])], [5, 5])
    assert info(st, "a", "b") == 1 and info(st, "b", "a") == 0
    assert st.info[("a", "b")].gained == [3]


def test_wm_info_02_week_one_limit_binds_every_source_by_default():
    st = game(player("a", debt=6), player("b"), week=1)
    know(st, "b", "a", 1)
    out = resolve(st, [mv("a", "ingredient_search", mid="s")], [1, 1, 6], s=HERB)
    assert info(st, "b", "a") == 1 and result(out, "s").record["troubles"][0]["applied"] != 6
    ex = game(player("a"), player("b"), player("c"), week=1)
    know(ex, "a", "c", 2)
    know(ex, "a", "b", 1)
    know(ex, "b", "c", 1)
    moves = [
        mv("a", "exchange", 0, partner="b", give=[{"type": "info", "subject": "c"}]),
        mv("b", "exchange", 1, partner="a", give=[{"type": "info", "subject": "b"}]),
    ]
    assert resolve(ex, moves, []).results[-1].status == "void"
    assert info(ex, "b", "c") == 1
    resolve(ex, moves, [], s=settings(week1_info_limit_all_sources=False))
    assert info(ex, "b", "c") == 2


def test_wm_info_03_which_actions_need_info():
    st = game(player("a", ingredients=["herb"]), player("b"))
    assert _errors(st, mv("a", "deadly_combat", target="b")) == ["needs_shelter"]
    assert _errors(st, mv("a", "call_of_duty", targets=["b"])) == ["needs_shelter"]
    assert _errors(st, mv("a", "preparation", effect="preparedness", target="b")) == ["needs_info"]
    assert _errors(st, mv("a", "help", helped="b", move="spying")) == ["needs_info"]
    give = [{"type": "service", "text": "a favour"}]
    assert _errors(st, mv("a", "exchange", partner="b", give=give), settings(exchange_info="both")) == [
        "needs_info"
    ]
    know(st, "a", "b", 1)
    for move in (
        mv("a", "deadly_combat", target="b"),
        mv("a", "call_of_duty", targets=["b"]),
        mv("a", "preparation", effect="preparedness", target="b"),
        mv("a", "help", helped="b", move="spying"),
    ):
        assert _errors(st, move) == []
    # An invalidated holding still counts where the shelter is not needed (default scope).
    know(st, "a", "b", 1, valid=False)
    assert _errors(st, mv("a", "help", helped="b", move="spying")) == []
    assert _errors(st, mv("a", "help", helped="b", move="spying"), settings(invalid_info_scope="all")) == [
        "needs_info"
    ]


def test_wm_info_04_giving_info_keeps_it():
    st = game(player("a"), player("b"), player("c"))
    know(st, "a", "b", 1)
    know(st, "a", "c", 2)
    moves = [
        mv("a", "exchange", 0, partner="b", give=[{"type": "info", "subject": "c"}]),
        mv("b", "exchange", 1, partner="a", give=[{"type": "info", "subject": "b"}]),
    ]
    out = resolve(st, moves, [])
    assert out.results[-1].status == "resolved"
    assert info(st, "b", "c") == 1 and info(st, "a", "c") == 2 and info(st, "a", "b") == 2


def test_wm_cmp_01_troubles_only_wound_and_preparation_heals_only_the_wounded():
    st = game(player("a", preparedness=1, companions=[Companion(id="ac", health="wounded")]), player("b"))
    out = resolve(st, [mv("a", "ingredient_search", mid="s")], [1, 1, 2], s=HERB)
    assert result(out, "s").record["troubles"][0]["applied"] != 2
    assert st.players["a"].companions[0].health == "wounded"
    healthy = game(player("a", ingredients=["herb"], companions=[Companion(id="ac")]), player("b"))
    out2 = resolve(healthy, [mv("a", "preparation", effect="heal", heal="ac")], [])
    assert out2.results[0].status == "invalid" and out2.results[0].errors[0].code == "nothing_to_heal"
    assert healthy.players["a"].ingredients == ["herb"]  # nothing spent
    dead = game(player("a", companions=[Companion(id="ac", health="dead")]), player("b"))
    assert _errors(dead, mv("a", "preparation", effect="heal", heal="ac")) == ["bad_heal"]


def test_wm_cmp_02_dangerous_fights_familiar_helps_only_master_or_familiars():
    st = game(player("a", companions=[Companion(id="cat", familiar=True), Companion(id="dog")]), player("b"))
    know(st, "a", "b", 1)
    assert _errors(st, mv("a", "help", companion="cat", helped="b", move="spying")) == ["familiar_help"]
    assert _errors(st, mv("a", "help", companion="cat", helped="a", move="spying")) == []
    assert _errors(
        st, mv("a", "help", companion="cat", helped="a", helped_companion="dog", move="deadly_combat")
    ) == ["familiar_help"]
    assert _errors(st, mv("a", "deadly_combat", companion="dog", target="b")) == ["not_dangerous"]


def test_wm_cnt_01_raising_preparedness_gives_1_xp():
    st = game(player("a", ingredients=["herb", "herb"], xp=4), player("b"))
    resolve(st, [mv("a", "preparation", effect="preparedness")], [])
    assert st.players["a"].preparedness == 4 and st.players["a"].xp == 5
    resolve(st, [mv("a", "preparation", effect="preparedness")], [], s=settings(xp_max=5))
    assert st.players["a"].preparedness == 5 and st.players["a"].xp == 5


def test_wm_cnt_02_troubles_never_push_preparedness_below_1_or_debt_above_6():
    st = game(player("a", preparedness=1, debt=6), player("b"))
    know(st, "b", "a", 3)
    out = resolve(st, [mv("a", "ingredient_search", mid="s")], [1, 1, 1], s=HERB)
    assert result(out, "s").record["troubles"][0]["applied"] is None
    assert st.players["a"].preparedness == 1 and st.players["a"].debt == 6


def test_wm_abl_01_abilities_are_used_between_actions_and_spend_their_counter():
    st = game(player("a", abilities=[Ability(id="sight", counter="per_week")]), player("b"))
    moves = [
        mv("a", "ingredient_search", 0, mid="s", mode="go_back"),
        mv("a", "use_ability", 1, mid="use", ability="sight", when="after"),
    ]
    plan = SYSTEM.plan_week(st, moves, HERB)
    assert [m.id for m in plan.entries] == ["s", "use"]
    out = resolve(st, moves, [5, 5], s=HERB)
    assert result(out, "use").status == "resolved" and st.players["a"].abilities[0].used == 1
    assert next(e for e in result(out, "use").events if e.code == "ability_used").visible_to == {"a"}
    twice = [
        mv("a", "use_ability", 2, mid="u1", ability="sight"),
        mv("a", "use_ability", 3, mid="u2", ability="sight"),
    ]
    view = SYSTEM.view_for(st, "a", twice[:1])
    assert [e.code for e in SYSTEM.validate(twice[1], view, settings())] == ["ability_spent"]


def _count_moves_house():
    st = game(
        player("a"),
        player("count", abilities=[Ability(id="backup", counter="single_use", effect="relocate_shelter")]),
    )
    know(st, "a", "count", 1)
    moves = [
        mv("count", "use_ability", 0, mid="move-house", ability="backup"),
        mv("a", "deadly_combat", 1, mid="attack", target="count", mode="hold", picks=["lower_preparedness"]),
    ]
    return st, moves


def test_wm_abl_02_an_earlier_ability_makes_a_later_move_illegal_and_a_replacement_is_asked():
    st, moves = _count_moves_house()
    out = resolve(st, moves, [])
    assert out.status == "paused"
    d = out.pending
    assert d is not None and d.player == "a" and d.kind == "replacement" and d.rule == "WM-ABL-02"
    assert d.context["errors"][0]["code"] == "needs_shelter"
    assert st.info[("a", "count")].valid is False  # the ability (resolved first) stays applied
    answer = {"kind": "spying", "payload": {"target": "count", "mode": "hold", "picks": ["info"]}}
    plan = SYSTEM.plan_week(st, moves, settings())
    out2 = SYSTEM.resolve_move(st, plan, 1, settings(), ScriptedRoller([5, 5]), {d.key: answer})
    assert out2.status == "resolved" and out2.kind == "spying" and out2.record["replaced"]["kind"] == "spying"
    assert st.info[("a", "count")].valid is True  # re-learning renews the holding


def test_wm_abl_02_without_a_replacement_the_move_is_lost():
    st, moves = _count_moves_house()
    out = resolve(st, moves, [], s=settings(on_invalid_at_resolution="lose"))
    assert result(out, "attack").status == "lost" and st.players["count"].preparedness == 3
    st2, moves2 = _count_moves_house()
    out2 = resolve(st2, moves2, [], s=settings(decision_mode="auto"))
    assert result(out2, "attack").status == "lost"
    st3, moves3 = _count_moves_house()
    out3 = resolve(st3, moves3, [], decisions={"attack:replace1": {"kind": "none"}})
    assert result(out3, "attack").status == "lost"


def test_wm_abl_03_resolution_pauses_for_the_targets_answer():
    st = game(player("a", shadow=0), player("b"))
    know(st, "b", "a", 1)
    move = mv("a", "spying", target="b")
    out = resolve(st, [move], [1, 1])
    d = out.pending
    assert (
        out.status == "paused" and d is not None and d.player == "b" and d.options == ["info", "surveillance"]
    )
    assert info(st, "b", "a") == 1 and out.results[0].events == []  # nothing described yet
    out2 = resolve(st, [move], [1, 1], decisions={d.key: "surveillance"})
    assert out2.status == "complete" and "surveillance" in codes(out2.results[0])


def test_wm_abl_04_once_per_week_counters_reset_each_week():
    st = game(
        player(
            "a",
            abilities=[
                Ability(id="w", counter="per_week", used=1),
                Ability(id="s", counter="single_use", used=1),
            ],
        ),
        player("b"),
    )
    st.ledger.help_used["x"] = "y"
    begin_week(st)
    assert st.week == 3 and [a.used for a in st.players["a"].abilities] == [0, 1]
    assert st.ledger.help_used == {}
