"""The campaign settings form comes from the one settings base (kinds, bounds, choices) and each system's
catalogue of words (labels, help texts, the words of each choice), in the reader's language."""

from __future__ import annotations

import pytest
from django import forms
from django.utils import translation

from campaign.web.settings_form import settings_form
from referee.engine.game_systems import system, systems


def test_each_setting_gets_a_field_of_its_type_with_its_bounds_and_help() -> None:
    form = settings_form("mordheim", {})
    points = form.fields["points_win"]
    assert isinstance(points, forms.IntegerField) and points.min_value == 0 and points.max_value == 100
    assert points.help_text == "Standings points for a win."
    assert isinstance(form.fields["rosters_private"], forms.BooleanField)
    weekly = settings_form("weekly_moves", {})
    mode = weekly.fields["decision_mode"]
    assert isinstance(mode, forms.ChoiceField) and [c for c, _ in list(mode.choices)] == ["pause", "auto"]  # type: ignore[arg-type]
    free = weekly.fields["free_actions_per_week"]
    assert isinstance(free, forms.IntegerField) and not free.required  # None: any number


def test_mordheims_arm_wound_restriction_is_a_choice_of_words_and_every_setting_has_help() -> None:
    form = settings_form("mordheim", {})
    arm = form.fields["arm_wound_restriction"]
    assert isinstance(arm, forms.ChoiceField)
    assert list(arm.choices) == [  # type: ignore[arg-type]
        ("single_one_handed_weapon", "A single one-handed weapon"),
        ("one_handed_weapons_only", "One-handed weapons only"),
    ]
    assert all(str(field.help_text) for field in form.fields.values())
    assert form.fields["hidden_treasure_sword_need"].max_value == 6  # type: ignore[attr-defined]


def test_a_weekly_moves_campaign_has_no_mordheim_setting() -> None:
    names = set(settings_form("weekly_moves", {}).fields)
    mordheim_only = set(system("mordheim").settings.names()) | {"points_win", "rematch_weeks", "rosters_private"}
    assert names & mordheim_only == set()
    assert {"deadline_time", "moves_per_week"} <= names


@pytest.mark.parametrize("slug", [s.slug for s in systems()])
def test_every_systems_form_has_help_and_no_code_as_a_choices_words(slug: str) -> None:
    form = settings_form(slug, {})
    assert set(system(slug).settings.names()) <= set(form.fields)
    for name, field in form.fields.items():
        assert str(field.help_text), name
        assert "_" not in str(field.label), name
        for code, said in getattr(field, "choices", []):
            assert str(said) != str(code), (name, code)


@pytest.mark.parametrize(
    ("language", "label", "help_text", "choice"),
    [
        ("cs", "Body za výhru", "Body do pořadí za výhru.", "Jediná jednoruční zbraň"),
        ("ru", "Очки за победу", "Очки в таблице за победу.", "Одно одноручное оружие"),
    ],
)
def test_the_labels_help_and_choices_speak_the_readers_language(
    language: str, label: str, help_text: str, choice: str
) -> None:
    with translation.override(language):
        form = settings_form("mordheim", {})
        assert str(form.fields["points_win"].label) == label
        assert str(form.fields["points_win"].help_text) == help_text
        arm = form.fields["arm_wound_restriction"]
        assert isinstance(arm, forms.ChoiceField)
        assert str(dict(arm.choices)["single_one_handed_weapon"]) == choice  # type: ignore[arg-type]
        said = {name: (str(f.label), str(f.help_text)) for name, f in form.fields.items()}
    with translation.override("en"):
        for name, field in settings_form("mordheim", {}).fields.items():
            assert str(field.help_text) != said[name][1], f"{name}: the help is not translated"
            assert str(field.label) != said[name][0], f"{name}: the label is not translated"


def test_a_bad_value_is_a_form_error_saying_what_is_allowed() -> None:
    form = settings_form("mordheim", {}, {"arm_wound_restriction": "both", "points_win": "7"})
    assert not form.is_valid()
    assert "arm_wound_restriction" in form.errors
    unskilled = settings_form("arena_duel", {})
    assert unskilled.fields["unskilled_die"].clean("6") == 6  # a choice's code keeps its type
