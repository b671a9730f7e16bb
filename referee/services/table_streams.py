"""A table's own roll stream (LIVE-TABLES §3): committed when the table opens, the seats'
contributions frozen into its salt when it starts, its seed revealed when it closes.

Never a week's stream: a week's seed is revealed when the week closes, and a table's deck
order must not be. Every roll on it is stored as ``sealed``: nobody, GM included, sees it
before the reveal; what the table learns of a roll comes through the table's events.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict
from referee.engine import fairness
from referee.models import Audience, RollStream
from referee.services.streams import stream_open


def table_stream_key(table_id: int) -> str:
    return f"table:{table_id}"


@transaction.atomic
def table_stream_open(*, key: str) -> RollStream:
    """A fresh stream for a table that is opening: its commitment is public from now on."""
    return stream_open(key=key, contributions={}, audience=Audience.TABLE)


@transaction.atomic
def table_stream_freeze(*, stream: RollStream, contributions: Mapping[str, str]) -> RollStream:
    """Mix the seats' contributions into the salt, once, before the first roll (at the table's start).

    The seed was committed when the table opened, so no seat can steer it by choosing a string,
    and the server cannot choose the seed after seeing the strings.
    """
    locked = RollStream.objects.select_for_update().get(pk=stream.pk)
    if locked.next_seq or locked.contributions:
        raise Conflict(_("This table's dice are already fixed."), code="stream_frozen")
    locked.contributions = dict(contributions)
    locked.salt = fairness.salt_for(stream=locked.key, contributions=contributions).hex()
    locked.save(update_fields=["contributions", "salt"])
    return locked
