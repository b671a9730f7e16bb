"""The roll streams of a week a viewer may verify, and what each one shows (``docs/verifying-rolls.md``).

A week's public stream (``campaign:<id>:week:<n>``) is listed to every member: its commitment from the
start, its seed once the week has closed. Its hidden streams (GM, self, party: ``docs/hidden-rolls.md``)
are listed only to their audience (``campaign.selectors.rolls.streams_visible_to``). A public stream
from before hidden streams existed, which carries hidden rolls, shows its seed to the GM only.
"""

from __future__ import annotations

from typing import Any

from campaign.models import Week
from campaign.selectors.roles import GM, role_of
from campaign.selectors.rolls import streams_visible_to
from referee.models import Audience, RollStream
from referee.selectors import mixed_streams


def week_streams(*, week: Week, viewer: Any) -> list[tuple[RollStream, bool]]:
    """The week's streams ``viewer`` may verify, public first, each with whether its seed may be shown.

    With no viewer (a shape rendered outside a request), the public stream alone, as any member sees it.
    """
    if viewer is None:
        visible = RollStream.objects.filter(week=week, audience=Audience.PUBLIC)
    else:
        visible = streams_visible_to(viewer=viewer).filter(week=week)
    rows = sorted(visible, key=lambda s: (s.audience != Audience.PUBLIC, s.pk))
    is_gm = viewer is not None and role_of(viewer=viewer, campaign_id=week.campaign_id) == GM
    mixed = set() if is_gm else set(mixed_streams().filter(stream__week=week).distinct())
    return [(s, s.pk not in mixed) for s in rows]


def stream_view(stream: RollStream, *, seed_shown: bool = True) -> dict[str, Any]:
    revealed = stream.revealed_at is not None and seed_shown
    return {
        "key": stream.key,
        "commitment": stream.commitment,
        "salt": stream.salt,
        "scheme": stream.scheme,
        "contributions": dict(stream.contributions or {}),
        "seed": stream.seed if revealed else None,
        "revealed_at": stream.revealed_at,
    }
