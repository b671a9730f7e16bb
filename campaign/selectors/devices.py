"""The API tokens of an account as the owner sees them: the devices, with when each was last used."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import knox_settings


@dataclass(frozen=True)
class Device:
    id: int
    name: str
    created: datetime
    last_used: datetime | None
    token_pk: str


def devices_of(*, user: Any) -> list[Device]:
    """The live tokens of ``user``, the most recently used first. Knox renews a token's expiry on each use
    (``AUTO_REFRESH``, at most once a minute), so its last use is its expiry less the token's lifetime."""
    now = timezone.now()
    tokens = (
        AuthToken.objects.filter(user=user, device__isnull=False)
        .filter(Q(expiry__gt=now) | Q(expiry__isnull=True))
        .select_related("device")
        .order_by("-expiry", "-created")
    )
    ttl = knox_settings.TOKEN_TTL
    refreshes = knox_settings.AUTO_REFRESH and ttl is not None
    return [
        Device(
            id=token.device.pk,
            name=token.device.name,
            created=token.created,
            last_used=max(token.created, token.expiry - ttl) if refreshes and token.expiry else None,
            token_pk=token.pk,
        )
        for token in tokens
    ]
