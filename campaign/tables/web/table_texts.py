"""The words of a live table's page: command and field labels, and the log as sentences.

Only what a seat's own view and events contain reaches these functions (the selectors redact first);
a card the viewer does not know is "a face-down card", never its identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.i18n import localized

COMMANDS = {
    "report_draw": gettext_lazy("Report my draw"),
    "report_library_empty": gettext_lazy("My library is empty"),
    "deploy": gettext_lazy("Deploy a card"),
    "deploy_cover": gettext_lazy("Deploy into cover (sealed)"),
    "take_cover": gettext_lazy("Take cover"),
    "leave_cover": gettext_lazy("Leave cover"),
    "meditate": gettext_lazy("Meditate (gain fate)"),
    "equip": gettext_lazy("Equip a warrior"),
    "reattach": gettext_lazy("Move equipment"),
    "grant_gift": gettext_lazy("Grant a gift"),
    "assign_mission": gettext_lazy("Assign a mission"),
    "complete_mission": gettext_lazy("Complete a mission"),
    "play_effect": gettext_lazy("Play an effect"),
    "attack": gettext_lazy("Attack"),
    "weapon": gettext_lazy("Choose weapons"),
    "modifier": gettext_lazy("Play a modifier"),
    "add_combatant": gettext_lazy("Add a combatant"),
    "replace_combatant": gettext_lazy("Replace a combatant"),
    "pass": gettext_lazy("Pass"),
    "end_actions": gettext_lazy("End my actions"),
    "end_turn": gettext_lazy("End my turn"),
    "answer": gettext_lazy("Answer"),
    "concede": gettext_lazy("Concede"),
}

FIELDS = {
    "card": gettext_lazy("Card on the table"),
    "slug": gettext_lazy("Card (its name in the pack)"),
    "zone": gettext_lazy("Zone"),
    "warrior": gettext_lazy("Warrior"),
    "player": gettext_lazy("Player"),
    "mission": gettext_lazy("Mission"),
    "target": gettext_lazy("Target"),
    "attacker": gettext_lazy("Attacker"),
    "defender": gettext_lazy("Defender"),
    "tactic": gettext_lazy("Fight or shoot"),
    "weapons": gettext_lazy("Weapons"),
    "side": gettext_lazy("Side"),
    "cards": gettext_lazy("Cards to discard"),
    "slugs": gettext_lazy("Cards to discard (names, separated by commas)"),
    "decision": gettext_lazy("Decision"),
    "vp": gettext_lazy("Victory points"),
    "choice": gettext_lazy("Choice"),
    "hand_count": gettext_lazy("Cards in my hand now"),
    "library_empty": gettext_lazy("My library is empty"),
}

CHOICES = {
    "fight": gettext_lazy("Fight"),
    "shoot": gettext_lazy("Shoot"),
    "attackers": gettext_lazy("Attackers"),
    "defenders": gettext_lazy("Defenders"),
    "squad": gettext_lazy("Squad"),
    "cohort": gettext_lazy("Cohort"),
    "station": gettext_lazy("Station"),
}

ZONES = {
    "hand": gettext_lazy("hand"),
    "library": gettext_lazy("library"),
    "discard": gettext_lazy("discard pile"),
    "attached": gettext_lazy("attached cards"),
    "played": gettext_lazy("played cards"),
    "squad": gettext_lazy("squad"),
    "cohort": gettext_lazy("cohort"),
    "station": gettext_lazy("station"),
    "cover": gettext_lazy("cover"),
}

PHASES = {
    "draw": gettext_lazy("Draw step"),
    "actions": gettext_lazy("Action step"),
    "combat": gettext_lazy("Combat"),
    "discard": gettext_lazy("Discard step"),
}

STATUSES = {
    "unwounded": gettext_lazy("unwounded"),
    "wounded": gettext_lazy("wounded"),
    "killed": gettext_lazy("killed"),
}

#: Event code -> sentence; %(who)s is the seat's player, %(card)s the card as the viewer knows it.
SENTENCES = {
    "opening_hand": gettext_lazy("%(who)s took an opening hand of %(count)s cards."),
    "first_player": gettext_lazy("%(who)s begins."),
    "turn_began": gettext_lazy("%(who)s's turn began."),
    "drew_reported": gettext_lazy("%(who)s drew up to %(hand_count)s cards."),
    "drew_count": gettext_lazy("%(who)s drew cards."),
    "draw_skipped": gettext_lazy("%(who)s skipped the draw."),
    "deck_shuffled": gettext_lazy("%(who)s's deck was shuffled."),
    "deployed": gettext_lazy("%(who)s deployed %(card)s."),
    "deployed_into_cover": gettext_lazy("%(who)s deployed %(card)s into cover."),
    "took_cover": gettext_lazy("%(who)s took %(card)s into cover."),
    "revealed": gettext_lazy("%(who)s revealed %(card)s."),
    "paid_on_reveal": gettext_lazy("%(who)s paid for %(card)s on revealing it."),
    "shortfall_on_reveal": gettext_lazy("%(who)s could not pay for %(card)s."),
    "meditated": gettext_lazy("%(who)s meditated."),
    "equipment_placed": gettext_lazy("%(who)s equipped %(card)s."),
    "effect_played": gettext_lazy("%(who)s played %(card)s."),
    "mission_assigned": gettext_lazy("%(who)s assigned the mission %(card)s."),
    "mission_done": gettext_lazy("%(who)s completed a mission."),
    "actions_ended": gettext_lazy("%(who)s ended their actions."),
    "attack_declared": gettext_lazy("%(who)s attacked."),
    "combat_preliminary": gettext_lazy("The combat's first values are set."),
    "combatant_joined": gettext_lazy("A combatant joined the fight."),
    "weapon_chosen": gettext_lazy("%(who)s chose weapons."),
    "modifier_played": gettext_lazy("%(who)s played the modifier %(card)s."),
    "passed": gettext_lazy("%(who)s passed."),
    "combat_resolved": gettext_lazy("The combat was resolved."),
    "wounded": gettext_lazy("%(card)s was wounded."),
    "killed": gettext_lazy("%(card)s was killed."),
    "warrior_removed": gettext_lazy("%(card)s left the table."),
    "points_due": gettext_lazy("Victory points are due."),
    "scored": gettext_lazy("%(who)s scored %(vp)s victory points."),
    "discarded": gettext_lazy("%(who)s discarded cards."),
    "turn_ended": gettext_lazy("%(who)s's turn ended."),
    "library_emptied": gettext_lazy("%(who)s's library is empty."),
    "empty_library": gettext_lazy("%(who)s's library is empty."),
    "game_ended": gettext_lazy("The game is over."),
    "undone": gettext_lazy("A command was undone."),
    "amended": gettext_lazy("A command was corrected."),
    "conceded": gettext_lazy("%(who)s conceded."),
    "close.asked": gettext_lazy("%(who)s asks to close the table."),
}


def card_name(card: Mapping[str, Any] | None, names: Mapping[str, Any]) -> str:
    """A card as the viewer knows it: its name when its identity is in the view, else face-down."""
    slug = (card or {}).get("card")
    if not slug:
        return _("a face-down card")
    known = names.get(str(slug))
    return localized(known) if known else str(slug).replace("_", " ")


def zone_label(key: str, usernames: Mapping[str, str]) -> str:
    kind, _sep, owner = key.partition(":")
    label = str(ZONES.get(kind, kind))
    return _("%(who)s's %(zone)s") % {"who": usernames.get(owner, owner), "zone": label} if owner else label


def sentence(event: Mapping[str, Any], usernames: Mapping[str, str], names: Mapping[str, Any]) -> str:
    """One event of the viewer's own stream as a sentence (an unknown code says so, without its data)."""
    data = event.get("data") or {}
    seat = data.get("seat") or data.get("player") or ""
    card = data.get("card") if isinstance(data.get("card"), Mapping) else data.get("warrior")
    values = {
        "who": usernames.get(str(seat), _("someone")),
        "card": card_name(card if isinstance(card, Mapping) else None, names),
        "count": data.get("count", ""),
        "hand_count": data.get("hand_count", ""),
        "vp": data.get("vp", data.get("points", "")),
    }
    text = SENTENCES.get(str(event.get("code")))
    if text is None:
        return _("Something happened at the table (%(code)s).") % {"code": str(event.get("code", "")).replace("_", " ")}
    return str(text) % values


def word(table: Mapping[str, Any], value: Any) -> str:
    """A value's label from one of the tables above (a value it does not know is shown as it is)."""
    return str(table.get(str(value), value or ""))


def command_label(kind: str) -> str:
    return str(COMMANDS.get(kind, kind.replace("_", " ").capitalize()))


def field_label(name: str) -> str:
    return str(FIELDS.get(name, name.replace("_", " ").capitalize()))


def choice_label(value: Any) -> str:
    return str(CHOICES.get(str(value), value))
