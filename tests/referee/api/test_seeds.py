"""``/api/v1/rolls/seed/``: reading your seed never opens a stream; the first roll or a rotation does."""

import hashlib

import pytest

from referee.models import RollStream
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_reading_my_seed_before_any_roll_creates_no_stream(world: World) -> None:
    client = world.client(world.bob)
    for _ in range(3):
        body = client.get("/api/v1/rolls/seed/").json()
        assert body == {"current": None, "revealed": []}
    assert not RollStream.objects.filter(user=world.bob).exists()


def test_my_first_roll_opens_the_stream_the_seed_page_then_shows(world: World) -> None:
    client = world.client(world.bob)
    roll = client.post("/api/v1/rolls/", {"notation": "d6"}, format="json").json()
    current = client.get("/api/v1/rolls/seed/").json()["current"]
    assert current["key"] == roll["stream"] == f"user:{world.bob.pk}:1" and current["rolls"] == 1
    assert RollStream.objects.filter(user=world.bob).count() == 1


def test_a_rotation_before_any_roll_gives_a_commitment_to_roll_against(world: World) -> None:
    client = world.client(world.bob)
    rotated = client.post("/api/v1/rolls/seed/rotate/").json()
    assert rotated["revealed"]["rolls"] == 0
    current = client.get("/api/v1/rolls/seed/").json()["current"]
    assert current["key"] == rotated["current"]["key"] and current["seed"] is None
    roll = client.post("/api/v1/rolls/", {"notation": "d6"}, format="json").json()
    assert roll["stream"] == current["key"]
    revealed = client.post("/api/v1/rolls/seed/rotate/").json()["revealed"]
    assert hashlib.sha256(bytes.fromhex(revealed["seed"])).hexdigest() == current["commitment"]
