"""The game state in rows: rebuilt exactly, written back entry by entry, and never left behind."""

from __future__ import annotations

import logging

import pytest

from campaign.weekly.models import WeekResolution
from campaign.weekly.state import load_state
from referee.engine.systems.weekly_moves.synthetic import make_synthetic_week
from tests.campaign.weekly.conftest import make_intrigue
from tests.campaign.weekly.synthetic import store_synthetic
from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_it_rebuilds_the_state_it_stored(world: World) -> None:
    synthetic = make_synthetic_week(n_players=8, moves_each=2, seed=3)
    intrigue = make_intrigue(world)
    ids = store_synthetic(campaign=intrigue.campaign, week=intrigue.week, synthetic=synthetic)
    state = load_state(campaign_id=intrigue.campaign.pk, week=2)
    for pid, player in synthetic.state.players.items():
        rebuilt = state.players[ids[pid]].to_dict()
        original = player.to_dict()
        for c in original["companions"]:
            c["id"] = ids[c["id"]]
        assert {**rebuilt, "id": pid, "name": original["name"]} == original
    assert len(state.info) == len(synthetic.state.info)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_entry_writes_every_character_it_changed(
    world: World, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    """Each entry writes the characters it names; the final comparison of every character finds none left."""
    synthetic = make_synthetic_week(n_players=16, moves_each=3, seed=seed)
    intrigue = make_intrigue(world, settings=synthetic.settings.to_dict())
    week = intrigue.next_week()
    store_synthetic(campaign=intrigue.campaign, week=week, synthetic=synthetic)
    with caplog.at_level(logging.WARNING, logger="campaign.weekly.resolution.run"):
        assert intrigue.resolve(week) == "done"
    assert not [r for r in caplog.records if "without being named" in r.getMessage()]
    assert WeekResolution.objects.get(week=week).total == 48
