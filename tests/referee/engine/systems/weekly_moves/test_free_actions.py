"""Free actions: WM-PREP, WM-HELP, WM-EXCH, WM-RIT."""

from referee.engine.systems.weekly_moves import SYSTEM, Companion, ritual_showdown

from .helpers import codes, game, know, mv, player, resolve, result, settings

HERB = settings(ingredient_catalogue=("herb",))


def _errors(st, move, s=None):
    return [e.code for e in SYSTEM.validate(move, SYSTEM.view_for(st, move.player, []), s or settings())]


def test_wm_prep_01_player_preparation_costs_one_ingredient():
    st = game(
        player(
            "a",
            ingredients=["herb", "bone", "salt", "ash"],
            companions=[Companion(id="ac", health="wounded")],
        ),
        player("b", companions=[Companion(id="bc", health="wounded")]),
    )
    know(st, "a", "b", 1)
    moves = [
        mv("a", "preparation", 0, mid="p1", effect="preparedness", ingredient="bone"),
        mv("a", "preparation", 1, mid="p2", effect="preparedness", target="b"),
        mv("a", "preparation", 2, mid="p3", effect="heal", heal="ac"),
        mv("a", "preparation", 3, mid="p4", effect="heal", target="b"),
    ]
    out = resolve(st, moves, [])
    assert [r.status for r in out.results] == ["resolved"] * 4
    a, b = st.players["a"], st.players["b"]
    assert a.ingredients == [] and result(out, "p1").record["spent"] == "bone"
    assert a.preparedness == 4 and b.preparedness == 4
    assert a.companions[0].health == "healthy" and b.companions[0].health == "healthy"
    assert next(e for e in result(out, "p2").events if e.code == "prepared").visible_to == {"a", "b"}
    poor = game(player("a"), player("b"))
    out2 = resolve(poor, [mv("a", "preparation", effect="preparedness")], [])
    assert out2.results[0].status == "invalid" and out2.results[0].errors[0].code == "no_ingredient"
    assert poor.players["a"].preparedness == 3


def test_wm_prep_02_companion_preparation_uses_the_masters_ingredient():
    st = game(
        player("a", ingredients=["herb", "bone"], companions=[Companion(id="cat", health="wounded")]),
        player("b"),
    )
    know(st, "a", "b", 1)
    moves = [
        mv("a", "preparation", 0, mid="c1", companion="cat", effect="preparedness"),
        mv("a", "preparation", 1, mid="c2", companion="cat", effect="heal"),
    ]
    resolve(st, moves, [])
    a = st.players["a"]
    assert a.ingredients == [] and a.preparedness == 4 and a.companions[0].health == "healthy"
    assert _errors(st, mv("a", "preparation", companion="cat", effect="preparedness", target="b")) == [
        "companion_prep"
    ]
    own = game(
        player("a", ingredients=["herb"], companions=[Companion(id="cat", ingredients=["fur"])]), player("b")
    )
    resolve(
        own,
        [mv("a", "preparation", companion="cat", effect="preparedness")],
        [],
        s=settings(companion_prep_source="own"),
    )
    assert own.players["a"].ingredients == ["herb"] and own.players["a"].companions[0].ingredients == []


def test_wm_help_01_helper_needs_info_on_the_helped_and_for_a_companion_its_master():
    st = game(player("h"), player("a", companions=[Companion(id="wolf", dangerous=True)]))
    assert _errors(st, mv("h", "help", helped="a", helped_companion="wolf", move="deadly_combat")) == [
        "needs_info"
    ]
    know(st, "h", "a", 1)
    assert _errors(st, mv("h", "help", helped="a", helped_companion="wolf", move="deadly_combat")) == []
    assert _errors(st, mv("h", "help", helped="h", move="spying")) == ["bad_help"]  # not one's own move


def test_wm_help_02_helper_rolls_the_stat_of_the_helped_move():
    st = game(player("a"), player("b"), player("h", might=2, shadow=-1))
    know(st, "a", "b", 1)
    know(st, "h", "a", 1)
    moves = [
        mv("h", "help", 0, mid="help", helped="a", move="deadly_combat"),
        mv("a", "deadly_combat", 1, mid="fight", target="b", mode="hold", picks=["lower_preparedness"]),
    ]
    out = resolve(st, moves, [2, 3, 4, 4])
    rec = result(out, "fight").record
    assert rec["help"]["bonus"] == 2 and rec["help"]["total"] == 10 and rec["total"] == 10
    assert result(out, "help").status == "resolved" and result(out, "help").record["helped_move"] == "fight"


