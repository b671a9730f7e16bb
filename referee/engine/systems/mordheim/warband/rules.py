"""The pure roster rules of a Mordheim campaign, in one import.

Hiring (:func:`check_hire`), equipment allowance and prices (MH-EQP-01..06),
trading and rare-item searches (MH-TRD-01..07) and the warband rating
(MH-XP-08). Everything takes plain values (a :class:`WarbandList`, a
:class:`RosterSummary`, items from the :class:`Catalogue`) and either returns a
result or raises a :class:`RosterRuleError` subclass with a stable ``code``.
Dice go through an injected :class:`~referee.engine.rolls.Roller`, so the caller
stores every roll before applying its effect.
"""

from __future__ import annotations

from referee.engine.systems.mordheim.warband.equipment import (
    STASH,
    EquipmentChange,
    PriceQuote,
    check_affordable,
    check_buy,
    check_equip,
    check_transfer,
    effective_rarity,
    equipment_lost_on_death,
    listed_price,
    purchase_price,
)
from referee.engine.systems.mordheim.warband.errors import (
    MESSAGES,
    EquipmentRefused,
    HireRefused,
    RatingError,
    RosterRuleError,
    SearchRefused,
    TradeRefused,
)
from referee.engine.systems.mordheim.warband.hiring import (
    HenchmanGroup,
    HireQuote,
    RosterSummary,
    check_hire,
)
from referee.engine.systems.mordheim.warband.rating import RatedWarrior, warband_rating, warrior_rating
from referee.engine.systems.mordheim.warband.trading import (
    HaggleResult,
    RareSearchResult,
    SearchingHero,
    apply_haggle,
    check_can_search,
    needs_search,
    rare_search,
    search_modifiers,
    sell_price,
)

__all__ = [
    "MESSAGES",
    "STASH",
    "EquipmentChange",
    "EquipmentRefused",
    "HaggleResult",
    "HenchmanGroup",
    "HireQuote",
    "HireRefused",
    "PriceQuote",
    "RareSearchResult",
    "RatedWarrior",
    "RatingError",
    "RosterRuleError",
    "RosterSummary",
    "SearchRefused",
    "SearchingHero",
    "TradeRefused",
    "apply_haggle",
    "check_affordable",
    "check_buy",
    "check_can_search",
    "check_equip",
    "check_hire",
    "check_transfer",
    "effective_rarity",
    "equipment_lost_on_death",
    "listed_price",
    "needs_search",
    "purchase_price",
    "rare_search",
    "search_modifiers",
    "sell_price",
    "warband_rating",
    "warrior_rating",
]
