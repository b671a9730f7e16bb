"""Ad hoc rolls in a campaign or outside one: the stream chosen here, the roll made by the referee.

In a campaign each visibility has the stream its audience may verify: public rolls
the week's public stream, GM-only and blind rolls the week's GM stream, self rolls
the roller's self stream of the week (``docs/hidden-rolls.md``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.models import Campaign, Week
from campaign.selectors.roles import role_of
from campaign.services.streams import open_week_of, week_gm_stream, week_public_stream, week_self_stream
from referee.models import LedgerEntry, RollStream, Visibility
from referee.services.ledger import roll_make
from referee.services.streams import user_stream_current


def stream_for(*, week: Week, visibility: str, user: Any) -> RollStream:
    """The stream of ``week`` a roll of ``visibility`` by ``user`` is drawn from (an unknown visibility: the
    public one, and ``roll_make`` refuses it)."""
    if visibility in (Visibility.GM, Visibility.BLIND):
        return week_gm_stream(week=week)
    if visibility == Visibility.SELF:
        return week_self_stream(week=week, user=user)
    return week_public_stream(week=week)


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
    """Roll for ``user``: in a campaign from its open week's streams (members only), else from the user's own."""
    if campaign is None:
        return roll_make(
            stream=user_stream_current(user=user), locked=True, user=user, notation=notation, purpose=purpose,
            visibility=visibility, label=label,
        )
    if role_of(viewer=user, campaign_id=campaign.pk) is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")  # existence stays secret
    stream = stream_for(week=open_week_of(campaign_id=campaign.pk), visibility=visibility, user=user)
    return roll_make(
        stream=stream, user=user, notation=notation, purpose=purpose, visibility=visibility, label=label
    )
