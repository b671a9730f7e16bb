"""Warband rating (MH-XP-08): 5 per warrior plus experience; large creatures 20 plus experience."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.systems.mordheim.warband.errors import RatingError
from referee.engine.systems.mordheim.warband.rating import RatedWarrior
from referee.engine.systems.mordheim.warband.rules import warband_rating
from tests.referee.engine.systems.mordheim.roster_helpers import warband


def test_mh_xp_08_rating_is_five_per_warrior_plus_experience() -> None:
    captain, champion, youngblood = RatedWarrior(xp=20), RatedWarrior(xp=8), RatedWarrior(xp=0)
    assert warband_rating([captain, champion, youngblood]) == 3 * 5 + 28


def test_mh_xp_08_henchman_experience_counts_once_per_model() -> None:
    # A group of four Warriors with 2 XP: 4 × 5 + 2 × 4.
    assert warband_rating([RatedWarrior(xp=2, models=4)]) == 28


def test_mh_xp_08_a_large_creature_counts_twenty_plus_experience() -> None:
    rat_ogre = RatedWarrior.of(warband("skaven_eshin").warrior_type("rat_ogre"))
    assert rat_ogre.large
    adept = RatedWarrior(xp=20)
    assert warband_rating([adept, rat_ogre]) == 25 + 20


def test_mh_xp_08_hired_swords_add_their_own_rating() -> None:
    assert warband_rating([RatedWarrior(xp=20), RatedWarrior(fixed_rating=22)]) == 25 + 22


def test_mh_xp_08_an_empty_warband_rates_zero_and_nonsense_is_refused() -> None:
    assert warband_rating([]) == 0
    for bad in (RatedWarrior(models=0), RatedWarrior(xp=-1), RatedWarrior(fixed_rating=-5)):
        with pytest.raises(RatingError) as refused:
            warband_rating([bad])
        assert refused.value.code == "invalid_warrior"


@given(
    st.lists(
        st.tuples(st.integers(0, 90), st.integers(1, 5), st.booleans()),
        max_size=20,
    )
)
def test_mh_xp_08_rating_adds_up_entry_by_entry(entries: list[tuple[int, int, bool]]) -> None:
    warriors = [RatedWarrior(xp=xp, models=models, large=large) for xp, models, large in entries]
    expected = sum(models * ((20 if large else 5) + xp) for xp, models, large in entries)
    assert warband_rating(warriors) == expected
    assert warband_rating(warriors) >= 5 * sum(models for _, models, _ in entries)
