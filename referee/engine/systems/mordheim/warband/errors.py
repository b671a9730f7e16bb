"""Refusals of the roster rules: a stable ``code`` for clients and tests, and a message for people.

Messages are kept here as constants (one per code) so the API layer can map a
code to its HTTP status and translate the text in one place; the engine only
fills in the placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        # hiring
        "unknown_warrior_type": "{list} has no warrior type {type}.",
        "invalid_count": "Hire at least one warrior at a time (asked for {count}).",
        "leader_required": "Hire the warband's leader ({leader}) before anyone else.",
        "leader_exists": "The warband already has its leader; a second {type} cannot be hired.",
        "hero_limit": "A warband may have at most {max} Heroes; it has {current}.",
        "type_limit": "The list allows at most {max} {type}; the warband has {current}.",
        "group_full": "A group of {type} may have at most {max} models; this one would have {size}.",
        "unknown_group": "There is no Henchman group number {group} in the warband.",
        "wrong_group": "A {type} cannot join a group of {group_type}.",
        "warband_full": "The warband may have at most {max} warriors; it has {current}.",
        "insufficient_funds": "That costs {cost} gc but the treasury holds {treasury} gc.",
        # equipment
        "not_allowed_for_warrior": "{item} is not on the equipment list of a {type}.",
        "no_equipment": "A {type} never uses weapons, armour or equipment.",
        "category_excluded": "A {type} may not use {category} ({item}).",
        "arm_amputated": "{item} needs two hands and this warrior has lost an arm.",
        "equipment_lost_on_death": "A dead warrior's equipment is lost; {item} cannot be passed on.",
        "price_roll_required": "{item} has a variable price ({text}); it must be rolled when bought.",
        "invalid_quantity": "Buy at least one {item} (asked for {count}).",
        # trading and searching
        "new_recruit_rare_item": (
            "Warriors hired in this post-battle sequence cannot buy rare items such as {item}."
        ),
        "item_not_rare": "{item} is common: buy it without a search.",
        "not_for_sale": "{item} is never for sale at the trading post: a warband can only find it.",
        "henchman_cannot_search": "Only Heroes may search for rare items.",
        "out_of_action_last_battle": (
            "A Hero taken out of action in the last battle may not search for rare items."
        ),
        "captive": "A captive Hero may not search for rare items.",
        "missing_games": "A Hero who is missing games may not search for rare items.",
        "already_searched": "This Hero has already searched for a rare item in this post-battle sequence.",
        "seeking_dramatis_personae": (
            "A Hero looking for a Dramatis Personae may not also search for rare items."
        ),
        "search_failed": "Haggle applies only to an item whose rarity roll succeeded.",
        "no_haggle": "Only a Hero with the Haggle skill, unused in this sequence, may haggle.",
        "invalid_price": "A price must be a whole number of gold crowns ≥ 0 (got {price}).",
        # rating
        "invalid_warrior": "Cannot rate a warrior with {models} models and {xp} experience.",
    }
)


class RosterRuleError(Exception):
    """A rules refusal. ``code`` is stable; ``message`` is for people; ``context`` fills the message."""

    def __init__(self, code: str, **context: object) -> None:
        self.code = code
        self.context = dict(context)
        try:
            self.message = MESSAGES[code].format(**context)
        except KeyError as exc:  # a missing placeholder is a bug in the engine, not the user's fault
            raise KeyError(f"message for {code!r} needs {exc}") from None
        super().__init__(self.message)


class HireRefused(RosterRuleError):
    """Hiring would break the warband list (leader, limits, size, funds)."""


class EquipmentRefused(RosterRuleError):
    """An item may not go to this warrior (MH-EQP-03, MH-EQP-05, MH-EQP-06)."""


class TradeRefused(RosterRuleError):
    """A purchase or sale the trading rules do not allow (MH-EQP-01, MH-TRD)."""


class SearchRefused(RosterRuleError):
    """A rare-item search the Hero may not make (MH-TRD-02, MH-TRD-04, MH-TRD-05)."""


class RatingError(RosterRuleError):
    """A warrior that cannot be rated (MH-XP-08)."""
