"""Doomtrooper's words: the engine's codes (refusals, events, commands, choices) in the reader's language.

The one catalogue of ``doomtrooper`` (``campaign.lib.engine_words``), registered from the tables app's
``ready``. Refusals are keyed by their code, events by ``event.<code>``, commands by ``command.<kind>``,
fields by ``field.<name>`` and the values a field offers by ``choice.<value>``. :func:`names` turns a
parameter's raw value into words: a card slug or a card reference into the card's name in the reader's
language (a card the viewer does not know is "a face-down card"), a seat into its player, a step, a zone,
a tactic or a weapon class into its word.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.engine_words import EngineWords
from campaign.lib.i18n import localized

SYSTEM = "doomtrooper"

#: The live tables' own refusals (``referee.engine.live.table``) as a Doomtrooper player reads them; the common
#: catalogue (``"live"``) says them where this one does not.
TABLE_REFUSALS = {
    "not_seated": gettext_lazy("You have no seat at this table."),
    "table_ended": gettext_lazy("The game is over: no more commands."),
    "wrong_phase": gettext_lazy("That is not possible in this step of the turn."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_your_priority": gettext_lazy("It is not your turn to play a card or pass in this combat."),
    "players_only": gettext_lazy("Only a player may do this."),
    "gm_only": gettext_lazy("Only the table's GM may do this."),
    "no_decision": gettext_lazy("There is nothing for you to decide."),
    "unknown_command": gettext_lazy("There is no such command in Doomtrooper."),
    "invalid_payload": gettext_lazy("The command could not be read: send its fields as an object."),
    "unknown_field": gettext_lazy("This command takes no such field."),
    "invalid_field": gettext_lazy("One of the values is not one this command accepts."),
    "no_such_card": gettext_lazy("You see no such card on the table."),
}

REFUSALS = {
    **TABLE_REFUSALS,
    "missing_field": gettext_lazy("Choose a value for each field this command needs."),
    "card_needed": gettext_lazy("Choose the card you play."),
    "not_in_hand": gettext_lazy("That card is not in your hand."),
    "hand_empty": gettext_lazy("Your reported hand is empty: report your hand size first."),
    "unknown_card": gettext_lazy("There is no such card in this table's cards."),
    "unknown_cards": gettext_lazy("Not among this table's cards: {cards}."),
    "wrong_step": gettext_lazy("{card} may be played only in: {steps}."),
    "not_your_warrior": gettext_lazy("Choose one of your own warriors in play."),
    "weapon_not_yours": gettext_lazy("The controller of {warrior} chooses its weapon."),
    "no_actions": gettext_lazy("This needs {need} action(s) and you have {left} left."),
    "not_a_warrior": gettext_lazy("{card} is not a warrior: only a warrior can be deployed."),
    "not_enough_fate": gettext_lazy("Deploying {card} costs {cost} fate points and your bank holds {bank}."),
    "cover_needs_base_actions": gettext_lazy(
        "Deploying into cover takes the turn's three ordinary actions: it must come before any other action."
    ),
    "wrong_zone": gettext_lazy("{card} joins the {zone}."),
    "already_in_cover": gettext_lazy("{warrior} is already face down in cover."),
    "not_in_cover": gettext_lazy("{warrior} is not in cover."),
    "seal_mismatch": gettext_lazy("{card} is not the card you sealed when you deployed this warrior into cover."),
    "target_face_down": gettext_lazy("Nothing may be attached to, or aimed at, a face-down warrior here."),
    "not_equipment": gettext_lazy("{card} is not equipment."),
    "doomtroopers_only": gettext_lazy("{card} may be given only to a Doomtrooper."),
    "not_a_gift": gettext_lazy("{card} is not a Dark Symmetry gift."),
    "no_dark_legion": gettext_lazy("You need a Dark Legion warrior in play to grant a gift."),
    "not_dark_legion": gettext_lazy("A gift may go only to a Dark Legion warrior."),
    "wrong_apostle": gettext_lazy("{card} may go only to a follower of {apostle}."),
    "immune_to_gifts": gettext_lazy("{warrior} is immune to Dark Symmetry gifts."),
    "gift_kind_taken": gettext_lazy("{warrior} already carries {card}."),
    "equipment_permanent": gettext_lazy("Attached equipment is permanent: it can never be moved."),
    "first_turn_attack": gettext_lazy("You may not attack in your first turn."),
    "second_attack": gettext_lazy("You have already attacked this turn."),
    "attacker_in_cover": gettext_lazy("{warrior} is in cover: it must leave cover before it attacks."),
    "bad_defender": gettext_lazy("The defender must be another warrior in play."),
    "not_in_combat": gettext_lazy("{warrior} is not in this combat."),
    "not_its_weapon": gettext_lazy("Choose weapons attached to {warrior}."),
    "weapon_tactic": gettext_lazy("{card} is a {weapon} weapon: it does not work when you {tactic}."),
    "one_weapon": gettext_lazy("Each warrior uses at most one weapon in a combat."),
    "one_weapon_class": gettext_lazy("Each warrior uses weapons of one class only."),
    "wrong_card": gettext_lazy("{card} does not do that in combat."),
    "immune": gettext_lazy("{warrior} is immune to Dark Symmetry cards such as {card}."),
    "modifier_kind_used": gettext_lazy("You already played {card} on this warrior in this combat."),
    "not_in_play": gettext_lazy("That warrior is not in play."),
    "cover_cannot_join": gettext_lazy("A warrior in cover cannot join a combat."),
    "already_in_combat": gettext_lazy("{warrior} already fights in this combat."),
    "no_such_decision": gettext_lazy("There is no such decision for you."),
    "bad_split": gettext_lazy("Split {points} points: the victory points must be between 0 and {points}."),
    "bad_choice": gettext_lazy("Choose one of: {choices}."),
    "not_a_mission": gettext_lazy("{card} is not a mission."),
    "one_target": gettext_lazy("Assign the mission to one warrior or to one player."),
    "wrong_target": gettext_lazy("{card} may target only: {targets}."),
    "mission_duplicate": gettext_lazy("That target already has {card} open."),
    "not_open_mission": gettext_lazy("That is not an open mission."),
    "not_your_mission": gettext_lazy("Only the mission's owner reports it done."),
    "no_open_mission": gettext_lazy("You have no open mission to report."),
    "not_an_effect": gettext_lazy("Play {card} with its own command (equip, gift, mission or combat)."),
    "app_holds_decks": gettext_lazy("The app holds the decks at this table: nothing to report."),
    "physical_cards": gettext_lazy("You play your own cards: choose the card by its name."),
    "library_already_empty": gettext_lazy("Your library is already reported empty."),
    "discard_count": gettext_lazy(
        "With {hand} cards in hand, discard down to {size} (or at most one card when you hold no more)."
    ),
    "draw_to_seven": gettext_lazy("Draw until you hold {size} cards, unless your library runs out."),
    "no_deck_needed": gettext_lazy("Players use their own cards at this table: register no deck."),
    "deck_needed": gettext_lazy("Register your deck list: the cards of your deck."),
    "deck_too_big": gettext_lazy("A deck list has at most {most} cards."),
    "no_such_seat": gettext_lazy("The first player must be one of the players."),
    "conceded": gettext_lazy("You conceded this game: you send no more commands."),
}

EVENTS = {
    "opening_hand": gettext_lazy("{seat} took an opening hand of {count} cards."),
    "first_player": gettext_lazy("{seat} begins."),
    "turn_began": gettext_lazy("{seat}'s turn began with {actions} actions."),
    "drew_reported": gettext_lazy("{seat} drew up to {hand_count} cards."),
    "drew_count": gettext_lazy("{seat} drew {count} cards."),
    "drew": gettext_lazy("You drew: {cards}."),
    "dealt": gettext_lazy("You were dealt: {cards}."),
    "draw_skipped": gettext_lazy("{seat}'s library is empty: no draw."),
    "deck_shuffled": gettext_lazy("{seat}'s deck of {cards} cards was shuffled; {cut_by} cut it."),
    "deployed": gettext_lazy("{seat} deployed {card} for {paid} fate points."),
    "deployed_into_cover": gettext_lazy("{seat} deployed {card} into cover."),
    "took_cover": gettext_lazy("{seat} took {card} into cover."),
    "left_cover": gettext_lazy("{seat} brought {card} out of cover."),
    "revealed": gettext_lazy("{card} was revealed."),
    "paid_on_reveal": gettext_lazy("{seat} paid {paid} fate points for the revealed warrior."),
    "shortfall_on_reveal": gettext_lazy(
        "{seat} could not pay for the revealed warrior: lost {fate_lost} fate and {vp_lost} victory points."
    ),
    "meditated": gettext_lazy("{seat} meditated and gained a fate point."),
    "equipped": gettext_lazy("{seat} equipped {warrior} with {card}."),
    "gift_granted": gettext_lazy("{seat} granted {card} to {warrior}."),
    "equipment_placed": gettext_lazy("{card} went to the {where}."),
    "effect_played": gettext_lazy("{seat} played {card}."),
    "mission_assigned": gettext_lazy("{seat} assigned the mission {card}."),
    "mission_done": gettext_lazy("{seat} completed the mission {card}."),
    "actions_ended": gettext_lazy("{seat} ended their actions ({lost} unused)."),
    "attack_declared": gettext_lazy("{seat}'s {attacker} attacks {defender}: {tactic}."),
    "combat_preliminary": gettext_lazy("Combat values: {values}."),
    "combat_cancelled": gettext_lazy("The combat ended before it began: the defender left the table."),
    "combatant_joined": gettext_lazy("{warrior} joined the {side}."),
    "weapon_chosen": gettext_lazy("{seat} chose weapons for {warrior}: {weapons}."),
    "modifier_played": gettext_lazy("{seat} played {card} on {warrior}."),
    "passed": gettext_lazy("{seat} passed."),
    "combat_resolved": gettext_lazy("The combat was resolved."),
    "wounded": gettext_lazy("{warrior} was wounded."),
    "killed": gettext_lazy("{warrior} was killed; {scorer} scores it."),
    "warrior_removed": gettext_lazy("{card} left the table."),
    "points_due": gettext_lazy("{seat} scores {points} points: split them between victory and fate points."),
    "scored": gettext_lazy("{seat} took {vp} victory points and {fp} fate points."),
    "discarded": gettext_lazy("{seat} discarded {card}."),
    "turn_ended": gettext_lazy("{seat}'s turn ended with {hand_count} cards in hand."),
    "library_emptied": gettext_lazy("{seat}'s library is empty."),
    "game_ended": gettext_lazy("The game is over: {outcome}."),
    "conceded": gettext_lazy("{seat} conceded."),
    "roll.announced": gettext_lazy("A roll was made."),
    "undone": gettext_lazy("A command was undone."),
    "amended": gettext_lazy("A command was corrected."),
    "close.asked": gettext_lazy("{seat} asks to close the table."),
}

COMMANDS = {
    "report_draw": gettext_lazy("Report my draw"),
    "report_library_empty": gettext_lazy("My library is empty"),
    "deploy": gettext_lazy("Deploy a warrior"),
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
    "pass": gettext_lazy("Pass (no more cards)"),
    "end_actions": gettext_lazy("End my actions"),
    "end_turn": gettext_lazy("End my turn"),
    "answer": gettext_lazy("Answer"),
    "concede": gettext_lazy("Concede"),
}

FIELDS = {
    "card": gettext_lazy("Card"),
    "slug": gettext_lazy("Card"),
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
    "slugs": gettext_lazy("Cards to discard"),
    "decision": gettext_lazy("Decision"),
    "vp": gettext_lazy("Victory points (the rest as fate points)"),
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
    "cover": gettext_lazy("cover"),
    "discard": gettext_lazy("discard pile"),
    "out_of_game": gettext_lazy("out of the game"),
    "played": gettext_lazy("out of the game"),
    "draw": gettext_lazy("the Draw step"),
    "actions": gettext_lazy("the Action step"),
    "combat": gettext_lazy("a combat"),
    "close": gettext_lazy("close combat"),
    "firearm": gettext_lazy("firearm"),
    "dual": gettext_lazy("dual"),
    "own_warrior": gettext_lazy("your own warrior"),
    "self": gettext_lazy("yourself"),
    "warrior": gettext_lazy("another player's warrior"),
    "points_split": gettext_lazy("Split the points of a kill"),
    "equipment_destination": gettext_lazy("Where the dead warrior's equipment goes"),
}

#: The words of a decision (its kind), of an outcome's reason.
REASONS = {
    "libraries_empty": gettext_lazy("every library is empty"),
    "vp_target": gettext_lazy("the victory-point target is reached"),
    "no_warrior": gettext_lazy("a player has had no warrior for two turns"),
    "conceded": gettext_lazy("a player conceded"),
}

CARD_KEYS = {"card", "warrior", "attacker", "defender", "target", "victim", "mission"}
SEAT_KEYS = {"seat", "player", "scorer", "cut_by", "winner", "return_to"}
LIST_KEYS = {"cards", "weapons", "steps", "targets", "choices"}


@cache
def _pack_names() -> dict[str, Mapping[str, str]]:
    """Every served Doomtrooper pack's card names by slug: for a refusal read without the table's pack."""
    from referee.served_packs import packs

    out: dict[str, Mapping[str, str]] = {}
    for pack in packs():
        if pack.system == SYSTEM and pack.typed is not None:
            out |= {slug: card.names for slug, card in pack.typed.cards.items()}
    return out


def card_words(value: Any, cards: Mapping[str, Any] | None = None) -> str:
    """A card as the reader knows it: a slug or a reference with its identity by name, else face-down."""
    slug = value.get("card") if isinstance(value, Mapping) else value
    if not slug:
        return _("a face-down card")
    known = (cards or {}).get(str(slug)) or _pack_names().get(str(slug))
    return localized(known) if known else _("a card")


def choice_words(value: Any) -> str:
    text = CHOICES.get(str(value))
    return str(text) if text is not None else str(value).replace("_", " ")


def _outcome(value: Mapping[str, Any], context: Mapping[str, Any]) -> str:
    reason = str(REASONS.get(str(value.get("reason")), ""))
    if value.get("winner"):
        won = _("%(who)s wins") % {"who": seat_words(value["winner"], context)}
        return f"{won} ({reason})" if reason else won
    return _("a draw") + (f" ({reason})" if reason else "")


def seat_words(value: Any, context: Mapping[str, Any]) -> str:
    return str((context.get("usernames") or {}).get(str(value)) or _("a player"))


def names(key: str, value: Any, context: Mapping[str, Any]) -> Any:
    """A parameter's words (see the module's docstring)."""
    cards = context.get("cards")
    if key in CARD_KEYS:
        return card_words(value, cards)
    if key in SEAT_KEYS:
        return seat_words(value, context)
    if key == "cards" and isinstance(value, int):
        return value
    if key in LIST_KEYS and isinstance(value, list | tuple):
        if key in ("cards", "weapons"):
            return ", ".join(card_words(v, cards) for v in value) or _("nothing")
        return ", ".join(choice_words(v) for v in value)
    if key == "apostle":
        return str(value).replace("_", " ").title()
    if key in ("zone", "tactic", "weapon", "side", "where", "effect"):
        return choice_words(value)
    if key == "values" and isinstance(value, list):
        return "; ".join(
            _("%(warrior)s %(attack)s against armour %(armour)s")
            % {"warrior": card_words(v.get("warrior"), cards), "attack": v.get("attack"), "armour": v.get("armour")}
            for v in value
            if isinstance(v, Mapping)
        )
    if key == "outcome" and isinstance(value, Mapping):
        return _outcome(value, context)
    return value


def _prefixed(prefix: str, table: Mapping[str, Any]) -> dict[str, Any]:
    return {f"{prefix}.{code}": text for code, text in table.items()}


WORDS = EngineWords(
    {
        **REFUSALS,
        **_prefixed("event", EVENTS),
        **_prefixed("command", COMMANDS),
        **_prefixed("field", FIELDS),
        **_prefixed("choice", CHOICES),
    },
    names=names,
)
