"""Under /api/, input the database cannot store or a parser cannot bound gets a 4xx in the one error
shape and changes nothing; a failure gets a JSON 500 that names no cause. Never an HTML page.

The NUL tests run on SQLite and on PostgreSQL; PostgreSQL is the one that refuses NUL in text, so
without the guards they are 500s there (``test_it_is_postgresql_that_refuses_nul``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db.utils import DataError
from knox.models import AuthToken
from rest_framework.test import APIClient

from campaign.models import Invitation
from campaign.weekly.models import WeeklyMove
from referee.models import LedgerEntry as Roll
from roster.models import BattleReport
from tests.campaign.weekly.conftest import Intrigue, make_intrigue
from tests.roster.aftermath.helpers import fight
from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db

SHAPE = {"code", "detail", "fields"}


def nested(depth: int, leaf: str = "1") -> str:
    """A JSON value ``depth`` arrays deep."""
    return "[" * depth + leaf + "]" * depth


def post_raw(client: APIClient, url: str, body: str | bytes, content_type: str = "application/json") -> Any:
    return client.generic("POST", url, body, content_type=content_type)  # type: ignore[arg-type]  # bytes too


def assert_refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == SHAPE and body["code"] == code, body
    return body


@pytest.fixture
def intrigue(world: World) -> Intrigue:
    return make_intrigue(world)


def moves_url(intrigue: Intrigue) -> str:
    return f"/api/v1/weeks/{intrigue.week.pk}/moves/"


# Deep JSON


@pytest.mark.parametrize("depth", [33, 1_000, 100_000])
def test_it_refuses_deep_json_at_login_and_issues_no_token(world: World, api: APIClient, depth: int) -> None:
    body = f'{{"username": "bob", "password": "{PASSWORD}", "device": {nested(depth)}}}'
    assert_refused(post_raw(api, "/api/v1/auth/login/", body), 400, "json_too_deep")
    assert AuthToken.objects.count() == 0


@pytest.mark.parametrize("depth", [33, 1_000, 100_000])
def test_it_refuses_a_deep_roll_request_and_rolls_nothing(world: World, depth: int) -> None:
    body = '{"notation": "d6", "purpose": ' + nested(depth, '"x"') + "}"
    assert_refused(post_raw(world.client(world.bob), "/api/v1/rolls/", body), 400, "json_too_deep")
    assert not Roll.objects.exists()


def test_it_refuses_a_deep_move_payload_and_stores_no_move(intrigue: Intrigue) -> None:
    deep: Any = "hold"
    for _ in range(40):
        deep = {"mode": deep}
    response = intrigue.client(intrigue.world.bob).post(
        moves_url(intrigue), {"kind": "ingredient_search", "payload": deep}, format="json"
    )
    body = assert_refused(response, 400, "json_too_deep")
    assert "payload.mode.mode" in body["detail"]
    assert not WeeklyMove.objects.exists()


def test_it_parses_json_as_deep_as_the_limit(world: World) -> None:
    # 32 levels in all: the object itself is the first.
    body = '{"notation": "d6", "purpose": ' + nested(31, '"x"') + "}"
    response = post_raw(world.client(world.bob), "/api/v1/rolls/", body)
    assert response.json()["code"] != "json_too_deep"


# NUL and lone surrogates in JSON


@pytest.mark.parametrize(
    "payload",
    [
        {"mode": "hold", "note": "before\x00after"},
        {"mode": "hold", "bad\x00key": 1},
        {"mode": "hold", "list": [1, ["deep", "\x00"]]},
    ],
    ids=["value", "key", "nested-list"],
)
def test_it_refuses_nul_anywhere_in_a_move_payload(intrigue: Intrigue, payload: dict[str, Any]) -> None:
    response = intrigue.client(intrigue.world.bob).post(
        moves_url(intrigue), {"kind": "ingredient_search", "payload": payload}, format="json"
    )
    body = assert_refused(response, 400, "invalid_character")
    assert "NUL" in body["detail"] and "payload" in body["detail"]
    assert not WeeklyMove.objects.exists()


@pytest.mark.parametrize("escape", ["\\u0000", "\\ud800", "\\udfff"])
def test_it_refuses_escaped_nul_and_lone_surrogates_in_a_roll(world: World, escape: str) -> None:
    body = '{"notation": "d6", "purpose": "x' + escape + 'y"}'
    assert_refused(post_raw(world.client(world.bob), "/api/v1/rolls/", body), 400, "invalid_character")
    assert not Roll.objects.exists()


def test_it_accepts_a_surrogate_pair_which_is_one_real_character(world: World) -> None:
    body = '{"notation": "d6", "purpose": "dragon \\ud83d\\udc09"}'
    response = post_raw(world.client(world.bob), "/api/v1/rolls/", body)
    assert response.status_code == 201, response.content
    assert Roll.objects.get().purpose == "dragon \U0001f409"


def test_it_refuses_nul_in_report_objectives_and_records_no_report(world: World) -> None:
    f = fight(world, confirmed=False)
    report = f.report(objectives={"wyrdstone\x00": 2})
    response = world.client(world.bob).post(f"/api/v1/battles/{f.battle.pk}/report/", report, format="json")
    assert_refused(response, 400, "invalid_character")
    assert not BattleReport.objects.exists()


def test_it_refuses_a_number_too_large_for_a_float(world: World) -> None:
    body = '{"notation": "d6", "purpose": "x", "extra": 1e400}'
    assert_refused(post_raw(world.client(world.bob), "/api/v1/rolls/", body), 400, "invalid_number")


def test_it_still_answers_malformed_json_with_a_parse_error(world: World) -> None:
    body = assert_refused(post_raw(world.client(world.bob), "/api/v1/rolls/", '{"notation": '), 400, "parse_error")
    assert body["detail"].startswith("JSON parse error - ")


# Bodies that are not JSON, and NUL in paths and query strings


@pytest.mark.parametrize(
    "body, content_type",
    [
        ("username=bob&password=x%00y", "application/x-www-form-urlencoded"),
        (f"username=bob&password={PASSWORD}", "application/x-www-form-urlencoded"),
        (f"username=bob&password={PASSWORD}", "text/plain"),
    ],
)
def test_it_refuses_a_body_that_is_not_json_with_a_json_415(
    world: World, api: APIClient, body: str, content_type: str
) -> None:
    """The API reads JSON only (the contract offers one body type), so a form logs nobody in."""
    response = post_raw(api, "/api/v1/auth/login/", body, content_type)
    assert_refused(response, 415, "unsupported_media_type")
    assert AuthToken.objects.count() == 0


def test_it_refuses_a_multipart_login_with_a_json_415(world: World, api: APIClient) -> None:
    response = api.post("/api/v1/auth/login/", {"username": "bob", "password": PASSWORD}, format="multipart")
    assert_refused(response, 415, "unsupported_media_type")
    assert AuthToken.objects.count() == 0


def test_it_still_logs_in_with_json(world: World, api: APIClient) -> None:
    response = api.post("/api/v1/auth/login/", {"username": "bob", "password": PASSWORD}, format="json")
    assert response.status_code == 200, response.content


def test_it_refuses_nul_in_the_path(world: World) -> None:
    Invitation.objects.all().delete()
    response = world.client(world.bob).get("/api/v1/invitations/%00/")
    body = assert_refused(response, 400, "invalid_character")
    assert "NUL" in body["detail"]


@pytest.mark.parametrize("query", ["kind=%00", "k%00ind=x", "kind=ok&kind=a%00"])
def test_it_refuses_nul_in_the_query_string(world: World, query: str) -> None:
    response = world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?{query}")
    assert_refused(response, 400, "invalid_character")


def test_it_still_filters_with_an_ordinary_query_string(world: World) -> None:
    response = world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?kind=correction")
    assert response.status_code == 200


def test_it_answers_nul_outside_the_api_as_a_page_not_json(client: Any) -> None:
    """A web address with NUL is refused before any view (a 400, issue 30), as a plain page, not the API's JSON."""
    response = client.get("/campaigns/%00/")
    assert response.status_code == 400
    assert not response["Content-Type"].startswith("application/json")


