"""The treasury: every movement of gold is a ledger line, and the treasury never goes negative."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.bounds import INTEGER_MAX
from campaign.lib.errors import RuleViolation
from roster.models import TreasuryEntry, Warband


def treasury_apply(
    *, warband: Warband, amount: int, reason: str, detail: str = "", actor: Any | None = None
) -> TreasuryEntry:
    """Add ``amount`` (negative to spend) to a warband locked by the caller, with its ledger line.

    The caller holds the warband row locked (``roster.services.context.locked``), so
    two purchases cannot both see the same balance; the database's check constraint
    is the last line of defence.
    """
    balance = warband.treasury + amount
    if balance < 0:
        raise RuleViolation(
            _("That costs %(cost)d gc but the treasury holds %(treasury)d gc.")
            % {"cost": -amount, "treasury": warband.treasury},
            code="insufficient_funds",
        )
    if balance > INTEGER_MAX:
        raise RuleViolation(
            _("A treasury holds at most %(n)d gc.") % {"n": INTEGER_MAX},
            code="treasury_too_large",
            fields={"treasury": [_("Too much gold.")]},
        )
    warband.treasury = balance
    warband.save(update_fields=["treasury"])
    return TreasuryEntry.objects.create(
        warband=warband, amount=amount, balance_after=balance, reason=reason, detail=detail[:200], actor=actor
    )
