"""A user keeps at most TOKEN_LIMIT_PER_USER API tokens: one more login revokes the least recently
used device's token instead of refusing the login (a new phone must get in)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import CONSTANTS, knox_settings
from rest_framework.test import APIClient

from campaign.services.tokens import auth_token_issue
from tests.support.world import PASSWORD, World

pytestmark = pytest.mark.django_db


def login(username: str = "bob") -> str:
    response = APIClient().post("/api/v1/auth/login/", {"username": username, "password": PASSWORD}, format="json")
    assert response.status_code == 200, response.content
    return str(response.json()["token"])


def works(token: str) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/v1/me/").status_code == 200


def test_25_logins_leave_at_most_the_cap_and_the_newest_works(world: World) -> None:
    cap = knox_settings.TOKEN_LIMIT_PER_USER
    assert cap == 20
    tokens = [login() for _ in range(25)]
    assert AuthToken.objects.filter(user=world.bob).count() == cap
    assert works(tokens[-1])
    assert [works(t) for t in tokens[:5]] == [False] * 5  # the five oldest, idle the longest, are gone
    assert works(tokens[5])


def test_it_revokes_the_least_recently_used_token_not_the_first_issued(world: World) -> None:
    cap = knox_settings.TOKEN_LIMIT_PER_USER
    daily_phone, *others = [login() for _ in range(cap)]
    # AUTO_REFRESH moves a token's expiry on use: the phone was used just now, the rest long ago.
    long_ago = timezone.now() + knox_settings.TOKEN_TTL - timedelta(days=30)
    phone_key = daily_phone[: CONSTANTS.TOKEN_KEY_LENGTH]
    AuthToken.objects.exclude(token_key=phone_key).update(expiry=long_ago)
    AuthToken.objects.filter(token_key=phone_key).update(expiry=timezone.now() + knox_settings.TOKEN_TTL)
    new_phone = login()
    assert works(daily_phone) and works(new_phone)
    assert sum(works(t) for t in others) == cap - 2


def test_it_caps_each_user_on_their_own(world: World) -> None:
    cap = knox_settings.TOKEN_LIMIT_PER_USER
    carols = login("carol")
    for _ in range(cap + 1):
        login("bob")
    assert works(carols)
    assert AuthToken.objects.filter(user=world.carol).count() == 1


def test_issuing_clears_the_users_expired_tokens(world: World) -> None:
    AuthToken.objects.create(user=world.bob, expiry=timedelta(seconds=-1))
    instance, _ = auth_token_issue(user=world.bob, limit=5)
    assert list(AuthToken.objects.filter(user=world.bob)) == [instance]


def test_a_limit_of_one_keeps_only_the_new_token(world: World) -> None:
    for _ in range(3):
        auth_token_issue(user=world.bob, limit=1)
    instance, token = auth_token_issue(user=world.bob, limit=1)
    assert list(AuthToken.objects.filter(user=world.bob)) == [instance]
    assert works(token)
