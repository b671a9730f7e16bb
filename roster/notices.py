"""The Mordheim side of the notification inbox: who is told when a battle is paired, reported or leaves a choice.

Each is called inside the service's transaction; the league core stores the notice once
and e-mails it after commit (``campaign.services.notifications``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils import timezone

from campaign.models import Notification
from campaign.services.notifications import Notice, notify, notify_all
from roster.models import Battle, Decision, Warband

Kind = Notification.Kind


def _campaign_url(battle: Battle) -> str:
    return f"/battles/{battle.pk}/"


def battle_paired_notify(battle: Battle) -> None:
    """Both players learn their opponent (a bye tells its one player nothing to wait for)."""
    sides = [w for w in (battle.warband_a, battle.warband_b) if w is not None]
    if len(sides) < 2:
        return
    for mine, theirs in (sides, sides[::-1]):
        notify(
            user=mine.owner,
            kind=Kind.PAIRED,
            key=f"battle:{battle.pk}",
            campaign=battle.campaign,
            params={"week": battle.week.number, "warband": mine.name, "opponent": theirs.name},
            url=_campaign_url(battle),
        )


def battle_reported_notify(battle: Battle, reporter: Any) -> None:
    """The opponent of the player who reported is asked to confirm (again after every new report)."""
    for mine, theirs in ((battle.warband_a, battle.warband_b), (battle.warband_b, battle.warband_a)):
        if mine is None or theirs is None or mine.owner_id == getattr(reporter, "pk", None):
            continue
        notify(
            user=mine.owner,
            kind=Kind.REPORT_TO_CONFIRM,
            key=f"battle:{battle.pk}:{battle.reported_at.isoformat() if battle.reported_at else ''}",
            campaign=battle.campaign,
            params={"reporter": reporter.get_username(), "opponent": theirs.name},
            url=_campaign_url(battle),
        )


def decisions_notify(decisions: Iterable[Decision]) -> None:
    """Whoever must answer a decision finds it in their inbox (all of a battle's in two queries)."""
    waiting = [d for d in decisions if d.answered_at is None]
    if not waiting:
        return
    warbands = Warband.objects.only("name", "campaign_id").select_related("campaign").in_bulk(
        {d.warband_id for d in waiting}
    )
    notify_all(
        Notice(
            user=d.answerer,
            kind=Kind.DECISION,
            key=f"decision:{d.pk}",
            campaign=warbands[d.warband_id].campaign,
            params={"what": warbands[d.warband_id].name},
            url="/decisions/",
        )
        for d in waiting
    )


def warband_approved_notify(warband: Warband) -> None:
    notify(
        user=warband.owner,
        kind=Kind.WARBAND_APPROVED,
        key=f"warband:{warband.pk}",
        campaign=warband.campaign,
        params={"warband": warband.name},
        url=f"/warbands/{warband.pk}/",
    )


def warband_sent_back_notify(warband: Warband) -> None:
    """The player learns the organiser sent the warband back, and why (each sending back is its own notice)."""
    notify(
        user=warband.owner,
        kind=Kind.WARBAND_SENT_BACK,
        key=f"warband:{warband.pk}:sent-back:{timezone.now():%Y%m%d%H%M%S%f}",
        campaign=warband.campaign,
        params={"warband": warband.name, "reason": warband.review_note},
        url=f"/warbands/{warband.pk}/",
    )
