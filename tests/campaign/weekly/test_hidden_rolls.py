"""A week's secret moves are rolled on the week's GM stream: the public stream keeps no trace of them,
and once the week closes its revealed public seed recomputes none of them; the GM's seed does."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine import fairness
from referee.engine.rolls import Roll
from referee.models import Audience, LedgerEntry, RollStream
from tests.campaign.weekly.conftest import Intrigue

pytestmark = pytest.mark.django_db


def recomputes(stream: dict[str, Any], entries: list[LedgerEntry]) -> bool:
    """Whether ``stream``'s revealed seed gives every one of ``entries`` at its sequence number."""
    seed, salt = bytes.fromhex(stream["seed"]), bytes.fromhex(stream["salt"])
    return all(
        fairness.verify_roll(
            seed=seed, salt=salt, seq=e.seq, roll=Roll(e.notation, tuple(e.faces), tuple(e.kept), e.total)
        )
        for e in entries
    )


def test_a_weeks_secret_move_rolls_are_drawn_from_its_gm_stream(intrigue: Intrigue) -> None:
    intrigue.submit(intrigue.bob, "ingredient_search", mode="hold")
    intrigue.submit(intrigue.carol, "ingredient_search", mode="push")
    week = intrigue.week
    assert intrigue.resolve() == "done"
    entries = list(LedgerEntry.objects.filter(week=week))
    assert len(entries) >= 3 and {e.stream.audience for e in entries} == {Audience.GM}
    assert RollStream.objects.get(week=week, audience=Audience.PUBLIC).next_seq == 0

    url = f"/api/v1/campaigns/{intrigue.campaign.pk}/fairness/"
    for player in (intrigue.world.bob, intrigue.world.carol, intrigue.world.alice):
        body = intrigue.client(player).get(url).json()
        week1 = body["weeks"][0]
        assert week1["rolls"] == 0 and week1["hidden_streams"] == [] and body["dice"] == []
        assert week1["seed"] is not None  # the public seed is revealed: it draws none of the moves' rolls
        assert not recomputes(week1, entries)
        assert (
            intrigue.client(player).get(f"/api/v1/rolls/?week=1&campaign={intrigue.campaign.pk}").json()["count"] == 0
        )

    gm = intrigue.client(intrigue.world.gina).get(url).json()["weeks"][0]
    (gm_stream,) = gm["hidden_streams"]
    assert gm_stream["audience"] == "gm" and gm_stream["rolls"] == len(entries)
    assert recomputes(gm_stream, entries)
