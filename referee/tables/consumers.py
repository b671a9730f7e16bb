"""The table nudge over a WebSocket: ``/ws/tables/<id>/``. A seated user's socket joins its seat's
group and receives ``{"table": id, "seq": n}`` whenever its seat is shown something new; never game
data (the phone then fetches ``events?after=``). Anyone else is refused at the handshake."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from referee.table_models import TableSeat
from referee.tables.log import group_name

NOT_SEATED = 4403


@database_sync_to_async
def _seat_id(user: Any, table_id: int) -> int | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return TableSeat.objects.filter(session_id=table_id, user=user).values_list("pk", flat=True).first()


class TableNudgeConsumer(AsyncJsonWebsocketConsumer):
    group = ""

    async def connect(self) -> None:
        table_id = int(self.scope["url_route"]["kwargs"]["pk"])
        seat = await _seat_id(self.scope.get("user"), table_id)
        if seat is None:
            await self.close(code=NOT_SEATED)
            return
        self.group = group_name(table_id, seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def table_nudge(self, event: dict[str, Any]) -> None:
        await self.send_json({"table": event["table"], "seq": event["seq"]})
