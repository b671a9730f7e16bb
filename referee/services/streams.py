"""Seeds: open a stream with a committed seed, reveal it, and each user's own stream.

The referee knows streams, not campaigns: a campaign's week opens its streams
through :func:`stream_open` (``campaign.services.streams``) and reveals them when it
closes. A user's own stream serves rolls outside campaigns; the user may rotate
it, which reveals the old seed so those rolls can be checked.

A user's stream is created once: the user's row is locked before the active
stream is looked up, so two first rolls at once (or a rotation racing a roll)
queue behind each other instead of both creating one; the partial unique
constraint ``one_active_stream_per_user`` is the database's guarantee beneath.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from referee.engine import fairness
from referee.models import Audience, RollStream


@transaction.atomic
def stream_open(*, key: str, contributions: dict[str, str], **owner: Any) -> RollStream:
    """A new stream under ``key``: draw its secret seed, publish its hash, freeze ``contributions`` into its salt.

    ``owner``: the row the stream belongs to and who sees it (``campaign_id=..., week=..., audience=...``
    or ``user=..., audience=Audience.USER``).
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
    """Reveal a stream's seed (a closed week, a rotated user seed); idempotent. Who sees it is the selectors'."""
    if stream.revealed_at is None:
        stream.revealed_at = timezone.now()
        stream.save(update_fields=["revealed_at"])
    return stream


def _user_locked(user: Any) -> None:
    """Serialise every creation and rotation of ``user``'s stream on the user's row."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()


def _user_stream_create(user: Any) -> RollStream:
    generation = RollStream.objects.filter(user=user).count() + 1  # under the user's lock: no two alike
    return stream_open(key=f"user:{user.pk}:{generation}", contributions={}, user=user, audience=Audience.USER)


@transaction.atomic(savepoint=False)
def user_stream_current(*, user: Any) -> RollStream:
    """The user's active stream for rolls outside campaigns, created on first use; returned locked."""
    _user_locked(user)
    stream = RollStream.objects.select_for_update().filter(user=user, revealed_at__isnull=True).first()
    if stream is not None:
        return stream
    return _user_stream_create(user)


@transaction.atomic
def user_stream_rotate(*, user: Any) -> tuple[RollStream, RollStream]:
    """Reveal the user's current seed and start a new one. Returns (revealed, new)."""
    old = user_stream_current(user=user)  # the user's row and the stream are locked from here to commit
    stream_reveal(stream=old)
    return old, _user_stream_create(user)