@pytest.mark.postgres
def test_it_is_postgresql_that_refuses_nul(world: World) -> None:
    """Why the guards exist: the database refuses these lookups and writes outright."""
    with pytest.raises((ValueError, DataError)):
        Invitation.objects.filter(code="\x00").exists()


@pytest.mark.postgres
def test_it_answers_nul_with_a_400_on_postgresql_too(world: World, intrigue: Intrigue) -> None:
    bob = world.client(world.bob)
    assert_refused(bob.get("/api/v1/invitations/%00/"), 400, "invalid_character")
    assert_refused(bob.get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?kind=%00"), 400, "invalid_character")
    move = {"kind": "ingredient_search", "payload": {"mode": "hold", "note": "\x00"}}
    assert_refused(bob.post(moves_url(intrigue), move, format="json"), 400, "invalid_character")
    assert not WeeklyMove.objects.exists()


# Size and field-count limits


def test_it_refuses_a_10_mb_body_with_a_json_413(world: World) -> None:
    body = json.dumps({"notation": "d6", "purpose": "x" * 10_000_000})
    body_ = assert_refused(post_raw(world.client(world.bob), "/api/v1/rolls/", body), 413, "request_too_large")
    assert "bytes" in body_["detail"]
    assert not Roll.objects.exists()


def test_it_refuses_a_body_over_the_limit_whatever_its_type(world: World, api: APIClient, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    form = "username=bob&password=" + "x" * 2_000
    url = "/api/v1/auth/login/"
    assert_refused(post_raw(api, url, form, "application/x-www-form-urlencoded"), 413, "request_too_large")
    assert_refused(post_raw(api, url, b"\x00" * 2_000, "application/octet-stream"), 413, "request_too_large")


def test_it_refuses_too_many_query_parameters_with_a_json_400(world: World) -> None:
    query = "&".join(f"f{i}=1" for i in range(1_001))
    response = world.client(world.alice).get(f"/api/v1/campaigns/{world.campaign.pk}/timeline/?{query}")
    assert_refused(response, 400, "too_many_fields")


# Failures


def test_it_answers_an_unexpected_failure_with_a_json_500_that_names_no_cause(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def explode(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("db password is hunter2")

    monkeypatch.setattr("campaign.api.auth.MeView.get", explode)
    client = world.client(world.bob)
    client.raise_request_exception = False
    response = client.get("/api/v1/me/")
    body = assert_refused(response, 500, "server_error")
    assert body["fields"] == {}
    assert b"hunter2" not in response.content and b"Traceback" not in response.content
    assert "hunter2" in caplog.text  # the cause is logged, for us


def test_it_answers_a_bad_host_under_the_api_with_json(api: APIClient) -> None:
    response = api.get("/api/v1/me/", HTTP_HOST="evil.example")
    assert_refused(response, 400, "bad_request")


def test_it_keeps_django_pages_for_failures_outside_the_api(rf: Any) -> None:
    from campaign.lib.http_guards import bad_request, server_error

    assert not server_error(rf.get("/warbands/1/"))["Content-Type"].startswith("application/json")
    assert not bad_request(rf.get("/accounts/login/"))["Content-Type"].startswith("application/json")
    assert server_error(rf.get("/api/v1/me/"))["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    "url", ["/join/ab%00cd/", "/accounts/password/reset/key/1-set%00x/", "/?next=%00", "/campaigns/1/?x=a%00b"]
)
def test_a_nul_anywhere_in_a_web_address_is_a_400_not_a_500(world: World, url: str) -> None:
    """PostgreSQL refuses NUL in text: a web page looking a code up by it would answer 500 (issue 30)."""
    from django.test import Client

    web = Client()
    web.force_login(world.bob)
    response = web.get(url)
    assert response.status_code == 400, url
    assert "NUL (U+0000)" in response.content.decode()
