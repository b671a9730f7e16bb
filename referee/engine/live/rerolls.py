"""Hidden rolls: a reroll chain with a budget, finalize, announce; sealed opposed pairs (LIVE-TABLES §2).

A hidden roll is seen by its owner only. The owner may reroll while the budget counter
(bennies) allows, spending one each time; finalizing keeps one roll of the chain (the last,
or the best where the system says so); announcing shows the kept roll to everyone. An
opposed pair is announced only when both of its chains are final, together, so neither side
can choose after seeing the other's result.
"""

from __future__ import annotations

from referee.engine.live.counters import CounterError, change
from referee.engine.live.events import Event, private, public
from referee.engine.live.state import RerollChain, TableState
from referee.engine.live.system import owned_roll
from referee.engine.rolls import Roller, roll_to_dict


class ChainError(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _chain(state: TableState, key: str, owner: str | None = None) -> RerollChain:
    chain = state.chains.get(key)
    if chain is None:
        raise ChainError("no_such_roll", "there is no such hidden roll")
    if owner is not None and chain.owner != owner:  # another seat's roll answers as a missing one does
        raise ChainError("no_such_roll", "there is no such hidden roll")
    return chain


def chain_start(state: TableState, *, key: str, owner: str, notation: str, roller: Roller, rule: str = "",
                budget: str = "") -> list[Event]:
    if key in state.chains:
        raise ChainError("roll_exists", "that hidden roll was already made")
    chain = RerollChain(key, owner, notation, rule, budget)
    made = owned_roll(roller, owner, notation, rule=rule, label=f"hidden {key}")  # the owner's own stream
    chain.rolls.append(roll_to_dict(made, detail=False))
    state.chains[key] = chain
    return [private("roll.hidden", [owner], rule, key=key, roll=chain.rolls[-1])]


def chain_reroll(state: TableState, *, key: str, owner: str, roller: Roller, spend: str | None = None) -> list[Event]:
    """Reroll, spending one from the chain's budget, or from ``spend`` (another pool of the owner's:
    a Savage Worlds persistent benny) when given."""
    chain = _chain(state, key, owner)
    if chain.status != "open":
        raise ChainError("roll_final", "this roll is final and cannot be rerolled")
    budget = chain.budget if spend is None else spend
    if budget:
        try:
            change(state, budget, -1)
        except CounterError:
            raise ChainError("no_budget", "nothing left to spend on a reroll") from None
    made = owned_roll(roller, chain.owner, chain.notation, rule=chain.rule, label=f"reroll {key}")
    chain.rolls.append(roll_to_dict(made, detail=False))
    return [private("roll.rerolled", [owner], chain.rule, key=key, roll=chain.rolls[-1], tries=len(chain.rolls))]


def chain_finalize(state: TableState, *, key: str, owner: str, best: bool = False) -> list[Event]:
    chain = _chain(state, key, owner)
    if chain.status != "open":
        raise ChainError("roll_final", "this roll is already final")
    totals = [r["total"] for r in chain.rolls]
    chain.chosen = totals.index(max(totals)) if best else len(chain.rolls) - 1
    chain.status = "final"
    return [private("roll.final", [owner], chain.rule, key=key, chosen=chain.chosen)]


def chain_announce(state: TableState, *, keys: list[str], numbers: bool = True, tries: bool = True,
                   **effect: object) -> list[Event]:
    """Show the kept rolls of ``keys`` to everyone at once; each must be final.

    ``numbers=False`` announces only that they were decided (the effect, in ``effect``), not the
    rolls; ``tries=False`` leaves out how often each was rerolled (Savage Worlds keeps benny use
    private, AD-ROLL-05).
    """
    chains = [_chain(state, k) for k in keys]
    if any(c.status != "final" for c in chains):
        raise ChainError("not_final", "every roll of the pair must be final before either is shown")
    for chain in chains:
        chain.status = "announced"
    shown = {}
    for c in chains:
        entry: dict[str, object] = {"owner": c.owner}
        if numbers:
            entry["roll"] = c.rolls[c.chosen]
        if tries:
            entry["tries"] = len(c.rolls)
        shown[c.key] = entry
    return [public("roll.announced", chains[0].rule, rolls=shown, **effect)]
