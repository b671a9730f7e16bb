"""Idempotency keys for write endpoints a phone may retry.

A client sends ``Idempotency-Key: <up to 100 characters>``; the first
successful response for that key (per user) is stored with a fingerprint of
the request and replayed for every retry, so pressing "roll" or "buy" twice
over a flaky connection rolls or buys once. Reusing a key for a different
request is a 409. Two identical requests at the same moment serialise on the
key's unique constraint: the second waits, then replays the first's answer.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from rest_framework.request import Request
from rest_framework.response import Response

from campaign.lib.api.viewer import viewer
from campaign.lib.errors import Conflict, RuleViolation
from campaign.lib.models import IdempotencyRecord

HEADER = "Idempotency-Key"
MAX_KEY = 100
REPLAYED = "Idempotent-Replayed"


def _fingerprint(request: Request) -> str:
    body = json.dumps(request.data, sort_keys=True, default=str) if request.data else ""
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _replay(record: IdempotencyRecord, fingerprint: str) -> Response:
    if record.fingerprint != fingerprint:
        raise Conflict(
            _("This Idempotency-Key was already used for a different request; use a new key."),
            code="idempotency_key_reused",
        )
    response = Response(record.response_body, status=record.response_status)
    response[REPLAYED] = "true"
    return response


def idempotent(method: Callable[..., Response]) -> Callable[..., Response]:
    """Decorate an APIView's ``post``: honour an Idempotency-Key header when one is sent.

    The command and the building of its response run in one transaction, key or not: a response that
    fails to build (a 500) rolls the command back, so a command either succeeds and says so or changes
    nothing, and a phone's retry cannot buy twice.
    """

    @functools.wraps(method)
    def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        if not key:
            with transaction.atomic():
                return method(self, request, *args, **kwargs)
        if len(key) > MAX_KEY:
            raise RuleViolation(
                _("An Idempotency-Key is at most %(n)d characters.") % {"n": MAX_KEY},
                code="invalid_idempotency_key",
            )
        fingerprint = _fingerprint(request)
        existing = IdempotencyRecord.objects.filter(user=viewer(request), key=key).first()
        if existing is not None:
            return _replay(existing, fingerprint)
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(user=viewer(request), key=key, fingerprint=fingerprint)
                response = method(self, request, *args, **kwargs)
                record.response_status = response.status_code
                record.response_body = response.data
                record.save(update_fields=["response_status", "response_body"])
        except IntegrityError:
            return _replay(IdempotencyRecord.objects.get(user=viewer(request), key=key), fingerprint)
        return response

    wrapper.idempotent = True  # type: ignore[attr-defined]
    return wrapper


def is_idempotent(view_class: type, method: str) -> bool:
    """Whether ``view_class.<method>`` (or the one it overrides and calls) honours an Idempotency-Key."""
    return any(getattr(vars(cls).get(method), "idempotent", False) for cls in view_class.__mro__)
