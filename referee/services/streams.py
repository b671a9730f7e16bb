"""Seeds: open a stream with a committed seed, reveal it, and each user's own stream.

The referee knows streams, not campaigns: a campaign's week opens its stream
through :func:`stream_open` (``campaign.services.streams``) and reveals it when it
closes. A user's own stream serves rolls outside campaigns; the user may rotate
it, which reveals the old seed so those rolls can be checked.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from referee.engine import fairness
from referee.models import RollStream


@transaction.atomic
def stream_open(*, key: str, contributions: dict[str, str], **owner: Any) -> RollStream:
    """A new stream under ``key``: draw its secret seed, publish its hash, freeze ``contributions`` into its salt.

    ``owner``: the row the stream belongs to (``campaign_id=..., week=...`` or ``user=...``).
    """
    seed = fairness.new_seed()
    return RollStream.objects.create(
        key=key,
        seed=seed.hex(),
        commitment=fairness.commitment(seed),
        contributions=contributions,
        salt=fairness.salt_for(stream=key, contributions=contributions).hex(),
        **owner,
    )


@transaction.atomic
def stream_reveal(*, stream: RollStream) -> RollStream:
    """Reveal a stream's seed (a closed week, a rotated user seed); idempotent."""
    if stream.revealed_at is None:
        stream.revealed_at = timezone.now()
        stream.save(update_fields=["revealed_at"])
    return stream


def _user_stream_create(user: Any, generation: int) -> RollStream:
    return stream_open(key=f"user:{user.pk}:{generation}", contributions={}, user=user)


@transaction.atomic(savepoint=False)
def user_stream_current(*, user: Any) -> RollStream:
    """The user's active stream for rolls outside campaigns, created on first use; returned locked."""
    stream = RollStream.objects.select_for_update().filter(user=user, revealed_at__isnull=True).first()
    if stream is not None:
        return stream
    generation = RollStream.objects.filter(user=user).count() + 1
    return _user_stream_create(user, generation)


@transaction.atomic
def user_stream_rotate(*, user: Any) -> tuple[RollStream, RollStream]:
    """Reveal the user's current seed and start a new one. Returns (revealed, new)."""
    old = user_stream_current(user=user)
    RollStream.objects.select_for_update().get(pk=old.pk)
    stream_reveal(stream=old)
    generation = RollStream.objects.filter(user=user).count() + 1
    return old, _user_stream_create(user, generation)
