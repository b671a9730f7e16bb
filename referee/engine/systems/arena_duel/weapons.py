"""The weapon table's rules: strength caps, minimum strength, crossbow, knuckles, buckler, helmet (AD-WPN)."""

from __future__ import annotations

from typing import Any

from referee.engine.live.state import TableState
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel.context import Ctx
from referee.engine.systems.arena_duel.dice import steps_short
from referee.engine.systems.arena_duel.pack import Item
from referee.engine.systems.arena_duel.sheets import sheet

MARTIAL_ARTIST = "martial_artist"


def damage_notation(ctx: Ctx, item: Item | None, strength: int, *, martial_artist: bool = False, raise_: bool = False,
                    bonus: int = 0) -> str:
    """AD-WPN-02: Str+dN rolls the Strength die and the weapon die capped at the Strength die; bows and
    the crossbow keep their fixed dice. Damage dice ace. A raise on the attack adds d6 (core SWD).
    AD-WPN-05: a martial artist with knuckles gets no extra d4; AD-WPN-06: a buckler strikes Str+d4."""
    if item is None:
        text = f"d{strength}!" + ("+d4!" if martial_artist else "")
    elif item.damage_dice:
        count, _, sides = item.damage_dice.lower().partition("d")
        text = "+".join([f"d{sides}!"] * int(count or 1))
    else:
        die = item.damage_die or item.improvised_die
        text = f"d{strength}!+d{min(die, strength)}!"
    if raise_:
        text += "+d6!"
    if bonus:
        text += f"+{bonus}"
    return text


def min_strength_penalty(item: Item | None, strength: int, kind: str) -> int:
    """AD-WPN-03: -1 to a ranged or thrown attack per die step of Strength short of the minimum."""
    if item is None or kind not in ("shoot", "throw"):
        return 0
    return -steps_short(strength, item.min_str)


def range_penalty(item: Item | None, gap_: int) -> int:
    if item is None or item.range is None:
        return 0
    short, medium, _ = item.range
    return 0 if gap_ <= short else -2 if gap_ <= medium else -4


def readied_items(state: TableState, ctx: Ctx, seat: str) -> list[Item]:
    return [ctx.pack.items[s] for s in state.data["fight"]["readied"][seat] if s in ctx.pack.items]


def unarmed_defender(state: TableState, ctx: Ctx, seat: str) -> bool:
    """AD-WPN-05: a fighter with knuckles (or nothing) counts as unarmed for the defence penalty."""
    weapons = [i for i in readied_items(state, ctx, seat) if i.kind in ("melee", "thrown") or i.improvised_die]
    return all(i.unarmed for i in weapons)


def parry(state: TableState, ctx: Ctx, seat: str, *, gap_: int) -> int:
    """2 + half Fighting, with the readied weapons' and shield's Parry (AD-WPN-01); the halberd's -1 at
    distance 0; a buckler that struck loses its bonus during the opponent's next turn (AD-WPN-06)."""
    s = sheet(state, seat)
    value = int(s.get("parry") or 2 + s["skills"].get("fighting", 0) // 2)
    f = state.data["fight"]
    for item in readied_items(state, ctx, seat):
        struck = f["buckler_turn"].get(seat)
        if item.improvised_die and struck is not None and struck == state.turn.number - 1 \
                and state.turn.active != seat:
            continue
        value += item.parry + (item.parry_at_contact if gap_ == 0 else 0)
    return value


def toughness(state: TableState, seat: str) -> int:
    s = sheet(state, seat)
    return int(s.get("toughness") or 2 + s["attributes"]["vigor"] // 2)


def armour_at(state: TableState, ctx: Ctx, roller: Roller, seat: str, *, location: str, ranged: bool,
              loadout: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """The best armour covering ``location``, with AD-WPN-07's check for a helmet that works half the time;
    a medium or large shield adds +2 against ranged attacks."""
    best, checks = 0, []
    for slug in loadout:
        item = ctx.pack.items[slug]
        if item.kind != "armour" or location not in item.covers:
            continue
        value = item.armour
        if item.chance < 100:
            chance = ctx.settings.helmet_chance if location == "head" else item.chance
            rolled = roller.roll("d100", rule="AD-WPN-07", label=f"{slug} holds").total
            holds = rolled <= chance
            checks.append({"item": slug, "rolled": rolled, "holds": holds})
            value = value if holds else 0
        best = max(best, value)
    if ranged:
        best += max([ctx.pack.items[s].ranged_armour for s in loadout if ctx.pack.items[s].kind == "shield"],
                    default=0)
    return best, checks
