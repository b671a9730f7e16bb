"""API tokens, one per device (django-rest-knox), at most ``TOKEN_LIMIT_PER_USER`` live per user."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from knox.models import AuthToken


@transaction.atomic
def auth_token_issue(*, user: Any, limit: int | None) -> tuple[AuthToken, str]:
    """A new token for one more device of ``user``; returns the row and the token string.

    Past ``limit`` live tokens, the least recently used ones are revoked rather than the login
    refused: someone logging in on a new phone must get in, and the device that loses its token
    is the one idle the longest (it logs in again). Tokens renew their expiry on use
    (``AUTO_REFRESH``), so the earliest expiry is the least recent use. Expired tokens go too.
    """
    now = timezone.now()
    tokens = AuthToken.objects.filter(user=user)
    tokens.filter(expiry__lte=now).delete()
    instance, token = AuthToken.objects.create(user=user)
    if limit is not None:
        others = (
            tokens.filter(Q(expiry__gt=now) | Q(expiry__isnull=True))
            .exclude(pk=instance.pk)
            .order_by(F("expiry").desc(nulls_first=True), "-created")
            .values_list("pk", flat=True)
        )
        revoked = list(others[limit - 1 :])
        if revoked:
            AuthToken.objects.filter(pk__in=revoked).delete()
    return instance, token
