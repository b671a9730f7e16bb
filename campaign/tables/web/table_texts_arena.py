"""The words of an arena duel's page: steps, roll purposes, commands, and the log as sentences.

Only what a seat's own view and events contain reaches these functions (the selectors redact first):
an opponent's roll reaches a fighter only as "rolled" until the GM announces its effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

PHASES = {
    "prep_info": gettext_lazy("Information rolls"),
    "prep_gambling": gettext_lazy("Gambling"),
    "prep_bans": gettext_lazy("Bans"),
    "prep_selection": gettext_lazy("Weapon selection"),
    "prep_final": gettext_lazy("Poison and will duels"),
    "fight": gettext_lazy("The fight"),
    "post": gettext_lazy("After the fight"),
    "closed": gettext_lazy("Closed"),
}

PURPOSES = {
    "notice_info": gettext_lazy("Notice (information)"),
    "magic_info": gettext_lazy("Knowledge (Magic)"),
    "persuasion": gettext_lazy("Persuasion (extra bans)"),
    "poison": gettext_lazy("Stealth (poison)"),
    "contest": gettext_lazy("Opposed roll"),
    "hold": gettext_lazy("Hold: Agility"),
    "attack": gettext_lazy("Attack"),
    "damage": gettext_lazy("Damage"),
    "soak": gettext_lazy("Soak"),
    "spirit": gettext_lazy("Spirit (recover)"),
    "skill": gettext_lazy("Skill after the fight"),
    "ritual": gettext_lazy("Ritual"),
}

STATUSES = {"open": gettext_lazy("open: reroll or accept"), "final": gettext_lazy("accepted, waiting for the GM"),
            "announced": gettext_lazy("announced")}

COMMANDS = {
    "reroll": gettext_lazy("Reroll with a benny"),
    "finalize": gettext_lazy("Accept the roll"),
    "announce": gettext_lazy("Announce the effect"),
    "declare": gettext_lazy("Declare"),
    "notice": gettext_lazy("Roll Notice on the opponent"),
    "knowledge_magic": gettext_lazy("Roll Knowledge (Magic) on the opponent"),
    "learn": gettext_lazy("Spend a reveal"),
    "ban": gettext_lazy("Ban a weapon group"),
    "persuade": gettext_lazy("Roll Persuasion for more bans"),
    "bans_done": gettext_lazy("No more bans"),
    "loser_first": gettext_lazy("The loser chooses first"),
    "choose": gettext_lazy("Choose my items"),
    "poison": gettext_lazy("Poison my weapon"),
    "will_duel": gettext_lazy("Start a will duel"),
    "stealth": gettext_lazy("Roll Stealth"),
    "act": gettext_lazy("Roll my next action"),
    "damage": gettext_lazy("Roll damage"),
    "soak": gettext_lazy("Spend a benny to soak"),
    "take": gettext_lazy("Take the wounds"),
    "unshake": gettext_lazy("End Shaken"),
    "end_turn": gettext_lazy("End my turn"),
    "skill_roll": gettext_lazy("Roll a skill (healing)"),
    "ritual": gettext_lazy("Hold the ritual"),
    "phase_next": gettext_lazy("Next step"),
    "signal": gettext_lazy("Give the signal (opposed Notice)"),
    "contest_rule": gettext_lazy("Rule a tied contest"),
    "distance_set": gettext_lazy("Set the distance"),
    "trigger": gettext_lazy("Rule a hold's trigger"),
    "pass_step": gettext_lazy("Pass over this step"),
    "award": gettext_lazy("Award a persistent benny"),
    "ritual_skill": gettext_lazy("Name the ritual's skill"),
    "close": gettext_lazy("End the duel"),
    "concede": gettext_lazy("Concede the duel"),
}

FIELDS = {
    "what": gettext_lazy("What to learn"), "name": gettext_lazy("Attribute or skill"),
    "group": gettext_lazy("Weapon group"), "items": gettext_lazy("Items"), "item": gettext_lazy("Item"),
    "skill": gettext_lazy("Skill"), "by": gettext_lazy("How"), "source": gettext_lazy("Which benny"),
    "seat": gettext_lazy("Fighter"), "winner": gettext_lazy("Winner"), "contest": gettext_lazy("Contest"),
    "holder": gettext_lazy("Holder"), "how": gettext_lazy("How it triggered"), "square": gettext_lazy("Square"),
    "distance": gettext_lazy("Distance"), "target": gettext_lazy("Patient"), "force": gettext_lazy("Drop open rolls"),
    "effect": gettext_lazy("Effect, in words"), "roll": gettext_lazy("Roll"),
}

KNOWLEDGE = {
    "gift": gettext_lazy("Arcane gift: %(value)s"), "skill": gettext_lazy("Has the skill %(name)s"),
    "trait": gettext_lazy("%(name)s: d%(die)s"), "feature": gettext_lazy("Has %(name)s"),
    "no_feature_left": gettext_lazy("No edge or hindrance left to find"),
    "no_skill_left": gettext_lazy("No skill left to find"),
}


def label(table: Mapping[str, Any], key: Any) -> str:
    return str(table.get(key, str(key or "").replace("_", " ")))


def fact_text(fact: Mapping[str, Any]) -> str:
    """One thing a fighter learned of the opponent, in words."""
    text = KNOWLEDGE.get(fact.get("kind", ""))
    if text is None:
        return str(fact.get("kind", ""))
    values = {"value": str(fact.get("value") or _("none")), "name": str(fact.get("name", "")).replace("_", " "),
              "die": fact.get("die") or "?"}
    return str(text) % values


def roll_text(roll: Mapping[str, Any]) -> str:
    """A roll's tries as the roller (or the GM) sees them: each try's total; the kept one last."""
    tries = [str(t.get("total", "?")) for t in roll.get("rolls") or [] if t]
    return " → ".join(tries) or "?"


Sentence = Callable[[Mapping[str, Any], Callable[[Any], str]], str]

SENTENCES: dict[str, Sentence] = {
    "duel.opened": lambda d, who: _("The duel opened: only the Charisma is shown."),
    "bennies.given": lambda d, who: _("%(n)s bennies given (and %(p)s persistent).") % {
        "n": d.get("fight", 0), "p": d.get("persistent", 0)},
    "phase.begun": lambda d, who: _("Next step: %(phase)s.") % {"phase": label(PHASES, d.get("phase"))},
    "roll.hidden": lambda d, who: _("Rolled in secret: %(what)s.") % {"what": label(PURPOSES, d.get("purpose"))},
    "roll.rerolled": lambda d, who: _("A benny rerolled the roll."),
    "roll.final": lambda d, who: _("The roll was accepted."),
    "roll.announced": lambda d, who: _("The GM announced the effect."),
    "contest.opened": lambda d, who: _("An opposed roll began: %(kind)s.") % {"kind": str(d.get("kind", ""))},
    "contest.ruled": lambda d, who: _("The GM ruled the tie: %(who)s wins.") % {"who": who(d.get("winner"))},
    "gambling.won": lambda d, who: _("%(who)s won the Gambling.") % {"who": who(d.get("winner"))},
    "group.banned": lambda d, who: _("%(who)s banned %(group)s.") % {"who": who(d.get("by")),
                                                                   "group": str(d.get("group", ""))},
    "bans.done": lambda d, who: _("The bans are done."),
    "selection.made": lambda d, who: _("%(who)s chose their items.") % {"who": who(d.get("seat"))},
    "loadout.chosen": lambda d, who: _("Items chosen: %(items)s.") % {"items": ", ".join(d.get("items") or [])},
    "loadouts.shown": lambda d, who: _("Both have chosen: the loadouts are shown."),
    "fight.entered": lambda d, who: _("The fighters enter the ring, 24 squares apart."),
    "turn.first": lambda d, who: _("%(who)s takes the first turn.") % {"who": who(d.get("seat"))},
    "turn.begun": lambda d, who: _("%(who)s's turn.") % {"who": who(d.get("seat"))},
    "declaration.submitted": lambda d, who: _("%(who)s declared: move to square %(to)s, %(n)s actions.") % {
        "who": who(d.get("seat")), "to": d.get("move_to", "?"), "n": len(d.get("actions") or [])},
    "hold.declared": lambda d, who: _("A hold was declared (hidden)."),
    "hold.triggered": lambda d, who: _("A hold triggered."),
    "fact.learned": lambda d, who: _("Learned of the opponent: %(fact)s.") % {"fact": fact_text(d.get("fact") or {})},
    "benny.awarded": lambda d, who: _("A persistent benny was awarded: %(item)s.") % {"item": d.get("item", "")},
    "gm.note": lambda d, who: _("The GM: %(text)s") % {"text": d.get("text", "")},
    "duel.closed": lambda d, who: _("The duel is over.") if not d.get("winner") else
    _("The duel is over: %(who)s won.") % {"who": who(d.get("winner"))},
    "closed": lambda d, who: _("The table is closed: its seed is revealed."),
    "undone": lambda d, who: _("A command was undone."),
    "amended": lambda d, who: _("A command was corrected."),
    "conceded": lambda d, who: _("%(who)s conceded.") % {"who": who(d.get("seat"))},
    "close.asked": lambda d, who: _("%(who)s asks to close the table.") % {"who": who(d.get("seat"))},
}


def sentence(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One event of the seat's own log, as a sentence (a kind without its own words says its code)."""
    def who(seat: Any) -> str:
        return str(names.get(str(seat), str(seat or "?")))

    render = SENTENCES.get(str(event.get("code")))
    data = event.get("data") or {}
    if render is None:
        return _("%(what)s (%(rule)s)") % {"what": str(event.get("code", "")).replace(".", " ").replace("_", " "),
                                           "rule": event.get("rule") or "—"}
    return render(data, who)
