"""Hidden rolls: every roll private to its roller and the GM until the GM announces the effect (AD-ROLL).

Each roll is one of the mechanism's reroll chains (:mod:`referee.engine.live.rerolls`) with a
benny budget; its meaning (the trait, the modifiers, the target number, what it is for) lives in
the roller's hidden part. A lone roll has an opaque key (drawn like a card handle), so no one
can count another fighter's rolls; the two chains of an opposed roll belong to a public
*contest* (``c<n>``), announced only when both are final (AD-ROLL-04).
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import Event, handle, private
from referee.engine.live.rerolls import chain_announce, chain_finalize, chain_reroll, chain_start
from referee.engine.live.state import GM, TableState
from referee.engine.live.system import CommandError
from referee.engine.rolls import Roller
from referee.engine.systems.arena_duel import bennies as bn
from referee.engine.systems.arena_duel.dice import critical_failure, trait_notation
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings
from referee.engine.systems.arena_duel.sheets import private as hidden
from referee.engine.systems.arena_duel.sheets import sheet, trait


def gms(state: TableState) -> list[str]:
    return [s for s, role in state.seats.items() if role == GM]


def secret(state: TableState, code: str, who: str, rule: str = "", **data: Any) -> Event:
    """An event for the seat ``who`` and the GM only."""
    return private(code, [who, *gms(state)], rule, **data)


def settings_of(state: TableState) -> ArenaDuelSettings:
    return ArenaDuelSettings.from_dict(state.settings)


def meta(state: TableState, key: str) -> dict[str, Any]:
    """The hidden meaning of roll ``key`` (in its owner's hidden part)."""
    return hidden(state, state.chains[key].owner)["rolls"][key]


def roll_start(state: TableState, roller: Roller, *, seat: str, purpose: str, rule: str, trait_name: str = "",
               modifiers: dict[str, int] | None = None, notation: str = "", key: str = "", tn: int | None = None,
               rerollable: bool = True, **extra: Any) -> tuple[str, list[Event]]:
    """Start a hidden roll for ``seat``: a trait roll (the trait's die plus every modifier) or ``notation``."""
    settings = settings_of(state)
    mods = dict(modifiers or {})
    if trait_name:
        die, unskilled = trait(sheet(state, seat), trait_name, unskilled_die=settings.unskilled_die,
                               unskilled_modifier=settings.unskilled_modifier)
        if unskilled:
            mods["unskilled"] = unskilled
        wounds = state.data["fight"]["wounds"].get(seat, 0)
        if wounds:
            mods["wounds"] = -min(3, wounds)  # core SWD wound penalties
        notation = trait_notation(die, sum(mods.values()))
    mine = hidden(state, seat)
    if not key:
        mine["next_roll"] += 1
        key = handle(state.key, seat, f"roll{mine['next_roll']}", 0)
    chain_start(state, key=key, owner=seat, notation=notation, roller=roller, rule=rule,
                budget=bn.fight_key(seat) if rerollable else "")
    mine["rolls"][key] = {"purpose": purpose, "trait": trait_name, "modifiers": mods,
                          "tn": settings.target_number if tn is None else tn, "rerollable": rerollable, **extra}
    events = [secret(state, "roll.hidden", seat, rule, key=key, purpose=purpose, trait=trait_name,
                     modifiers=mods, roll=state.chains[key].rolls[-1])]
    return key, [*events, *_final_if_forced(state, key, settings)]


def _final_if_forced(state: TableState, key: str, settings: ArenaDuelSettings) -> list[Event]:
    """AD-BEN-05: a critical failure is final at once (unless the table allows rerolling it);
    a roll that may not be rerolled (damage, AD-BEN-04) is final at once too."""
    chain = state.chains[key]
    info = hidden(state, chain.owner)["rolls"][key]
    crit = critical_failure(chain.rolls[-1])
    info["critical_failure"] = info.get("critical_failure", False) or crit
    if (crit and not settings.crit_fail_reroll) or not info["rerollable"]:
        return finalize(state, key)
    return []


def check_own_open(view: TableState, seat: str, key: str) -> None:
    """Refuse a roll ``seat`` does not own or that is already final: one error for both, so a fighter
    learns nothing about the opponent's rolls by naming them."""
    chain = view.chains.get(key)
    if chain is None or chain.owner != seat or key not in hidden(view, seat)["rolls"]:
        raise CommandError("no_such_roll", "you have no such roll", "roll")
    if chain.status != "open":
        raise CommandError("roll_final", "this roll is final: no more rerolls (AD-ROLL-02)", "roll")


def reroll(state: TableState, roller: Roller, *, seat: str, key: str, source: str) -> list[Event]:
    """AD-ROLL-02, AD-BEN-04: spend a benny (fight or persistent) to reroll an open trait roll."""
    spend = bn.spend_key(state, seat, source) if source == bn.PERSISTENT else None
    chain_reroll(state, key=key, owner=seat, roller=roller, spend=spend)
    chain = state.chains[key]
    shown = [secret(state, "roll.rerolled", seat, chain.rule, key=key, roll=chain.rolls[-1],
                    tries=len(chain.rolls), source=source)]
    return [*shown, *_final_if_forced(state, key, settings_of(state))]


def finalize(state: TableState, key: str) -> list[Event]:
    """The roller accepts: the best (or last, CONFIG) result of the chain counts; the GM is told."""
    chain = state.chains[key]
    chain_finalize(state, key=key, owner=chain.owner, best=settings_of(state).reroll_keeps == "best")
    info = meta(state, key)
    info["total"] = chain.rolls[chain.chosen]["total"]
    info["kept_critical_failure"] = critical_failure(chain.rolls[chain.chosen])
    return [secret(state, "roll.final", chain.owner, chain.rule, key=key, total=info["total"],
                   critical_failure=info["kept_critical_failure"])]


def kept_total(state: TableState, key: str) -> int:
    chain = state.chains[key]
    return int(chain.rolls[chain.chosen]["total"])


def announce(state: TableState, keys: list[str], *, rule: str, audience: list[str] | None = None,
             **effect: Any) -> list[Event]:
    """AD-ROLL-03: the GM announces the effect of final rolls; no more rerolls after it.

    The numbers are shown only when the table says so, the reroll counts never (AD-ROLL-05, GAP-01).
    ``audience``: the seats told (all by default; the roller and the GM for facts only it learns).
    """
    settings = settings_of(state)
    shown = chain_announce(state, keys=keys, numbers=False, tries=not settings.benny_counts_private)[0]
    data = dict(shown.data)
    if settings.announce_shows_total:
        data["totals"] = {k: kept_total(state, k) for k in keys}
    data.update(effect)
    if audience is None:
        return [Event("roll.announced", rule, shown.audience, data)]
    return [private("roll.announced", [*audience, *gms(state)], rule, **data)]


# Contests: opposed rolls (AD-DICE-04, AD-ROLL-04).

def contest_open(state: TableState, roller: Roller, *, kind: str, rule: str, sides: dict[str, dict[str, Any]],
                 **extra: Any) -> tuple[str, list[Event]]:
    """Open an opposed roll: ``sides`` maps each seat to its roll (``trait_name`` and ``modifiers``, or
    ``key`` of a roll it already made, such as a hold's pre-rolled Agility)."""
    duel = state.data["duel"]
    duel["contests_made"] += 1
    cid = f"c{duel['contests_made']}"
    contest: dict[str, Any] = {"id": cid, "kind": kind, "rule": rule, "round": 1, "sides": {}, "status": "open",
                               "winner": "", "spec": sides, **extra}
    state.data["contests"][cid] = contest
    events = [Event("contest.opened", rule, ("*",), {"contest": cid, "kind": kind, "seats": sorted(sides), **extra})]
    return cid, [*events, *_contest_roll(state, roller, contest)]


def _contest_roll(state: TableState, roller: Roller, contest: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    for seat, side in sorted(contest["spec"].items()):
        if side.get("key") and contest["round"] == 1:
            contest["sides"][seat] = side["key"]
            if state.chains[side["key"]].status == "open":
                events += finalize(state, side["key"])
            continue
        key = f"{contest['id']}.{contest['round']}:{seat}"
        contest["sides"][seat] = key
        _, made = roll_start(state, roller, seat=seat, purpose="contest", rule=contest["rule"], key=key,
                             trait_name=side.get("trait_name", ""), modifiers=side.get("modifiers"),
                             contest=contest["id"])
        events += made
    return events


def contest_ready(state: TableState, cid: str) -> bool:
    contest = state.data["contests"][cid]
    return contest["status"] == "open" and all(state.chains[k].status == "final" for k in contest["sides"].values())


def contest_compare(state: TableState, roller: Roller, cid: str) -> tuple[str, list[Event]]:
    """Announce both kept totals' outcome; the winner's seat, or "" on a tie (rolled again, GAP-03)."""
    contest = state.data["contests"][cid]
    a, b = sorted(contest["sides"])
    ta, tb = kept_total(state, contest["sides"][a]), kept_total(state, contest["sides"][b])
    winner = a if ta > tb else b if tb > ta else ""
    margin = abs(ta - tb)
    events = announce(state, [contest["sides"][a], contest["sides"][b]], rule=contest["rule"], contest=cid,
                      winner=winner, tie=not winner)
    if winner:
        contest.update(status="decided", winner=winner, margin=margin,
                       winner_total=max(ta, tb))
        return winner, events
    if settings_of(state).opposed_tie == "gm":
        contest["status"] = "tied"
        return "", events
    contest["round"] += 1
    return "", [*events, *_contest_roll(state, roller, contest)]


def contest_rule(state: TableState, cid: str, winner: str) -> None:
    """The GM decides a tied contest (``opposed_tie = gm``)."""
    contest = state.data["contests"][cid]
    contest.update(status="decided", winner=winner, margin=0, winner_total=0)
