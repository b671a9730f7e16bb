"""Push: a seat's socket gets ``{"table", "seq"}`` when its seat is shown something new, and nothing
else; a user without a seat is refused at the handshake (LIVE-TABLES §5, §8)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from knox.models import AuthToken

from campaign.asgi import application
from referee.tables import services as svc
from tests.support.world import World

pytestmark = pytest.mark.django_db(transaction=True)


def run_async(scenario: Callable[[], Awaitable[Any]]) -> Any:
    """Run on a thread of its own: a browser test may have left this thread's event loop set."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(scenario())).result(timeout=60)  # type: ignore[arg-type]


def socket(user: Any, table: int) -> WebsocketCommunicator:
    _, token = AuthToken.objects.create(user=user)
    return WebsocketCommunicator(application, f"/ws/tables/{table}/",
                                 headers=[(b"authorization", f"Token {token}".encode()), (b"host", b"localhost"),
                                          (b"origin", b"http://localhost")])


def test_a_seat_is_nudged_with_only_the_table_and_its_seq(world: World) -> None:
    session = svc.table_create(creator=world.bob, system_slug="doomtrooper", campaign_id=world.campaign.pk)
    svc.table_join(session=session, user=world.carol)
    svc.table_start(session=session, user=world.bob, first="s1")
    carol = socket(world.carol, session.pk)

    async def scenario() -> tuple[bool, dict, bool]:
        connected, _ = await carol.connect()
        from channels.db import database_sync_to_async

        await database_sync_to_async(svc.table_command)(session=session, user=world.bob, kind="report_draw",
                                                         payload={"hand_count": 7})
        message = await carol.receive_json_from(timeout=5)
        quiet = await carol.receive_nothing(timeout=0.2)
        await carol.disconnect()
        return connected, message, quiet

    connected, message, quiet = run_async(scenario)
    seat = session.seats.get(user=world.carol)
    assert connected and message == {"table": session.pk, "seq": seat.view_seq} and quiet


def test_a_user_without_a_seat_is_refused(world: World) -> None:
    session = svc.table_create(creator=world.bob, system_slug="doomtrooper", campaign_id=world.campaign.pk)

    oscar = socket(world.oscar, session.pk)

    async def scenario() -> tuple[bool, int | None]:
        connected, code = await oscar.connect()
        return connected, code

    connected, code = run_async(scenario)
    assert not connected and code == 4403