def _search_with_help(faces, s=HERB):
    st = game(player("a"), player("h"))
    know(st, "h", "a", 1)
    moves = [
        mv("h", "help", 0, mid="help", helped="a", move="ingredient_search"),
        mv("a", "ingredient_search", 1, mid="search", mode="go_back"),
    ]
    return st, resolve(st, moves, faces, s=s)


def test_wm_help_03_strong_help_uses_the_better_total():
    st, out = _search_with_help([2, 3, 5, 5])  # 5 against 10 -> 10
    assert result(out, "search").record["total"] == 10 and st.players["a"].ingredients == ["herb"]
    ev = next(e for e in result(out, "search").events if e.code == "help_roll")
    assert ev.visible_to == {"a", "h"}


def test_wm_help_03_weak_help_the_helper_takes_troubles():
    st, out = _search_with_help([2, 3, 4, 5, 5, 5])  # 5 against 9 -> 9; a's Troubles 5, h's Troubles 5
    assert result(out, "search").record["total"] == 9
    assert st.players["a"].debt == 1 and st.players["h"].debt == 1


def test_wm_help_03_missed_help_the_miss_falls_on_the_helper_and_the_roll_stands():
    st, out = _search_with_help([4, 4, 1, 1, 5, 5])  # a: 8 stands (+1 herb, Troubles 5); h: miss -> Troubles
    assert result(out, "search").record["total"] == 8 and st.players["a"].ingredients == ["herb"]
    assert st.players["h"].debt == 1 and st.players["a"].debt == 1
    st2, out2 = _search_with_help([6, 6, 1, 1, 5], s=HERB.with_(help_miss="instead"))
    assert result(out2, "search").record["band"] == "miss" and st2.players["a"].ingredients == []
    assert st2.players["h"].debt == 1 and st2.players["a"].debt == 0


def test_wm_help_04_only_one_helper_per_move():
    st = game(player("a"), player("h"), player("g"))
    know(st, "h", "a", 1)
    know(st, "g", "a", 1)
    moves = [
        mv("g", "help", 2, mid="late", helped="a", move="ingredient_search"),
        mv("h", "help", 0, mid="early", helped="a", move="ingredient_search"),
        mv("a", "ingredient_search", 1, mid="search", mode="go_back"),
    ]
    out = resolve(st, moves, [5, 5, 1, 1, 5], s=HERB)  # a strong; only h rolls, misses, takes Troubles
    assert result(out, "early").status == "resolved" and result(out, "late").status == "void"
    assert result(out, "search").record["help"]["helper"] == "h"
    assert len(result(out, "search").rolls) == 2 + 0 + 1  # a 2d6, h 2d6, h's Troubles (no herb draw)


def test_wm_help_05_a_familiar_helps_only_its_master_or_another_familiar():
    for target, expected in (("cat", "resolved"), ("dog", "void")):
        st = game(
            player("a", companions=[Companion(id="owl", familiar=True)]),
            player(
                "b",
                companions=[
                    Companion(id="cat", familiar=True, dangerous=True),
                    Companion(id="dog", dangerous=True),
                ],
            ),
            player("c"),
        )
        know(st, "a", "b", 1)
        know(st, "b", "c", 1)
        moves = [
            mv(
                "a",
                "help",
                0,
                mid="help",
                companion="owl",
                helped="b",
                helped_companion=target,
                move="deadly_combat",
            ),
            mv(
                "b",
                "deadly_combat",
                1,
                mid="fight",
                companion=target,
                target="c",
                mode="hold",
                picks=["lower_preparedness"],
            ),
        ]
        faces = [5, 5, 1, 1] if expected == "resolved" else [5, 5]  # the owl misses: c strikes back
        out = resolve(st, moves, faces, s=settings(decision_mode="auto", help_miss="as_well"))
        assert result(out, "help").status == expected, target


def test_wm_help_06_help_for_a_move_never_made_is_void():
    st = game(player("a"), player("h"))
    know(st, "h", "a", 1)
    out = resolve(
        st,
        [
            mv("h", "help", 0, mid="help", helped="a", move="spying"),
            mv("a", "ingredient_search", 1, mode="go_back"),
        ],
        [5, 5],
        s=HERB,
    )
    assert result(out, "help").status == "void" and "help_void" in codes(result(out, "help"))


def _pair(give_a, give_b, **kw):
    st = game(player("a", **kw), player("b", ingredients=["herb", "bone"]), player("c"))
    know(st, "a", "b", 1)
    moves = [
        mv("a", "exchange", 0, mid="xa", partner="b", give=give_a),
        mv("b", "exchange", 1, mid="xb", partner="a", give=give_b),
    ]
    return st, moves


