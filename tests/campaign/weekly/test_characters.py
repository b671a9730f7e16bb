"""The GM sets up and edits characters (spec §1); players read their own sheet whole, others' public face."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from campaign.models import CampaignEvent, Week
from campaign.weekly.models import Character, InfoHolding, Promise
from campaign.weekly.state import load_state
from tests.campaign.weekly.conftest import Intrigue

pytestmark = pytest.mark.django_db


def test_the_gm_creates_a_character_for_a_player_with_stable_companion_ids(intrigue: Intrigue) -> None:
    from campaign.services import membership_add
    from tests.support.world import make_user

    erin = make_user("erin")
    membership_add(campaign=intrigue.campaign, user=erin, role="player")
    gina = intrigue.client(intrigue.world.gina)
    body = {
        "user": erin.pk,
        "name": "Countess",
        "shadow": 2,
        "abilities": [{"id": "backup_shelter", "counter": "single_use", "effect": "relocate_shelter"}],
        "companions": [{"name": "Bat", "familiar": True}, {"name": "Wolf", "dangerous": True, "health": "wounded"}],
        "ingredients": ["grave_dust"],
    }
    r = gina.post(f"/api/v1/campaigns/{intrigue.campaign.pk}/characters/", body, format="json")
    assert r.status_code == 201, r.data
    key = r.data["key"]
    assert [c["id"] for c in r.data["companions"]] == [f"{key}c1", f"{key}c2"]
    # An edit keeps the ids of the companions it names and numbers the new one after them.
    companions = [{**r.data["companions"][1], "health": "healthy"}, {"name": "Owl"}]
    r = gina.patch(f"/api/v1/characters/{r.data['id']}/", {"companions": companions}, format="json")
    assert r.status_code == 200, r.data
    assert [(c["id"], c["health"]) for c in r.data["companions"]] == [(f"{key}c2", "healthy"), (f"{key}c3", "healthy")]
    state = load_state(campaign_id=intrigue.campaign.pk, week=1)
    assert state.players[key].shadow == 2 and state.players[key].companion(f"{key}c3") is not None
    assert CampaignEvent.objects.filter(kind="character_edited", visibility="gm").count() == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"status": "zombie"}, "invalid_character"),
        ({"companions": [{"name": "X", "health": "undead"}]}, "invalid_character"),
        ({"abilities": [{"id": "a", "counter": "sometimes"}]}, "invalid_character"),
        ({"companions": [{"id": "nope", "name": "X"}]}, "invalid_character"),
        ({"ritual_source": "computed"}, "invalid_character"),
        ({"nickname": "Bobby"}, None),
    ],
)
def test_it_refuses_a_bad_sheet_and_changes_nothing(intrigue: Intrigue, body: dict[str, Any], code: str | None) -> None:
    before = Character.objects.filter(pk=intrigue.bob.pk).values().get()
    r = intrigue.client(intrigue.world.gina).patch(f"/api/v1/characters/{intrigue.bob.pk}/", body, format="json")
    if code is None:  # unknown fields are ignored by the input serializer, as everywhere in the API
        assert r.status_code == 200
    else:
        assert r.status_code == 400 and r.data["code"] == code
    assert Character.objects.filter(pk=intrigue.bob.pk).values().get() == before


def test_wm_rit_01_out_of_the_game_sets_the_ever_out_flag(intrigue: Intrigue) -> None:
    r = intrigue.client(intrigue.world.gina).patch(
        f"/api/v1/characters/{intrigue.bob.pk}/", {"status": "out"}, format="json"
    )
    assert r.status_code == 200 and r.data["ever_out"] is True
    r = intrigue.client(intrigue.world.gina).patch(
        f"/api/v1/characters/{intrigue.bob.pk}/", {"status": "alive"}, format="json"
    )
    assert (r.data["status"], r.data["ever_out"]) == ("alive", True)


def test_only_the_gm_edits_characters(intrigue: Intrigue) -> None:
    for user, status in ((intrigue.world.bob, 403), (intrigue.world.alice, 403), (intrigue.world.oscar, 404)):
        r = intrigue.client(user).patch(f"/api/v1/characters/{intrigue.bob.pk}/", {"xp": 9}, format="json")
        assert r.status_code == status
        r = intrigue.client(user).put(
            f"/api/v1/characters/{intrigue.bob.pk}/info/", {"subject": intrigue.carol.pk, "count": 3}, format="json"
        )
        assert r.status_code == status
    assert Character.objects.get(pk=intrigue.bob.pk).xp == 0 and not InfoHolding.objects.exists()


def test_the_gm_sets_info_within_the_cap(intrigue: Intrigue) -> None:
    gina = intrigue.client(intrigue.world.gina)
    path = f"/api/v1/characters/{intrigue.bob.pk}/info/"
    r = gina.put(path, {"subject": intrigue.carol.pk, "count": 4}, format="json")
    assert r.status_code == 400 and r.data["code"] == "invalid_info"
    r = gina.put(path, {"subject": intrigue.bob.pk, "count": 1}, format="json")
    assert r.status_code == 400 and r.data["code"] == "invalid_subject"
    r = gina.put(path, {"subject": intrigue.carol.pk, "count": 2, "valid": False}, format="json")
    assert r.status_code == 200 and r.data["info"][0]["count"] == 2 and r.data["info"][0]["valid"] is False


def test_characters_cannot_change_while_a_week_resolves(intrigue: Intrigue) -> None:
    Week.objects.filter(pk=intrigue.week.pk).update(status="resolving", claimed_at=timezone.now())
    r = intrigue.client(intrigue.world.gina).patch(f"/api/v1/characters/{intrigue.bob.pk}/", {"xp": 9}, format="json")
    assert r.status_code == 409 and r.data["code"] == "week_resolving"


def test_wm_exch_02_the_gm_marks_a_promise_fulfilled_and_only_its_parties_see_it(intrigue: Intrigue) -> None:
    intrigue.know(intrigue.bob, intrigue.carol)
    intrigue.know(intrigue.carol, intrigue.bob)
    service = [{"type": "service", "text": "guard"}]
    intrigue.submit(intrigue.bob, "exchange", partner=intrigue.carol.key, give=service)
    herb = [{"type": "ingredient", "item": "wolfsbane"}]
    intrigue.submit(intrigue.carol, "exchange", partner=intrigue.bob.key, give=herb)
    intrigue.resolve()
    promise = Promise.objects.get()
    assert (promise.promiser_id, promise.beneficiary_id) == (intrigue.bob.pk, intrigue.carol.pk)
    assert promise.service == "guard"
    intrigue.refresh()
    assert "wolfsbane" in intrigue.bob.ingredients and "wolfsbane" not in intrigue.carol.ingredients
    path = f"/api/v1/promises/{promise.pk}/"
    assert intrigue.client(intrigue.dave).patch(path, {"fulfilled": True}, format="json").status_code == 404
    assert intrigue.client(intrigue.world.bob).patch(path, {"fulfilled": True}, format="json").status_code == 403
    r = intrigue.client(intrigue.world.gina).patch(path, {"fulfilled": True}, format="json")
    assert r.status_code == 200 and r.data["fulfilled"] is True
    carol = intrigue.client(intrigue.world.carol).get(f"/api/v1/characters/{intrigue.carol.pk}/").data
    assert carol["promises"][0]["fulfilled"] is True
    assert "guard" not in str(intrigue.client(intrigue.dave).get(f"/api/v1/characters/{intrigue.bob.pk}/").data)


def test_the_gm_orders_the_queue_wm_gen_01(intrigue: Intrigue) -> None:
    from campaign.weekly.models import MoveResult

    first = intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    second = intrigue.submit(intrigue.carol, "ingredient_search", mode="hold")
    path = f"/api/v1/weeks/{intrigue.week.pk}/queue/"
    assert intrigue.client(intrigue.world.bob).put(path, {"moves": [second.pk]}, format="json").status_code == 403
    r = intrigue.client(intrigue.world.gina).put(path, {"moves": [second.pk, 987]}, format="json")
    assert r.status_code == 400 and r.data["code"] == "invalid_queue"
    r = intrigue.client(intrigue.world.gina).put(path, {"moves": [second.pk]}, format="json")
    assert r.status_code == 200 and r.data["moves"] == [second.key]
    week = intrigue.week
    intrigue.resolve()
    assert list(MoveResult.objects.filter(week=week).order_by("index").values_list("move_id", flat=True)) == [
        second.pk,
        first.pk,
    ]
    r = intrigue.client(intrigue.world.gina).put(f"/api/v1/weeks/{week.pk}/queue/", {"moves": []}, format="json")
    assert r.status_code == 409
