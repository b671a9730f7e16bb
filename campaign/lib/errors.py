"""Domain errors: what a service refuses, with a stable code and a message a person can act on.

Services raise these; one exception handler (``campaign.lib.api.errors``) maps them
to HTTP. Messages are user-facing, so they go through gettext.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar


class DomainError(Exception):
    """Base of every refusal a service makes. ``status`` is the HTTP status it maps to."""

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = "invalid"

    def __init__(
        self,
        detail: str,
        *,
        code: str | None = None,
        fields: Mapping[str, Any] | None = None,
        field: str | None = None,
    ) -> None:
        """``fields`` maps a field to its messages (never the value refused); ``field`` names the one field
        ``detail`` is about, which then is its message."""
        super().__init__(detail)
        self.detail = str(detail)
        self.code = code or self.default_code
        self.fields = dict(fields or {})
        if field is not None:
            self.fields[field] = [self.detail]


class RuleViolation(DomainError):
    """The game's rules forbid it (warband full, item not allowed, ...)."""

    status = 400
    default_code = "rule_violation"


class NotAllowed(DomainError):
    """The viewer may not do this."""

    status = 403
    default_code = "permission_denied"


class NotFound(DomainError):
    """The thing does not exist, or the viewer may not know it does."""

    status = 404
    default_code = "not_found"


class Conflict(DomainError):
    """The state moved on (already resolved, deadline passed, duplicate)."""

    status = 409
    default_code = "conflict"
