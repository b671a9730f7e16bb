"""People-facing texts of the engine's move errors, through gettext.

The engine (pure Python) keeps its messages as English constants keyed by a stable code
(``referee.engine.systems.weekly_moves.validate.MESSAGES``); the same texts are marked here
for translation, and a test keeps the two in step.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.engine.sealed import MoveError

MOVE_ERRORS = {
    "unknown_kind": _("That is not a move of this game."),
    "bad_payload": _("The move is not filled in correctly."),
    "not_active": _("Only a player who is alive and in the Game can act."),
    "no_companion": _("You have no such companion able to act."),
    "companion_kind": _("A companion cannot take that move."),
    "too_many_moves": _("You have already submitted your move for this week."),
    "too_many_free": _("You have already submitted as many free actions as this campaign allows."),
    "bad_timing": _("Say whether this free action comes before or after your move."),
    "bad_target": _("Name another player who is still in the Game."),
    "week1_combat": _("Deadly combat is not allowed in week 1."),
    "needs_info": _("You need at least 1 info on that player."),
    "needs_shelter": _("You need valid knowledge of that player's shelter (1 info)."),
    "not_dangerous": _("Only a companion with the Dangerous trait may start Deadly combat."),
    "bad_mode": _("That is not one of this move's strong-hit choices."),
    "bad_picks": _("That is not one of this move's picks."),
    "bad_shift": _("A Debt shift names one of your targets and a direction of +1 or -1."),
    "bad_effect": _("Preparation either raises Preparedness or heals a companion."),
    "companion_prep": _(
        "A companion can raise only its master's Preparedness, or heal itself or another player's companion."
    ),
    "bad_heal": _("Name one of your companions who is not dead."),
    "bad_help": _("Help names a player (or companion) and one of the four moves."),
    "familiar_help": _("A Familiar may help only its own master or another familiar."),
    "bad_give": _("Offer exactly the allowed number of items, each one from the Exchange list."),
    "give_info": _("You can offer only info you hold, about yourself or a third player."),
    "give_ritual": _("You can offer the Ritual location only if you computed it yourself."),
    "already_known": _("You already know the Ritual location."),
    "missing_shelter_info": _("You need valid shelter info on every other player still in the Game."),
    "bad_ability": _("You have no such ability."),
    "ability_spent": _("That ability cannot be used again yet."),
}


def move_error_text(error: MoveError) -> str:
    """The error's message in the request's language (the engine's English when no translation is known)."""
    text = MOVE_ERRORS.get(error.code)
    return str(text) if text is not None else error.message


def move_error_fields(errors: list[MoveError]) -> dict[str, list[str]]:
    """The errors grouped by the payload field they concern, in the API's ``fields`` shape."""
    fields: dict[str, list[str]] = {}
    for e in errors:
        fields.setdefault(e.field or "non_field_errors", []).append(move_error_text(e))
    return fields
