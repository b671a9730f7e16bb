"""Ad hoc rolls in a campaign or outside one: the stream chosen here, the roll made by the referee."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.models import Campaign
from campaign.selectors.roles import role_of
from campaign.services.streams import open_week_stream
from referee.models import LedgerEntry, Visibility
from referee.services.ledger import roll_make
from referee.services.streams import user_stream_current


@transaction.atomic
def roll_ad_hoc(
    *,
    user: Any,
    notation: str,
    purpose: str,
    visibility: str = Visibility.PUBLIC,
    campaign: Campaign | None = None,
    label: str = "",
) -> LedgerEntry:
    """Roll for ``user``: in a campaign from its open week's stream (members only), else from the user's own."""
    if campaign is None:
        return roll_make(
            stream=user_stream_current(user=user), locked=True, user=user, notation=notation, purpose=purpose,
            visibility=visibility, label=label,
        )
    if role_of(viewer=user, campaign_id=campaign.pk) is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")  # existence stays secret
    return roll_make(
        stream=open_week_stream(campaign_id=campaign.pk), user=user, notation=notation, purpose=purpose,
        visibility=visibility, label=label,
    )
