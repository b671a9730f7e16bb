"""The skirmish's words on a table's page: its cards, commands, fields and choices, and its log as sentences.

Only what a seat's own view and events contain reaches these functions (the selectors redact first):
a card the viewer does not know is "a face-down card", never its identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

COMMANDS = {
    "place_first": gettext_lazy("Place my first card"),
    "decide": gettext_lazy("Answer"),
    "declare": gettext_lazy("Declare the actions"),
    "move": gettext_lazy("Move"),
    "aim": gettext_lazy("Aim"),
    "shoot": gettext_lazy("Shoot"),
    "reload": gettext_lazy("Reload"),
    "recover": gettext_lazy("Recover"),
    "fight": gettext_lazy("Fight"),
    "break_off": gettext_lazy("Break off"),
    "mount_free": gettext_lazy("Mount or dismount"),
    "end_activation": gettext_lazy("End the activation"),
    "dirty_rat": gettext_lazy("Dirty rat: it acted before declaring"),
    "duck_back": gettext_lazy("Duck Back"),
    "quick_shot": gettext_lazy("Quick Shot"),
    "hth_declare": gettext_lazy("Declare for the fight"),
    "pass": gettext_lazy("Pass"),
    "play_card": gettext_lazy("Play a card from my hand"),
    "eot_draw": gettext_lazy("End-of-turn draw"),
    "set_fact": gettext_lazy("Enter a table fact"),
    "dispute_fact": gettext_lazy("Dispute a table fact"),
    "nerve_test": gettext_lazy("Take a Nerve test"),
    "concede": gettext_lazy("Concede"),
    "declare_result": gettext_lazy("Declare the scenario's result"),
}

FIELDS = {
    "character": gettext_lazy("Character"),
    "target": gettext_lazy("Target"),
    "actions": gettext_lazy("Actions, in order"),
    "howl_target": gettext_lazy("Howl at"),
    "key": gettext_lazy("Decision"),
    "choice": gettext_lazy("Answer"),
    "with": gettext_lazy("Swap with"),
    "order": gettext_lazy("Order (characters, separated by commas)"),
    "mode": gettext_lazy("How"),
    "distance_cm": gettext_lazy("Distance (cm)"),
    "climb_moves": gettext_lazy("Moves spent climbing"),
    "into_building": gettext_lazy("Into a building"),
    "tether": gettext_lazy("Tie the horse here"),
    "part": gettext_lazy("Rider or horse"),
    "nearest": gettext_lazy("It is the nearest target"),
    "vehicle_markers": gettext_lazy("The vehicle's movement markers"),
    "range": gettext_lazy("Range"),
    "cover": gettext_lazy("Cover"),
    "obscured": gettext_lazy("Obscured"),
    "above": gettext_lazy("Shooting from above"),
    "modifiers": gettext_lazy("Other modifiers (names, separated by commas)"),
    "extra": gettext_lazy("Extra modifier"),
    "obscured_by": gettext_lazy("Obscured by"),
    "by_card": gettext_lazy("Allowed by a card"),
    "switch": gettext_lazy("Switch weapons instead"),
    "defensive": gettext_lazy("Fight defensively"),
    "lasso": gettext_lazy("Use the lasso"),
    "throw": gettext_lazy("Declare a roof throw"),
    "higher": gettext_lazy("Higher than the enemy"),
    "dismount": gettext_lazy("Dismount"),
    "visible": gettext_lazy("Still visible to the shooter"),
    "card": gettext_lazy("Card"),
    "answer": gettext_lazy("It answers the last card played"),
    "draw": gettext_lazy("Draw a card"),
    "discard": gettext_lazy("Discard first"),
    "name": gettext_lazy("Fact"),
    "value": gettext_lazy("True"),
    "trigger": gettext_lazy("Why"),
    "winner": gettext_lazy("Winner"),
}

CHOICES = {
    "move": gettext_lazy("Move"), "aim": gettext_lazy("Aim"), "shoot": gettext_lazy("Shoot"),
    "reload": gettext_lazy("Reload"), "recover": gettext_lazy("Recover"), "fight": gettext_lazy("Fight"),
    "break_off": gettext_lazy("Break off"),
    "miss": gettext_lazy("Miss"), "wound": gettext_lazy("Wound"), "wound_nerve": gettext_lazy("Wound + Nerve test"),
    "referee": gettext_lazy("The referee applies it"), "decline": gettext_lazy("No swap"),
    "point_blank": gettext_lazy("point blank"), "close": gettext_lazy("close"), "long": gettext_lazy("long"),
    "none": gettext_lazy("none"), "solid": gettext_lazy("solid cover"), "soft": gettext_lazy("soft cover"),
    "yes": gettext_lazy("Yes"), "no": gettext_lazy("No"), "draw": gettext_lazy("A draw"),
    # The position facts a seat enters (nerve.POSITION_FACTS).
    "friend_near": gettext_lazy("A friend within 15 cm"), "high_ground": gettext_lazy("On high ground"),
    "mid_jump": gettext_lazy("In the middle of a jump"), "on_vehicle": gettext_lazy("On a vehicle"),
    "moving_vehicle": gettext_lazy("On a moving vehicle"), "near_window": gettext_lazy("Next to a window"),
    "fall_over_20": gettext_lazy("Would fall more than 20 cm"), "near_baron": gettext_lazy("Near the Baron"),
    "enemy_within_30": gettext_lazy("An enemy within 30 cm"), "tether_point": gettext_lazy("At a tether point"),
    "higher": gettext_lazy("Higher than the enemy"),
}

STATES = {"waiting": gettext_lazy("waiting"), "active": gettext_lazy("activating"), "done": gettext_lazy("done")}

PHASES = {
    "setup": gettext_lazy("Setting up"), "initiative": gettext_lazy("Initiative: place your first card"),
    "activations": gettext_lazy("Activations"), "end_of_turn": gettext_lazy("End of the turn"),
    "ended": gettext_lazy("The game is over"),
}

#: Event code -> sentence: %(who)s a side's player, %(char)s a character, %(card)s a card as the viewer knows it.
SENTENCES = {
    "game.started": gettext_lazy("The game began."),
    "turn.started": gettext_lazy("Turn %(turn)s began: every player draws a first card."),
    "hand.dealt": gettext_lazy("I was dealt my hand."),
    "hand.dealt.count": gettext_lazy("%(who)s was dealt %(count)s cards."),
    "first.drawn": gettext_lazy("I drew my first card: %(card)s."),
    "first.drawn.count": gettext_lazy("%(who)s drew a first card."),
    "first.placed": gettext_lazy("%(who)s placed a first card."),
    "first.placed.by": gettext_lazy("I placed my first card by %(char)s."),
    "initiative.revealed": gettext_lazy("Every initiative card was revealed."),
    "order.set": gettext_lazy("The activation order is set."),
    "swap.offered": gettext_lazy("%(who)s holds the lowest card and may swap."),
    "swap.made": gettext_lazy("Two initiative cards were swapped."),
    "swap.declined": gettext_lazy("No swap this turn."),
    "swap.none": gettext_lazy("The lowest card is shared: nobody swaps."),
    "rolloff.made": gettext_lazy("A roll-off broke a tie."),
    "up": gettext_lazy("%(char)s is up."),
    "actions.declared": gettext_lazy("%(char)s declared: %(actions)s."),
    "moved": gettext_lazy("%(char)s moved."),
    "aimed": gettext_lazy("%(char)s aimed."),
    "reloaded": gettext_lazy("%(char)s reloaded."),
    "recovered": gettext_lazy("%(char)s recovered."),
    "shot.announced": gettext_lazy("%(char)s shoots at %(target)s."),
    "window.opened": gettext_lazy("The others may answer now."),
    "passed": gettext_lazy("%(who)s passed."),
    "ducked_back": gettext_lazy("%(char)s ducked back."),
    "quick_shot": gettext_lazy("%(char)s took a quick shot."),
    "shot.rolled": gettext_lazy("%(char)s rolled %(die)s on the d20 (total %(total)s)."),
    "result.awaited": gettext_lazy("The shot's result is to be entered."),
    "result.entered": gettext_lazy("The result was entered: %(result)s."),
    "result.read": gettext_lazy("The league's table gives: %(result)s."),
    "marker.placed": gettext_lazy("%(char)s took an Under Fire marker."),
    "nerve.tested": gettext_lazy("%(char)s took a Nerve test."),
    "character.removed": gettext_lazy("%(char)s is out of play."),
    "activation.ended": gettext_lazy("%(char)s's activation ended."),
    "activation.lost": gettext_lazy("%(char)s lost its activation."),
    "initiative.discarded": gettext_lazy("%(char)s's card went to the discard."),
    "card.played": gettext_lazy("%(who)s played %(card)s."),
    "card.drawn": gettext_lazy("I drew %(card)s."),
    "card.drawn.count": gettext_lazy("%(who)s drew %(count)s card(s) at the end of the turn."),
    "card.discarded": gettext_lazy("%(who)s discarded %(card)s to draw."),
    "deck.reshuffled": gettext_lazy("%(who)s's discard was shuffled into a new draw pile."),
    "deck.ready": gettext_lazy("%(who)s's deck was shuffled."),
    "turn.ending": gettext_lazy("The turn is ending: draws, then the next turn."),
    "movement.cleared": gettext_lazy("Movement markers were removed."),
    "ties.owner_orders": gettext_lazy("%(who)s orders their tied characters."),
    "interrupted": gettext_lazy("%(char)s interrupted."),
    "charge.missed": gettext_lazy("%(char)s's charge did not reach."),
    "fight.started": gettext_lazy("A fight began."),
    "nerve.auto": gettext_lazy("%(char)s passed the Nerve test without rolling."),
    "shot.out_of_ammo": gettext_lazy("%(char)s is out of ammo."),
    "initiative.none": gettext_lazy("%(char)s was dealt no card and loses its activation."),
    "deck.empty": gettext_lazy("%(who)s's draw pile and discard are empty: nothing was drawn."),
    "bnt.tested": gettext_lazy("%(who)s took a Big Nerve Test."),
    "faction.left": gettext_lazy("%(who)s's faction left the table."),
    "conceded": gettext_lazy("%(who)s conceded."),
    "game.ended": gettext_lazy("The game is over."),
    "undone": gettext_lazy("A command was undone."),
    "amended": gettext_lazy("A command was corrected."),
    "closed": gettext_lazy("The table was closed."),
    "close.asked": gettext_lazy("%(who)s asks to close the table."),
}

COLOURS = {"black": gettext_lazy("black"), "red": gettext_lazy("red")}
FACES = {"J": gettext_lazy("Jack"), "Q": gettext_lazy("Queen"), "K": gettext_lazy("King"), "A": gettext_lazy("Ace")}


def card_label(card: Mapping[str, Any] | None) -> str:
    """A card as the viewer knows it ("7 black", "Joker"), else "a face-down card"."""
    slug = str((card or {}).get("card") or "")
    if not slug:
        return _("a face-down card")
    if slug == "joker":
        return _("Joker")
    rank, _sep, colour = slug.partition("-")
    if colour == "faction":  # SC-DECK-02: the faction's own J-A
        return _("%(face)s of the faction") % {"face": FACES.get(rank, rank)}
    return f"{FACES.get(rank, rank)} {COLOURS.get(colour, colour)}"


def word(table: Mapping[str, Any], value: Any) -> str:
    return str(table.get(str(value), value or ""))


def command_label(kind: str) -> str:
    return word(COMMANDS, kind) or kind


def field_label(name: str) -> str:
    return str(FIELDS.get(name, name.replace("_", " ").capitalize()))


def sentence(event: Mapping[str, Any], usernames: Mapping[str, str], names: Mapping[str, str]) -> str:
    """One event of the viewer's stream as a sentence; ``names``: character id -> its name and player."""
    data = event.get("data") or {}
    side = str(data.get("side") or data.get("seat") or "")
    card = data.get("card") if isinstance(data.get("card"), Mapping) else None
    who = str(data.get("character") or data.get("shooter") or "")
    values = {
        "who": usernames.get(side, _("the house") if side == "house" else _("someone")),
        "char": names.get(who, who),
        "target": names.get(str(data.get("target", "")), str(data.get("target", ""))),
        "card": card_label(card), "count": data.get("count", ""), "turn": data.get("turn", ""),
        "actions": ", ".join(word(CHOICES, a) for a in data.get("actions", []) or []),
        "die": data.get("die", data.get("d20", "")), "total": data.get("total", ""),
        "result": word(CHOICES, data.get("result", "")),
    }
    text = SENTENCES.get(str(event.get("code")))
    if text is None:
        return _("Something happened at the table (%(code)s).") % {
            "code": str(event.get("code", "")).replace("_", " ").replace(".", " ")}
    return str(text) % values
