"""A campaign's settings as a form, generated from the league's schema and the game system's settings class.

Labels and help text go through gettext at run time; their English sources are the schema's own
docs, gathered for translators in ``campaign/web/setting_texts.py`` (a test keeps it complete).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from campaign.league import LeagueSettings
from referee.engine.game_systems import settings_class


def label_of(name: Any) -> str:
    """A setting's or a choice's name as a label (choices may be numbers: a die size, a count)."""
    return str(name).replace("_", " ").capitalize()


def schema_of(system: str) -> list[dict[str, Any]]:
    """Every setting of a campaign on ``system``: name, default, doc, choices, bounds, and whose it is."""
    rows: list[dict[str, Any]] = []
    for owner, cls in (("league", LeagueSettings), ("system", settings_class(system))):
        if not is_dataclass(cls):
            continue
        for f in fields(cls):
            default = f.default if f.default is not MISSING else None
            rows.append(
                {
                    "owner": owner,
                    "name": f.name,
                    "default": default,
                    "type": str(f.type),
                    "doc": f.metadata.get("doc", ""),
                    "choices": f.metadata.get("choices"),
                    "minimum": f.metadata.get("minimum"),
                    "maximum": f.metadata.get("maximum"),
                }
            )
    return rows


def _field(row: dict[str, Any], initial: Any) -> forms.Field:
    label, help_text = _(label_of(row["name"])), _(row["doc"]) if row["doc"] else ""
    default = row["default"]
    common: dict[str, Any] = {"label": label, "help_text": help_text, "initial": initial}
    if isinstance(default, bool):
        return forms.BooleanField(required=False, **common)
    if row["choices"]:
        return forms.ChoiceField(choices=[(c, _(label_of(c))) for c in row["choices"]], **common)
    if isinstance(default, int) or "int" in row["type"]:
        return forms.IntegerField(
            required=default is not None, min_value=row["minimum"], max_value=row["maximum"], **common
        )
    return forms.CharField(max_length=200, **common)


def settings_form(system: str, current: dict[str, Any], data: Any = None) -> forms.Form:
    """A form with one field per setting, showing ``current`` values (defaults where unset)."""
    form = forms.Form(data)
    form.fieldsets = []  # type: ignore[attr-defined]
    for row in schema_of(system):
        initial = current.get(row["name"], row["default"])
        form.fields[row["name"]] = _field(row, initial)
    return form


def groups_of(form: forms.Form, system: str) -> list[tuple[str, list[Any]]]:
    """The form's bound fields grouped: the league's, then the game system's."""
    owners = {row["name"]: row["owner"] for row in schema_of(system)}
    league = [form[name] for name in form.fields if owners.get(name) == "league"]
    own = [form[name] for name in form.fields if owners.get(name) == "system"]
    return [(_("League"), league), (_("Game system"), own)] if own else [(_("League"), league)]


def setting_texts() -> set[str]:
    """Every label, help text and choice the settings forms of every game system show (their English sources)."""
    from referee.engine.game_systems import systems

    texts: set[str] = set()
    for system in [None, *systems()]:
        for row in schema_of(system.slug if system else ""):
            texts.add(label_of(row["name"]))
            if row["doc"]:
                texts.add(row["doc"])
            texts.update(label_of(c) for c in row["choices"] or ())
    return texts
