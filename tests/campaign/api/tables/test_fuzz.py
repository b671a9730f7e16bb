"""The fuzzer of every seat (tests/campaign/api/tables/fuzz.py), one state machine per live system: a
Doomtrooper table, a skirmish of three factions and an arena duel refereed by its seated GM. The number of
steps played is printed at the end of the session."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from referee.engine import fairness
from tests.campaign.api.arena.helpers import Arena
from tests.campaign.api.tables.fuzz import TableFuzz, fixed_salt, fixed_seed
from tests.campaign.api.tables.helpers import Phones
from tests.campaign.api.tables.skirmish import SEATS, Skirmish
from tests.support.world import World

pytestmark = pytest.mark.django_db

#: A few minutes in all on a quiet machine; no shrinking (each step is several requests), the failing
#: example reported as found.
RUNS = settings(max_examples=4, stateful_step_count=25, deadline=None, derandomize=True,
                suppress_health_check=list(HealthCheck), database=None, phases=(Phase.explicit, Phase.generate))


def _once_dave(world: World) -> None:
    """The skirmish's and the arena's helpers make Dave; every example after the first reuses him."""
    dave = get_user_model().objects.filter(username="dave").first()
    if dave is not None:
        dave.username = f"dave-{dave.pk}"
        dave.save(update_fields=["username"])


class DoomtrooperFuzz(TableFuzz):
    system = "doomtrooper"

    def setup(self) -> None:
        self.phones = Phones(self.world).started()
        self.seats, self.member = {"bob": "s1", "carol": "s2"}, "gina"


class SkirmishFuzz(TableFuzz):
    system = "skirmish_cards"

    def setup(self) -> None:
        _once_dave(self.world)
        self.phones = Skirmish(self.world).begun()
        self.seats, self.member = dict(SEATS), "gina"


class ArenaFuzz(TableFuzz):
    system = "arena_duel"

    def setup(self) -> None:
        _once_dave(self.world)
        character = next(m for m in apps.get_models() if m.__name__ == "ArenaCharacter")  # wherever it lives
        for row in character._default_manager.all():  # an earlier example's fighters step aside: names are unique
            row.name = f"{row.name}-{row.pk}"  # type: ignore[attr-defined]
            row.save(update_fields=["name"])
        self.phones = Arena(self.world).seated()
        self.seats = {"gina": "s1", "bob": "s2", "carol": "s3"}


@pytest.mark.parametrize("machine", [DoomtrooperFuzz, SkirmishFuzz, ArenaFuzz], ids=lambda m: m.system)
def test_every_seat_pushes_and_the_table_holds(world: World, machine: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(fairness, "new_seed", fixed_seed)
    monkeypatch.setattr(fairness, "salt_for", fixed_salt)
    machine.world = world
    run_state_machine_as_test(machine, settings=RUNS)
