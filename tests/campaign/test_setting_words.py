"""Every setting of every game system (and the league's) has its words in its system's catalogue: a label, a help
text and words for each choice, none of them the setting's name or a choice's code."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaign.league import LeagueSettings
from campaign.lib.setting_words import catalogue_of, refusal_words, words_of
from referee.engine.game_systems import systems
from referee.engine.system_settings import SettingsInvalid

OWNERS = [("league", LeagueSettings), *((s.slug, s.settings) for s in systems())]


@pytest.mark.parametrize(("owner", "cls"), OWNERS, ids=[o for o, _ in OWNERS])
def test_every_setting_has_a_label_a_help_and_words_for_each_choice(owner: str, cls: type) -> None:
    catalogue = catalogue_of(owner).settings
    specs = cls.specs()  # type: ignore[attr-defined]
    assert {s.name for s in specs} == set(catalogue), "the catalogue has a setting the system has not, or misses one"
    for spec in specs:
        said = catalogue[spec.name]
        assert str(said.label) and str(said.help), spec.name
        assert set(said.choices) == set(spec.choices), spec.name
        for code in spec.choices:
            assert str(said.choices[code]) != str(code), (spec.name, code)


def test_a_refusal_says_what_is_allowed_in_the_readers_language() -> None:
    spec = next(s for s in systems() if s.slug == "mordheim").settings.specs()
    arm = next(s for s in spec if s.name == "arm_wound_restriction")
    with pytest.raises(SettingsInvalid) as refused:
        next(s for s in systems() if s.slug == "mordheim").settings.from_dict({"arm_wound_restriction": "both"})
    with translation.override("ru"):
        assert refusal_words("mordheim", arm, refused.value) == (
            "Должно быть одним из: Одно одноручное оружие; Только одноручное оружие."
        )
    with pytest.raises(SettingsInvalid) as above:
        next(s for s in systems() if s.slug == "weekly_moves").settings.from_dict({"debt_cap": 0})
    with translation.override("cs"):
        assert refusal_words("weekly_moves", None, above.value) == (
            f"Musí být víc než „{words_of('weekly_moves', 'debt_floor').label}“."
        )
