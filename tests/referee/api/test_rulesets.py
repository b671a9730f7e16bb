"""Rules packs and their tables, with the referee's quick look-up (?roll=N) and ETags."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_it_lists_the_rules_packs(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/")
    assert response.status_code == 200
    slugs = {p["slug"] for p in response.json()}
    assert "mordheim" in slugs


def test_it_shows_a_pack_with_its_tables(api: APIClient) -> None:
    body = api.get("/api/v1/rulesets/mordheim/").json()
    assert body["version"] == "1.0.0"
    assert "serious_injury_hero" in body["roll_tables"]
    assert "race_maximums" in body["tables"]


def test_it_returns_the_entry_for_a_roll(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/?roll=35")
    assert response.status_code == 200
    assert response.json()["entry"]["id"] == "INJ_DEEP_WOUND"
    assert response.json()["entry"]["name"] == "Deep Wound"


def test_it_answers_in_the_language_asked_for(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/?roll=11", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["entry"]["name"] == "МЁРТВ"


def test_it_refuses_a_d66_roll_the_dice_cannot_make(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/?roll=17")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_roll"
    assert "17 is not a possible D66 roll" in body["detail"]
    assert "11-16, 21-26, 31-36, 41-46, 51-56, 61-66" in body["detail"]


def test_it_refuses_a_2d6_roll_of_13(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/advance_hero/?roll=13")
    assert response.status_code == 400
    assert "valid values are 2-12" in response.json()["detail"]
    assert response.json()["fields"] == {"roll": [response.json()["detail"]]}


def test_it_refuses_a_roll_that_is_not_a_number(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/advance_hero/?roll=seven")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_roll"


def test_it_refuses_a_roll_on_a_table_without_dice(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/race_maximums/?roll=3")
    assert response.status_code == 400
    assert response.json()["code"] == "not_a_roll_table"


def test_it_names_the_tables_when_one_is_unknown(api: APIClient) -> None:
    response = api.get("/api/v1/rulesets/mordheim/tables/nope/")
    assert response.status_code == 404
    assert "serious_injury_hero" in response.json()["detail"]


def test_it_404s_an_unknown_pack_or_version(api: APIClient) -> None:
    assert api.get("/api/v1/rulesets/warhammer-40k/").json()["code"] == "not_found"
    assert api.get("/api/v1/rulesets/mordheim/?version=9.9").status_code == 404


def test_it_lets_a_phone_revalidate_with_an_etag(api: APIClient) -> None:
    first = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/")
    etag = first["ETag"]
    assert etag
    again = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    other = api.get("/api/v1/rulesets/mordheim/tables/serious_injury_hero/?roll=11", HTTP_IF_NONE_MATCH=etag)
    assert other.status_code == 200
