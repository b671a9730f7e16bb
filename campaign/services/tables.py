"""The league's side of live tables: only members of a campaign open or join its tables, and the
campaign's timeline records a table opened and closed. The table itself is the referee's."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.models import Campaign
from campaign.selectors.roles import role_of
from campaign.services.events import event_record
from referee.table_models import TableSeat, TableSession
from referee.tables import services as tables


def _member_campaign(*, user: Any, campaign_id: int) -> Campaign:
    if role_of(viewer=user, campaign_id=campaign_id) is None:
        raise NotFound(_("No such campaign."), code="campaign_not_found")
    return Campaign.objects.get(pk=campaign_id)


@transaction.atomic
def campaign_table_open(*, user: Any, campaign_id: int, system: str, settings: dict[str, Any] | None = None,
                        role: str = TableSeat.Role.PLAYER, options: dict[str, Any] | None = None,
                        contribution: str = "") -> TableSession:
    """A member opens a live table of the campaign and takes its first seat."""
    campaign = _member_campaign(user=user, campaign_id=campaign_id)
    session = tables.table_create(creator=user, system_slug=system, campaign_id=campaign.pk, settings=settings,
                                  role=role, options=options, contribution=contribution,
                                  rules_pack=campaign.rules_pack if campaign.system == system else None)
    event_record(campaign=campaign, kind="table_opened", actor=user,
                 payload={"table": session.pk, "system": system})
    return session


@transaction.atomic
def campaign_table_join(*, user: Any, session: TableSession, role: str = TableSeat.Role.PLAYER,
                        options: dict[str, Any] | None = None, contribution: str = "") -> TableSeat:
    """A member of the table's campaign takes a seat."""
    if session.campaign_id is not None:
        _member_campaign(user=user, campaign_id=session.campaign_id)
    return tables.table_join(session=session, user=user, role=role, options=options, contribution=contribution)


@transaction.atomic
def campaign_table_close(*, user: Any, session: TableSession) -> TableSession:
    was_closed = session.status == TableSession.Status.CLOSED
    closed = tables.table_close(session=session, user=user)
    if closed.campaign_id is not None and not was_closed:
        outcome = (closed.snapshot or {}).get("outcome")
        event_record(campaign=Campaign.objects.get(pk=closed.campaign_id), kind="table_closed", actor=user,
                     payload={"table": closed.pk, "system": closed.system, "outcome": outcome})
    return closed
