"""The small named world for permission tests: Alice the organiser, Bob and Carol the players,
Gina the GM, and Oscar, who plays in another campaign; plus API clients logged in as each."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from campaign.models import Campaign, Week
from campaign.services import campaign_create, membership_add, week_open
from referee.models import RulesPack
from referee.served_packs import get_pack
from referee.services.rules_packs import rules_pack_sync

PASSWORD = "correct horse battery staple"


@dataclass
class World:
    alice: Any
    bob: Any
    carol: Any
    gina: Any
    oscar: Any
    campaign: Campaign
    other_campaign: Campaign

    def client(self, user: Any | None) -> APIClient:
        """An API client authenticated with a real token for ``user`` (anonymous for None)."""
        client = APIClient()
        if user is not None:
            _, token = AuthToken.objects.create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        return client

    @staticmethod
    def browser(user: Any) -> Client:
        """A web client (Django's test client) with ``user`` logged in, for the pages."""
        client = Client()
        client.force_login(user)
        return client


def mordheim_pack() -> RulesPack:
    pack = get_pack("mordheim")
    assert pack is not None
    row, _ = rules_pack_sync(pack=pack)
    return row


def make_user(username: str) -> Any:
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


@pytest.fixture
def world(db: None) -> World:
    users = {name: make_user(name) for name in ("alice", "bob", "carol", "gina", "oscar")}
    pack = mordheim_pack()
    campaign = campaign_create(name="Mordheim league", rules_pack=pack, organiser=users["alice"])
    membership_add(campaign=campaign, user=users["bob"], role="player")
    membership_add(campaign=campaign, user=users["carol"], role="player")
    membership_add(campaign=campaign, user=users["gina"], role="gm")
    other = campaign_create(name="Other league", rules_pack=pack, organiser=users["oscar"])
    return World(campaign=campaign, other_campaign=other, **users)


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def open_week(campaign: Campaign, days: int = 7) -> Week:
    """Open the campaign's next week with a deadline ``days`` from now."""
    return week_open(campaign=campaign, deadline=timezone.now() + timedelta(days=days))
