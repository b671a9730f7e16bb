"""Submitting, changing and withdrawing secret moves (WM-GEN-01): checked at once against what the
author may know, refused with a 409 once the deadline has passed or the week is resolving."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from campaign.models import Week
from campaign.weekly.models import WeeklyMove
from tests.campaign.weekly.conftest import Intrigue

pytestmark = pytest.mark.django_db


def url(intrigue: Intrigue, move_id: int | None = None) -> str:
    base = f"/api/v1/weeks/{intrigue.week.pk}/moves/"
    return base if move_id is None else f"{base}{move_id}/"


def test_it_accepts_a_valid_move_and_lists_it_for_its_author(intrigue: Intrigue) -> None:
    bob = intrigue.client(intrigue.world.bob)
    r = bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {"mode": "hold"}}, format="json")
    assert r.status_code == 201, r.data
    assert r.data["kind"] == "ingredient_search" and r.data["character"] == intrigue.bob.pk
    listed = bob.get(url(intrigue))
    assert listed.data["count"] == 1 and listed.data["results"][0]["id"] == r.data["id"]


def test_wm_gen_01_it_refuses_a_second_move_but_takes_free_actions(intrigue: Intrigue) -> None:
    bob = intrigue.client(intrigue.world.bob)
    assert bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json").status_code == 201
    second = bob.post(url(intrigue), {"kind": "call_of_duty", "payload": {"targets": []}}, format="json")
    assert second.status_code == 400 and second.data["code"] == "too_many_moves"
    free = bob.post(url(intrigue), {"kind": "preparation", "payload": {"effect": "preparedness"}}, format="json")
    assert free.status_code == 201


def test_wm_gen_05_it_refuses_deadly_combat_in_week_1_with_the_engines_code(intrigue: Intrigue) -> None:
    intrigue.know(intrigue.bob, intrigue.carol)
    r = intrigue.client(intrigue.world.bob).post(
        url(intrigue), {"kind": "deadly_combat", "payload": {"target": intrigue.carol.key}}, format="json"
    )
    assert r.status_code == 400
    assert r.data["code"] == "week1_combat"
    assert r.data["detail"] == "Deadly combat is not allowed in week 1."


def test_wm_dut_04_it_checks_info_at_submission(intrigue: Intrigue) -> None:
    payload = {"targets": [intrigue.carol.key], "picks": ["shift_target_debt"]}
    bob = intrigue.client(intrigue.world.bob)
    r = bob.post(url(intrigue), {"kind": "call_of_duty", "payload": payload}, format="json")
    assert r.status_code == 400 and r.data["code"] == "needs_shelter"
    assert "targets" in r.data["fields"]
    intrigue.know(intrigue.bob, intrigue.carol)
    assert bob.post(url(intrigue), {"kind": "call_of_duty", "payload": payload}, format="json").status_code == 201


def test_it_rejects_an_unknown_kind_as_bad_shape(intrigue: Intrigue) -> None:
    r = intrigue.client(intrigue.world.bob).post(url(intrigue), {"kind": "arson", "payload": {}}, format="json")
    assert r.status_code == 400 and r.data["code"] == "invalid" and "kind" in r.data["fields"]
    assert WeeklyMove.objects.count() == 0


def test_it_edits_and_withdraws_a_move_keeping_its_place(intrigue: Intrigue) -> None:
    bob = intrigue.client(intrigue.world.bob)
    first = bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json").data
    changed = bob.patch(url(intrigue, first["id"]), {"payload": {"mode": "push"}}, format="json")
    assert changed.status_code == 200 and changed.data["payload"] == {"mode": "push"}
    assert changed.data["id"] == first["id"]
    bad = bob.patch(url(intrigue, first["id"]), {"kind": "deadly_combat"}, format="json")
    assert bad.status_code == 400 and WeeklyMove.objects.get(pk=first["id"]).kind == "ingredient_search"
    assert bob.delete(url(intrigue, first["id"])).status_code == 204
    assert not WeeklyMove.objects.exists()


def test_it_replays_a_submission_sent_twice_with_one_idempotency_key(intrigue: Intrigue) -> None:
    bob = intrigue.client(intrigue.world.bob)
    body = {"kind": "preparation", "payload": {"effect": "preparedness"}}
    one = bob.post(url(intrigue), body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    two = bob.post(url(intrigue), body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert one.status_code == two.status_code == 201 and one.data == two.data
    assert two["Idempotent-Replayed"] == "true" and WeeklyMove.objects.count() == 1


@pytest.mark.parametrize("method", ["post", "patch", "delete"])
def test_it_refuses_changes_after_the_deadline_with_a_409(intrigue: Intrigue, method: str) -> None:
    bob = intrigue.client(intrigue.world.bob)
    move = bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json").data
    Week.objects.filter(pk=intrigue.week.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    target = url(intrigue) if method == "post" else url(intrigue, move["id"])
    r = getattr(bob, method)(target, {"kind": "preparation", "payload": {"effect": "preparedness"}}, format="json")
    assert r.status_code == 409 and r.data["code"] == "deadline_passed"
    assert list(WeeklyMove.objects.values_list("kind", flat=True)) == ["ingredient_search"]


def test_it_refuses_changes_once_the_week_is_resolving_or_closed(intrigue: Intrigue) -> None:
    bob = intrigue.client(intrigue.world.bob)
    Week.objects.filter(pk=intrigue.week.pk).update(status="resolving", claimed_at=timezone.now())
    r = bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json")
    assert r.status_code == 409 and r.data["code"] == "week_not_open"
    Week.objects.filter(pk=intrigue.week.pk).update(status="closed", closed_at=timezone.now())
    r = bob.post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json")
    assert r.status_code == 409 and r.data["code"] == "week_not_open"


def test_only_a_player_with_a_character_submits(intrigue: Intrigue) -> None:
    for user in (intrigue.world.gina, intrigue.world.alice):
        r = intrigue.client(user).post(url(intrigue), {"kind": "ingredient_search", "payload": {}}, format="json")
        assert r.status_code == 403 and r.data["code"] == "no_character"
    r = intrigue.client(intrigue.world.oscar).post(url(intrigue), {"kind": "ingredient_search"}, format="json")
    assert r.status_code == 404 and r.data["code"] == "week_not_found"


def test_the_gm_lists_every_move_and_filters_them(intrigue: Intrigue) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search")
    intrigue.submit(intrigue.carol, "ingredient_search")
    intrigue.submit(intrigue.carol, "preparation", effect="preparedness")
    gina = intrigue.client(intrigue.world.gina)
    assert gina.get(url(intrigue)).data["count"] == 3
    assert gina.get(url(intrigue), {"character": intrigue.carol.pk}).data["count"] == 2
    assert gina.get(url(intrigue), {"kind": "preparation"}).data["count"] == 1
    one = gina.get(url(intrigue, WeeklyMove.objects.filter(character=intrigue.bob).get().pk))
    assert one.status_code == 200 and one.data["character"] == intrigue.bob.pk
    r = gina.patch(url(intrigue, one.data["id"]), {"payload": {}}, format="json")
    assert r.status_code == 403 and r.data["code"] == "not_the_author"


def test_wm_abl_04_a_per_week_ability_is_fresh_for_validation_in_a_new_week(intrigue: Intrigue) -> None:
    from campaign.weekly.services import character_update

    ability = {"id": "vanish", "counter": "per_week", "uses": 1, "used": 1}
    character_update(character=intrigue.bob, actor=intrigue.world.gina, changes={"abilities": [ability]})
    r = intrigue.client(intrigue.world.bob).post(
        url(intrigue), {"kind": "use_ability", "payload": {"ability": "vanish"}}, format="json"
    )
    assert r.status_code == 400 and r.data["code"] == "ability_spent"
    intrigue.next_week()
    r = intrigue.client(intrigue.world.bob).post(
        url(intrigue), {"kind": "use_ability", "payload": {"ability": "vanish"}}, format="json"
    )
    assert r.status_code == 201, r.data
    intrigue.bob.refresh_from_db()
    assert intrigue.bob.abilities[0]["used"] == 0


@pytest.mark.parametrize(
    "payload",
    [
        {f"k{i}": 1 for i in range(17)},
        {"target": "x" * 201},
        {"targets": list(range(51))},
        {"shift": {"a": {"b": {"c": 1}}}},
        {"target": 10**30},
    ],
)
def test_a_move_whose_details_have_no_moves_shape_is_a_400_and_stores_nothing(
    intrigue: Intrigue, payload: dict[str, Any]
) -> None:
    response = intrigue.client(intrigue.world.bob).post(
        f"/api/v1/weeks/{intrigue.week.pk}/moves/", {"kind": "spying", "payload": payload}, format="json"
    )
    assert response.status_code == 400, response.content
    assert "payload" in response.json()["fields"]
    assert not WeeklyMove.objects.filter(week=intrigue.week).exists()
