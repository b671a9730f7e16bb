"""The campaign timeline: one service every app calls to record what happened."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from campaign.models import Campaign, CampaignEvent, Week

#: Kinds whose payload must carry an integer ``amount`` for a warband (standings sum them).
COUNTED_KINDS = frozenset({"xp_gained", "shards_found"})


def event_record(
    *,
    campaign: Campaign,
    kind: str,
    payload: Mapping[str, Any] | None = None,
    warband: Any | None = None,
    battle: Any | None = None,
    week: Week | None = None,
    actor: Any | None = None,
    visibility: str = CampaignEvent.Visibility.PUBLIC,
) -> CampaignEvent:
    """Add an entry to the campaign's timeline (kinds and payloads: see ``CampaignEvent``).

    ``xp_gained`` and ``shards_found`` need a ``warband`` and an integer ``payload["amount"]``;
    the warband's id is copied into the payload. ``warband`` and ``battle`` are rows of the game
    system's app (the league core knows no system). A mismatch (a warband or battle of
    another campaign, a missing amount) is a programming error and raises ``ValueError``.
    """
    data = dict(payload or {})
    if not kind or len(kind) > 40:
        raise ValueError(f"event kind {kind!r} must be 1 to 40 characters")
    if visibility not in CampaignEvent.Visibility.values:
        raise ValueError(f"unknown event visibility {visibility!r}")
    if warband is not None and warband.campaign_id != campaign.pk:
        raise ValueError(f"warband {warband.pk} is not in campaign {campaign.pk}")
    if battle is not None and battle.campaign_id != campaign.pk:
        raise ValueError(f"battle {battle.pk} is not in campaign {campaign.pk}")
    if week is not None and week.campaign_id != campaign.pk:
        raise ValueError(f"week {week.pk} is not in campaign {campaign.pk}")
    if kind in COUNTED_KINDS:
        amount = data.get("amount")
        if warband is None:
            raise ValueError(f"a {kind} event needs its warband")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise ValueError(f"a {kind} event needs an integer payload amount, got {amount!r}")
    if warband is not None:
        data.setdefault("warband", warband.pk)
    event = CampaignEvent(
        campaign=campaign,
        kind=kind,
        warband=warband,
        battle=battle,
        week=week if week is not None else (battle.week if battle is not None else None),
        payload=data,
        visibility=visibility,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
    )
    pending = _pending.get()
    if pending is not None:
        pending.append(event)  # no savepoint per entry: the batch is one INSERT in the caller's transaction
    else:
        event.save()  # one INSERT, atomic by itself
    return event


_pending: ContextVar[list[CampaignEvent] | None] = ContextVar("muster_pending_events", default=None)


@contextmanager
def events_batched() -> Iterator[None]:
    """Record the events made inside in one INSERT at the end (a battle's aftermath makes dozens)."""
    batch: list[CampaignEvent] = []
    token = _pending.set(batch)
    try:
        yield
    finally:
        _pending.reset(token)
    CampaignEvent.objects.bulk_create(batch)
