"""A campaign's settings as a form, read from the one settings base and each system's catalogue of words.

The fields are the league's settings that apply to the campaign's game system and that system's own
(:func:`campaign.league.campaign_specs`): their kinds, bounds and choices come from the engine's
declarations, their label, help text and choice words from the catalogue its app registered
(:mod:`campaign.lib.setting_words`). A choice is a select of words, never of codes.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaign.league import campaign_specs
from campaign.lib.setting_words import choice_words, refusal_words, words_of
from referee.engine.game_systems import SYSTEMS, settings_class
from referee.engine.system_settings import BOOL, CHOICE, INT, LIST, MAP, Setting, SettingsInvalid, check_value


class TextListField(forms.CharField):
    """A list of names, separated by commas (empty: none)."""

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        text = super().to_python(value) or ""
        return [part.strip() for part in text.split(",") if part.strip()]


class NumberMapField(forms.CharField):
    """Names with a whole number each, one ``name: number`` a line."""

    widget = forms.Textarea(attrs={"rows": 3})

    def to_python(self, value: Any) -> dict[str, int]:  # type: ignore[override]
        out: dict[str, int] = {}
        for line in (super().to_python(value) or "").splitlines():
            if not line.strip():
                continue
            name, colon, number = line.partition(":")
            try:
                if not colon or not name.strip():
                    raise ValueError
                out[name.strip()] = int(number.strip())
            except ValueError:
                raise ValidationError(
                    _("Write one name and its whole number a line, as “name: 3”; this line is not: %(line)s")
                    % {"line": line.strip()}
                ) from None
        return out


def _orders(system: str, spec: Setting) -> list[tuple[str, ...]]:
    """The orders of ``spec``'s items that the system accepts (a LIST whose order matters)."""
    cls = settings_class(system)
    accepted = []
    for order in permutations(spec.choices):
        try:
            cls.from_dict({spec.name: list(order)})
        except SettingsInvalid:
            continue
        accepted.append(order)
    return accepted


def _choices_field(owner: str, system: str, spec: Setting, common: dict[str, Any]) -> forms.Field:
    by_text = {str(code): code for code in spec.choices}
    if spec.kind == CHOICE:
        return forms.TypedChoiceField(
            choices=[(str(c), choice_words(owner, spec, c)) for c in spec.choices],
            coerce=lambda text: by_text[text],
            **common,
        )
    if spec.ordered:
        common["initial"] = ",".join(common["initial"])
        return forms.TypedChoiceField(
            choices=[
                (",".join(order), " → ".join(str(choice_words(owner, spec, c)) for c in order))
                for order in _orders(system, spec)
            ],
            coerce=lambda text: text.split(","),
            **common,
        )
    return forms.TypedMultipleChoiceField(
        choices=[(str(c), choice_words(owner, spec, c)) for c in spec.choices],
        coerce=lambda text: by_text[text],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        **common,
    )


def _field(owner: str, system: str, spec: Setting, initial: Any) -> forms.Field:
    said = words_of(owner, spec.name)
    common: dict[str, Any] = {"label": said.label, "help_text": said.help, "initial": initial}
    if spec.kind == BOOL:
        return forms.BooleanField(required=False, **common)
    if spec.choices:
        return _choices_field(owner, system, spec, common)
    if spec.kind == INT:
        return forms.IntegerField(required=not spec.optional, min_value=spec.minimum, max_value=spec.maximum, **common)
    if spec.kind == LIST:
        common["initial"] = ", ".join(initial or ())
        return TextListField(required=False, **common)
    if spec.kind == MAP:
        common["initial"] = "\n".join(f"{name}: {number}" for name, number in (initial or {}).items())
        return NumberMapField(required=False, **common)
    return forms.CharField(max_length=200, required=bool(spec.default), **common)


class SettingsForm(forms.Form):
    """One field per setting; each value is checked against its declaration (the refusal in words)."""

    def __init__(self, system: str, current: dict[str, Any], data: Any = None) -> None:
        super().__init__(data)
        self.system = system
        self.owners: dict[str, tuple[str, Setting]] = {}
        for owner, spec in campaign_specs(system):
            self.owners[spec.name] = (owner, spec)
            self.fields[spec.name] = _field(owner, system, spec, current.get(spec.name, spec.default))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name, value in list(cleaned.items()):
            owner, spec = self.owners[name]
            try:
                check_value(spec, tuple(value) if spec.kind == LIST else value)
            except SettingsInvalid as exc:
                self.add_error(name, refusal_words(owner, spec, exc))
        return cleaned


def settings_form(system: str, current: dict[str, Any], data: Any = None) -> forms.Form:
    """A form with one field per setting, showing ``current`` values (defaults where unset)."""
    return SettingsForm(system, current, data)


def groups_of(form: forms.Form, system: str) -> list[tuple[Any, list[Any]]]:
    """The form's bound fields grouped: the league's, then the game system's."""
    owners = {spec.name: owner for owner, spec in campaign_specs(system)}
    league = [form[name] for name in form.fields if owners.get(name) == "league"]
    own = [form[name] for name in form.fields if owners.get(name) not in (None, "league")]
    known = SYSTEMS.get(system)
    title = known.names.get(get_language() or "en", known.names["en"]) if known else gettext_lazy("Game system")
    return [(gettext_lazy("League"), league), (title, own)] if own else [(gettext_lazy("League"), league)]
