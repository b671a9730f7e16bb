"""The campaign settings form comes from the schemas (league and game system), so a new setting shows up with
its help text; its English texts are gathered for the translators in campaign/web/setting_texts.py."""

from __future__ import annotations

from django import forms
from django.utils import translation

from campaign.web.setting_texts import TEXTS
from campaign.web.settings_form import setting_texts, settings_form


def test_the_gathered_texts_are_those_the_schemas_have_now() -> None:
    assert set(TEXTS) == setting_texts(), "run: manage.py setting_texts, then translate the new strings"


def test_each_setting_gets_a_field_of_its_type_with_its_bounds_and_help() -> None:
    form = settings_form("weekly_moves", {})
    points = form.fields["points_win"]
    assert isinstance(points, forms.IntegerField) and points.min_value == 0 and points.max_value == 100
    assert points.help_text == "Standings points for a win."
    assert isinstance(form.fields["rosters_private"], forms.BooleanField)
    mode = form.fields["decision_mode"]
    assert isinstance(mode, forms.ChoiceField) and [c for c, _ in list(mode.choices)] == ["pause", "auto"]  # type: ignore[arg-type]
    free = form.fields["free_actions_per_week"]
    assert isinstance(free, forms.IntegerField) and not free.required  # None: any number


def test_the_labels_and_help_speak_the_readers_language() -> None:
    with translation.override("cs"):
        form = settings_form("mordheim", {})
        assert form.fields["points_win"].label == "Body za výhru"
        assert form.fields["points_win"].help_text == "Body do pořadí za výhru."
