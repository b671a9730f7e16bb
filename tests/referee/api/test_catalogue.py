"""The catalogue a phone builds a warband from: every warband list, the price chart and the skills, typed,
localized and cacheable; and a warband built through the API from nothing but what the catalogue served."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.support.world import World

pytestmark = pytest.mark.django_db

CATALOGUE = "/api/v1/rulesets/mordheim/catalogue/"


def test_it_serves_every_warband_list_with_types_costs_limits_and_gold(api: APIClient) -> None:
    body = api.get(CATALOGUE).json()
    lists = {wl["slug"]: wl for wl in body["warband_lists"]}
    assert len(lists) == 8
    reikland = lists["reikland"]
    assert (reikland["starting_gold"], reikland["max_warriors"], reikland["max_heroes"]) == (500, 15, 6)
    captain = next(t for t in reikland["warrior_types"] if t["type"] == reikland["leader_type"])
    assert captain["leader"] is True and captain["kind"] == "hero"
    assert captain["profile"] == {"M": 4, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8}
    assert captain["equipment_list"] in {e["id"] for e in reikland["equipment_lists"]}
    assert set(captain["skill_lists"]) <= {s["id"] for s in body["skill_lists"]}
    skaven = lists["skaven_eshin"]
    assert skaven["skill_lists"][0]["skills"], "a list's own skill list comes with its skills"


def test_list_prices_are_the_prices_buy_charges(api: APIClient) -> None:
    body = api.get("/api/v1/rulesets/mordheim/warband-lists/reikland/").json()
    options = {o["item"]: o for e in body["equipment_lists"] for o in e["options"]}
    assert options["sword"]["price"] == 10
    assert options["dagger"]["first_free"] is True
    chart = {i["id"]: i for i in api.get(CATALOGUE).json()["equipment"]}
    assert chart["sword"]["cost"] == 10 and chart["sword"]["rarity"] is None


def test_the_skills_come_with_their_lists_and_restrictions(api: APIClient) -> None:
    body = api.get(CATALOGUE).json()
    skills = {s["id"]: s for s in body["skills"]}
    assert skills["haggle"]["list"] == "academic"
    assert skills["battle_tongue"]["restrictions"]["leader_only"] is True
    assert skills["nimble"]["restrictions"]["incompatible_with"] == ["quick_shot"]
    academic = next(sl for sl in body["skill_lists"] if sl["id"] == "academic")
    assert "streetwise" in academic["skills"]


def test_it_answers_in_the_language_asked_for(api: APIClient) -> None:
    ru = api.get(CATALOGUE, HTTP_ACCEPT_LANGUAGE="ru").json()
    reikland = next(wl for wl in ru["warband_lists"] if wl["slug"] == "reikland")
    assert reikland["name"] == reikland["names"]["ru"] != reikland["names"]["en"]
    sword = next(i for i in ru["equipment"] if i["id"] == "sword")
    assert sword["name"] == "Меч"


def test_it_revalidates_with_an_etag_per_language(api: APIClient) -> None:
    first = api.get(CATALOGUE)
    assert api.get(CATALOGUE, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert api.get(CATALOGUE, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_LANGUAGE="ru").status_code == 200
    one = api.get("/api/v1/rulesets/mordheim/warband-lists/undead/")
    assert api.get("/api/v1/rulesets/mordheim/warband-lists/undead/", HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 304


def test_it_404s_an_unknown_list_naming_the_lists(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/warband-lists/orcs/")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_warband_list"
    assert "reikland" in response.json()["detail"]


def test_the_schema_types_the_catalogue(api: APIClient) -> None:
    schema = api.get("/api/v1/schema/?format=json").json()
    components = schema["components"]["schemas"]
    warrior = components["WarriorType"]["properties"]
    assert warrior["profile"]["$ref"].endswith("/Profile")
    assert components["Catalogue"]["properties"]["warband_lists"]["items"]["$ref"].endswith("/WarbandList")
    op = schema["paths"]["/api/v1/rulesets/{slug}/warband-lists/{list_slug}/"]["get"]
    assert "404" in op["responses"]


def _cheapest_common(options: list[dict[str, Any]], chart: dict[str, Any]) -> dict[str, Any] | None:
    usable = [
        o
        for o in options
        if o["rarity"] is None
        and not o["first_free"]
        and not o["only"]
        and o["variable_cost"] is None
        and chart[o["item"]]["category"] != "misc"
    ]
    return min(usable, key=lambda o: (o["price"], o["item"]), default=None)


@pytest.mark.parametrize(
    "list_slug",
    [
        "cult_of_the_possessed",
        "marienburg",
        "middenheim",
        "reikland",
        "sisters_of_sigmar",
        "skaven_eshin",
        "undead",
        "witch_hunters",
    ],
)
def test_a_phone_builds_a_legal_warband_from_the_catalogue_alone(world: World, list_slug: str) -> None:
    """GIVEN only the catalogue WHEN Bob founds, hires and buys through the API THEN every price is the
    catalogue's, the treasury is what the catalogue says is left, and the organiser can approve it."""
    bob = world.client(world.bob)
    campaign = bob.get(f"/api/v1/campaigns/{world.campaign.pk}/").json()
    pack = campaign["rules_pack"]
    catalogue = bob.get(f"/api/v1/rulesets/{pack['slug']}/catalogue/?version={pack['version']}").json()
    chart = {i["id"]: i for i in catalogue["equipment"]}
    wl = next(w for w in catalogue["warband_lists"] if w["slug"] == list_slug)
    equipment = {e["id"]: e["options"] for e in wl["equipment_lists"]}
    founded = bob.post("/api/v1/warbands/", {"campaign": world.campaign.pk, "list": wl["slug"], "name": "Built"})
    assert founded.status_code == 201, founded.json()
    warband = founded.json()["id"]
    gold = wl["starting_gold"]
    assert founded.json()["treasury"] == gold

    leader = next(t for t in wl["warrior_types"] if t["type"] == wl["leader_type"])
    kit = _cheapest_common(equipment.get(leader["equipment_list"], []), chart) if leader["equipment_list"] else None
    hired = bob.post(
        f"/api/v1/warbands/{warband}/hire/",
        {"type": leader["type"], "name": "Boss", "equipment": [kit["item"]] if kit else []},
        format="json",
    )
    assert hired.status_code == 200, hired.json()
    gold -= leader["cost"] + (kit["price"] if kit else 0)
    assert hired.json()["warband"]["treasury"] == gold
    if kit:
        [boss] = hired.json()["warband"]["warriors"]
        assert [(e["item"], e["price_paid"]) for e in boss["equipment"]] == [(kit["item"], kit["price"])]

    henchmen = [
        t
        for t in wl["warrior_types"]
        if t["kind"] == "henchman" and (t["max"] is None or t["max"] >= 2) and (t["group_size_max"] or 5) >= 2
    ]
    cheapest = min(henchmen, key=lambda t: (t["cost"], t["type"]))
    size = max(2, wl["min_warriors"] - 1)
    group = bob.post(f"/api/v1/warbands/{warband}/hire/", {"type": cheapest["type"], "count": size}, format="json")
    assert group.status_code == 200, group.json()
    gold -= cheapest["cost"] * size
    assert group.json()["warband"]["treasury"] == gold
    assert sum(w["count"] for w in group.json()["warband"]["warriors"]) >= wl["min_warriors"]

    submitted = bob.post(f"/api/v1/warbands/{warband}/submit/")
    assert submitted.status_code == 200, submitted.json()
    approved = world.client(world.alice).post(f"/api/v1/warbands/{warband}/approve/")
    assert approved.status_code == 200, approved.json()
    assert approved.json()["warband"]["status"] == "approved"
