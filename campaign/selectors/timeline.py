"""The campaign's timeline, as each viewer may see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Q, QuerySet

from campaign.models import CampaignEvent
from campaign.selectors.campaigns import CampaignAccess, campaign_access
from campaign.selectors.roles import rosters_private

# Who, besides the organiser and the GM, belongs to the party of an event with visibility "party" (what tells of
# a roster, e.g. a battle's injuries): a filter on CampaignEvent for one viewer, registered by the game system
# that writes such events from its AppConfig.ready (the league core knows no system). Mordheim's is
# roster.selectors.battles.party_events_q: the battle's two players.
_PARTY_RULES: list[Callable[[Any], Q]] = []


def register_party_rule(rule: Callable[[Any], Q]) -> None:
    if rule not in _PARTY_RULES:
        _PARTY_RULES.append(rule)


def sees_party(access: CampaignAccess, *, in_party: bool) -> bool:
    """Whether the viewer sees what tells of a party's rosters (an event of visibility "party", a battle's
    sequence, report and aftermath): the one rule, which ``events_visible`` filters the timeline by. The
    active organiser and GM always; every member, former ones too, while the campaign's rosters are public;
    with them private, the party's own active members (``in_party``: e.g. the battle's two players)."""
    if access.is_gm or access.is_organiser or not rosters_private(access.campaign):
        return True
    return access.active and in_party


def events_visible(access: CampaignAccess, viewer: Any = None) -> QuerySet[CampaignEvent]:
    """Who sees which event, the one rule for the timeline (web and API), the battle page and the standings:

    - public events: every member (and former member);
    - party events (what tells of rosters): every member while the campaign's rosters are public; with them
      private, the party's own members (the registered rules: a battle's two players), the organiser and GM;
    - staff events (what the organiser must act on, e.g. a failed aftermath): the active organiser and GM;
    - GM-only events: the active GM.
    """
    V = CampaignEvent.Visibility
    rows = CampaignEvent.objects.filter(campaign=access.campaign)
    if access.is_gm:
        return rows
    if access.is_organiser:
        return rows.filter(visibility__in=[V.PUBLIC, V.STAFF, V.PARTY])
    if sees_party(access, in_party=False):  # rosters public
        return rows.filter(visibility__in=[V.PUBLIC, V.PARTY])
    seen = Q(visibility=V.PUBLIC)
    if viewer is not None and sees_party(access, in_party=True) and _PARTY_RULES:
        party = Q()
        for rule in _PARTY_RULES:
            party |= rule(viewer)
        seen |= Q(visibility=V.PARTY) & party
    return rows.filter(seen)


def timeline_of(
    *,
    viewer: Any,
    campaign_id: int,
    kind: str | None = None,
    warband: int | None = None,
    battle: int | None = None,
    week: int | None = None,
) -> QuerySet[CampaignEvent]:
    """The campaign's events the viewer may see, newest first, filtered by kind, warband, battle or week number."""
    rows = events_visible(campaign_access(viewer=viewer, campaign_id=campaign_id), viewer)
    if kind:
        rows = rows.filter(kind=kind)
    if warband is not None:
        rows = rows.filter(warband_id=warband)
    if battle is not None:
        rows = rows.filter(battle_id=battle)
    if week is not None:
        rows = rows.filter(week__number=week)
    rows = rows.select_related("actor", "warband", "battle", "week", "campaign__rules_pack")
    return rows.order_by("-created_at", "-id")