def test_wm_exch_01_an_agreed_exchange_happens_at_the_later_entry():
    st, moves = _pair(
        [{"type": "artifact", "item": "idol"}], [{"type": "ingredient", "item": "bone"}], artifacts=["idol"]
    )
    out = resolve(st, moves, [])
    assert [r.status for r in out.results] == ["deferred", "resolved"]
    assert st.players["b"].artifacts == ["idol"] and st.players["a"].ingredients == ["bone"]
    assert next(e for e in out.results[1].events if e.code == "exchanged").visible_to == {"a", "b"}


def test_wm_exch_01_ingredient_by_receivers_choice_or_blind():
    st, moves = _pair([{"type": "service", "text": "x"}], [{"type": "ingredient", "choice": "receiver"}])
    out = resolve(st, moves, [])
    assert out.pending is not None and out.pending.player == "a" and out.pending.options == ["herb", "bone"]
    resolve(st, moves, [], decisions={out.pending.key: "bone"})
    assert st.players["a"].ingredients == ["bone"]
    st2, moves2 = _pair([{"type": "service", "text": "x"}], [{"type": "ingredient", "choice": "blind"}])
    resolve(st2, moves2, [1])
    assert st2.players["a"].ingredients == ["herb"]


def test_wm_exch_01_ritual_only_if_computed_and_one_item_each():
    st, moves = _pair(
        [{"type": "ritual"}],
        [{"type": "ingredient", "item": "bone"}],
        knows_ritual_location=True,
        ritual_source="computed",
    )
    resolve(st, moves, [])
    assert st.players["b"].knows_ritual_location and st.players["b"].ritual_source == "exchange"
    relay = game(player("b", knows_ritual_location=True, ritual_source="exchange"), player("a"))
    know(relay, "b", "a", 1)
    assert _errors(relay, mv("b", "exchange", partner="a", give=[{"type": "ritual"}])) == ["give_ritual"]
    assert (
        _errors(
            relay,
            mv("b", "exchange", partner="a", give=[{"type": "ritual"}]),
            settings(ritual_relay_allowed=True),
        )
        == []
    )
    two = [{"type": "service", "text": "x"}, {"type": "service", "text": "y"}]
    assert _errors(relay, mv("b", "exchange", partner="a", give=two)) == ["bad_give"]
    assert (
        _errors(relay, mv("b", "exchange", partner="a", give=two), settings(exchange_items_per_side=2)) == []
    )


def test_wm_exch_01_needs_agreement_and_info():
    st, moves = _pair([{"type": "service", "text": "x"}], [{"type": "service", "text": "y"}])
    out = resolve(st, moves[:1], [])
    assert out.results[0].status == "void"
    del st.info[("a", "b")]
    out2 = resolve(st, moves, [])
    assert out2.results[-1].status == "void" and "exchange_failed" in codes(out2.results[-1])
    assert st.promises == []


def test_wm_exch_02_a_promised_service_is_recorded_as_binding():
    st, moves = _pair(
        [{"type": "service", "text": "curse c for me"}], [{"type": "ingredient", "item": "herb"}]
    )
    out = resolve(st, moves, [])
    assert [(p.promiser, p.beneficiary, p.service, p.fulfilled) for p in st.promises] == [
        ("a", "b", "curse c for me", False)
    ]
    ev = next(e for e in out.results[-1].events if e.code == "promise_recorded")
    assert ev.data["binding"] is True


def test_wm_rit_01_compute_needs_shelter_info_on_everyone_still_in_the_game():
    st = game(
        player("a"),
        player("b"),
        player("c", ever_out=True),
        player("d", status="out"),
        player("e", status="dead"),
    )
    know(st, "a", "b", 1, valid=False)
    assert _errors(st, mv("a", "compute_ritual")) == ["missing_shelter_info"]
    know(st, "a", "b", 1)
    assert _errors(st, mv("a", "compute_ritual")) == []
    assert _errors(st, mv("a", "compute_ritual"), settings(ritual_counts_dead=True)) == [
        "missing_shelter_info"
    ]
    out = resolve(st, [mv("a", "compute_ritual")], [])
    assert out.results[0].status == "resolved" and st.players["a"].knows_ritual_location
    assert next(e for e in out.results[0].events if e.code == "ritual_computed").visible_to == {"a"}
    assert _errors(st, mv("a", "compute_ritual")) == ["already_known"]


def test_wm_rit_02_players_without_the_location_are_out_before_the_showdown():
    st = game(player("a", knows_ritual_location=True), player("b"), player("c", status="dead"))
    assert ritual_showdown(st) == ["b", "c"]
    assert st.players["b"].status == "out" and st.players["b"].ever_out and st.players["a"].status == "alive"
