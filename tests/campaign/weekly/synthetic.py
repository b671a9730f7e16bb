"""A synthetic week (``referee.engine.systems.weekly_moves.synthetic``) stored in a campaign's rows.

Used by the tests that compare the Django side with the engine alone, and by the benchmark
(``tests/bench/bench_week.py``). The synthetic game's player ids (``p0``...) and companion ids
become the characters' (``p<pk>``, ``p<pk>c<n>``) everywhere they appear in the moves.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from campaign.models import Campaign, Membership, Week
from campaign.weekly.models import Character, InfoHolding, WeeklyMove
from campaign.weekly.state import row_values
from referee.engine.systems.weekly_moves.synthetic import SyntheticWeek


def remap(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, dict):
        return {k: remap(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [remap(v, ids) for v in value]
    return value


def store_synthetic(*, campaign: Campaign, week: Week, synthetic: SyntheticWeek, prefix: str = "s") -> dict[str, str]:
    """Characters, holdings and submissions of ``synthetic`` in ``campaign``; returns synthetic id -> key."""
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{prefix}{campaign.pk}-{pid}") for pid in synthetic.state.players]
    )
    Membership.objects.bulk_create([Membership(campaign=campaign, user=u, role=Membership.Role.PLAYER) for u in users])
    ids: dict[str, str] = {}
    rows = []
    for user, player in zip(users, synthetic.state.players.values(), strict=True):
        row = Character.objects.create(campaign=campaign, user=user, name=player.name)
        ids[player.id] = row.key
        for n, c in enumerate(player.companions, start=1):
            ids[c.id] = f"{row.key}c{n}"
        rows.append((row, player))
    for row, player in rows:
        values = row_values(player)
        values["companions"] = remap(values["companions"], ids)
        Character.objects.filter(pk=row.pk).update(**values)
    InfoHolding.objects.bulk_create(
        [
            InfoHolding(
                campaign=campaign,
                holder_id=int(ids[h.holder][1:]),
                subject_id=int(ids[h.subject][1:]),
                count=h.count,
                gained=list(h.gained),
                valid=h.valid,
            )
            for h in synthetic.state.info.values()
        ]
    )
    WeeklyMove.objects.bulk_create(
        [
            WeeklyMove(week=week, character_id=int(ids[m.player][1:]), kind=m.kind, payload=remap(m.payload, ids))
            for m in sorted(synthetic.moves, key=lambda m: m.seq)
        ]
    )
    return ids
