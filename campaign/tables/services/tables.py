"""The league's side of live tables: only members of a campaign open or join its tables, and the
campaign's timeline records a table opened and closed. The table itself is the referee's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.models import Campaign
from campaign.selectors.roles import role_of
from campaign.services.access import ORGANISER
from campaign.services.events import event_record
from campaign.tables.services.characters import characters_after_duel
from referee.table_models import TableSeat, TableSession
from referee.tables import services as tables
from referee.tables.state import outcome_public

#: The live system whose fighters bring the campaign's characters (``campaign.tables.models.ArenaCharacter``).
ARENA = "arena_duel"


@dataclass(frozen=True)
class LiveHooks:
    """What a live system adds to the league's side of its tables (registered from ``TablesConfig.ready``)."""

    #: A player's seat options, read from the campaign, never sent by a phone (``user, campaign_id, options``).
    seat_options: Callable[..., dict[str, Any] | None] | None = None
    #: What the campaign keeps of a finished game (``campaign, user, table_id, outcome``).
    closed: Callable[..., None] | None = None


#: The one table of per-system hooks, keyed by the system's slug.
HOOKS: dict[str, LiveHooks] = {}


def register_live_hooks(system: str, hooks: LiveHooks) -> None:
    HOOKS[system] = hooks


def _options(*, user: Any, system: str, campaign_id: int | None, role: str,
             options: dict[str, Any] | None) -> dict[str, Any] | None:
    hook = HOOKS.get(system, LiveHooks()).seat_options
    if hook is not None and role == TableSeat.Role.PLAYER:
        return hook(user=user, campaign_id=campaign_id, options=options)
    return options


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
    options = _options(user=user, system=system, campaign_id=campaign.pk, role=role, options=options)
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
    options = _options(user=user, system=session.system, campaign_id=session.campaign_id, role=role, options=options)
    return tables.table_join(session=session, user=user, role=role, options=options, contribution=contribution)


@transaction.atomic
def campaign_table_close(*, user: Any, session: TableSession) -> TableSession:
    organiser = session.campaign_id is not None and role_of(viewer=user, campaign_id=session.campaign_id) == ORGANISER
    closed = tables.table_close(session=session, user=user, organiser=organiser)
    if closed.campaign_id is not None and closed.status == TableSession.Status.CLOSED:  # not only asked for
        campaign = Campaign.objects.get(pk=closed.campaign_id)
        event_record(campaign=campaign, kind="table_closed", actor=user,
                     payload={"table": closed.pk, "system": closed.system, "outcome": outcome_public(closed)})
        outcome = (closed.snapshot or {}).get("outcome")
        hook = HOOKS.get(closed.system, LiveHooks()).closed
        if hook is not None and outcome:
            hook(campaign=campaign, user=user, table_id=closed.pk, outcome=outcome)
    return closed


def duel_fought(*, campaign: Campaign, user: Any, table_id: int, outcome: dict[str, Any]) -> None:
    """The characters take back what the duel left them (AD-BEN-03, AD-POST); the timeline says who won."""
    rows = {str(c.pk): c for c in characters_after_duel(table_id=table_id, outcome=outcome)}
    names = {seat: rows[str(f["character"])].name for seat, f in outcome["fighters"].items()
             if str(f["character"]) in rows}
    winner = outcome.get("winner") or ""
    event_record(campaign=campaign, kind="duel_fought", actor=user, payload={
        "table": table_id, "fighters": sorted(names.values()), "winner": names.get(winner, ""),
        "loser": next((n for seat, n in names.items() if winner and seat != winner), ""),
    })
