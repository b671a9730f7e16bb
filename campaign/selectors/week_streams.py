"""The roll streams of a week a viewer may verify, and what each one shows (``docs/verifying-rolls.md``).

A week's main stream (``campaign:<id>:week:<n>``) is public to every member: its commitment from the
start, its seed once the week has closed. A stream made for a narrower audience (hidden rolls) belongs in
this list only with the rule that decides who may see it; its seed shows only once it is revealed.
"""

from __future__ import annotations

from typing import Any

from campaign.models import Week
from referee.models import RollStream


def week_streams(*, week: Week, viewer: Any = None) -> list[RollStream]:
    """The week's streams ``viewer`` may verify (today: its main stream)."""
    stream = RollStream.objects.filter(week=week).first()
    return [stream] if stream is not None else []


def stream_view(stream: RollStream) -> dict[str, Any]:
    revealed = stream.revealed_at is not None
    return {
        "key": stream.key,
        "commitment": stream.commitment,
        "salt": stream.salt,
        "contributions": dict(stream.contributions or {}),
        "seed": stream.seed if revealed else None,
        "revealed_at": stream.revealed_at,
    }
