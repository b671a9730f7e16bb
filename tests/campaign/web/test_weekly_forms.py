"""Every weekly move and free action from its web form (WM-DUT, WM-PREP, WM-HELP, WM-EXCH, WM-RIT, WM-ABL): the
page reads the form into the payload the service checks, and a refusal comes back as a message, nothing sent."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from campaign.weekly.models import WeeklyMove
from tests.campaign.weekly.conftest import make_intrigue
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def intrigue(world: World) -> Any:
    intrigue = make_intrigue(
        world,
        bob={
            "ingredients": ["grave_dust"],
            "companions": [{"name": "Rook", "dangerous": True}],
            "abilities": [{"id": "vanish", "name": "Vanish", "counter": "per_week", "uses": 1}],
        },
        carol={"ingredients": ["wolfsbane"]},
    )
    intrigue.know(intrigue.bob, intrigue.carol)
    intrigue.know(intrigue.bob, intrigue.dave_c)
    return intrigue


def _send(intrigue: Any, data: dict[str, Any]) -> tuple[str, WeeklyMove | None]:
    page = _as(intrigue.bob.user).post(f"/weeks/{intrigue.week.pk}/moves/send/", data, follow=True).content.decode()
    return page, WeeklyMove.objects.filter(character=intrigue.bob, kind=data["kind"]).first()


def test_wm_dut_01_call_of_duty_names_its_targets_and_a_debt_shift(intrigue: Any) -> None:
    carol, dave = intrigue.carol.key, intrigue.dave_c.key
    data = {"kind": "call_of_duty", "targets": [carol, dave], "shift_target": carol, "shift_direction": "-1"}
    page, move = _send(intrigue, {**data, "mode": "hold", "pick1": "lower_own_debt"})
    assert "Move sent" in page and move is not None
    assert move.payload == {
        "targets": [carol, dave],
        "shift": {"target": carol, "direction": -1},
        "mode": "hold",
        "picks": ["lower_own_debt"],
    }


def test_wm_prep_01_preparation_spends_an_ingredient_as_a_free_action_before_the_move(intrigue: Any) -> None:
    page, move = _send(intrigue, {"kind": "preparation", "effect": "preparedness", "when": "before"})
    assert move is not None and move.payload == {"effect": "preparedness", "when": "before"}
    assert "Preparation" in page and "free action" in page


def test_wm_help_01_help_names_the_player_and_the_move(intrigue: Any) -> None:
    _page, move = _send(intrigue, {"kind": "help", "helped": intrigue.carol.key, "help_move": "spying"})
    assert move is not None and move.payload == {"helped": intrigue.carol.key, "move": "spying"}


def test_wm_exch_01_exchange_offers_an_item_and_a_bad_offer_is_refused(intrigue: Any) -> None:
    data = {"kind": "exchange", "partner": intrigue.carol.key, "give1_type": "ingredient", "give1_item": "grave_dust"}
    _page, move = _send(intrigue, data)
    assert move is not None
    assert move.payload == {"partner": intrigue.carol.key, "give": [{"type": "ingredient", "item": "grave_dust"}]}
    move.delete()
    page, refused = _send(intrigue, {**data, "give1_type": "service", "give1_text": " "})
    assert refused is None and "Offer exactly the allowed number of items" in page


def test_wm_rit_01_computing_the_ritual_needs_every_shelter(intrigue: Any) -> None:
    _page, move = _send(intrigue, {"kind": "compute_ritual"})  # Bob knows both other shelters
    assert move is not None and move.payload == {}
    url = f"/weeks/{intrigue.week.pk}/moves/send/"
    page = _as(intrigue.carol.user).post(url, {"kind": "compute_ritual"}, follow=True).content.decode()
    assert "You need valid shelter info on every other player still in the Game." in page
    assert not WeeklyMove.objects.filter(character=intrigue.carol).exists()


def test_wm_abl_01_an_ability_from_my_sheet_and_the_acting_companion(intrigue: Any) -> None:
    page = _as(intrigue.bob.user).get(f"/weeks/{intrigue.week.pk}/moves/").content.decode()
    assert "Vanish" in page and "Rook" in page and "vanish</option>" not in page
    _page, move = _send(intrigue, {"kind": "use_ability", "ability": "vanish"})
    assert move is not None and move.payload == {"ability": "vanish"}
    rook = intrigue.bob.companions[0]["id"]
    page, refused = _send(intrigue, {"kind": "ingredient_search", "companion": rook})
    assert refused is None and "A companion cannot take that move." in page  # GAP-01: not this move
    _page, prep = _send(intrigue, {"kind": "preparation", "effect": "heal", "companion": rook})
    assert prep is not None and prep.payload == {"effect": "heal", "companion": rook}


def test_the_withdraw_button_is_only_on_my_own_moves(intrigue: Any) -> None:
    intrigue.submit(intrigue.carol, "ingredient_search")
    page = _as(intrigue.world.gina).get(f"/weeks/{intrigue.week.pk}/moves/").content.decode()
    assert 'id="gm-h"' in page and "Withdraw" not in page
    assert "Withdraw" in _as(intrigue.carol.user).get(f"/weeks/{intrigue.week.pk}/moves/").content.decode()
