"""What a viewer may see of a table: the only way state leaves the engine (LIVE-TABLES §2).

:func:`redact` gives a copy of the state holding only what ``viewer`` may know: cards they
do not know lose their identity and hidden data (``data`` keys starting with ``hidden_``),
hidden piles lose their order, sealed zones their cards, other seats' private data and private
counters, pending decisions and hidden rolls their contents. A seated GM whom the table lets
see hidden state (``sees_hidden``) keeps every seat's private data, private counters and
hidden rolls (never a sealed zone). A system's ``validate`` sees only this copy, so a
refusal can never depend on something the sender may not know. :func:`board` renders the
generic part of the viewer's view, with each visible card under the viewer's own handle.
"""

from __future__ import annotations

from typing import Any

from referee.engine.live.events import handle, knows
from referee.engine.live.state import NOBODY, OWNER, PUBLIC, SEALED_ZONE, Card, Counter, TableState, Zone

HIDDEN_PREFIX = "hidden_"


def sees_hidden(state: TableState, viewer: str) -> bool:
    """A seated GM whom the table's setting lets see hidden cards (never sealed ones)."""
    return viewer in state.sees_hidden


def knows_card(state: TableState, card: Card, viewer: str) -> bool:
    zone = state.zones[card.zone]
    if zone.policy == SEALED_ZONE:
        return False
    return knows(card.known_to, viewer, sees_hidden=sees_hidden(state, viewer))


def lists_cards(state: TableState, zone: Zone, viewer: str) -> bool:
    """Whether ``viewer`` sees the cards of ``zone`` one by one (else only how many there are)."""
    if zone.policy == PUBLIC:
        return True
    if zone.policy == OWNER:
        return zone.owner == viewer or sees_hidden(state, viewer)
    return False


def reads_counter(state: TableState, counter: Counter, viewer: str) -> bool:
    return not counter.private or counter.owner == viewer or sees_hidden(state, viewer)


def redact(state: TableState, viewer: str) -> TableState:
    """A copy of ``state`` with everything ``viewer`` may not know taken out."""
    out = state.copy()
    gm = sees_hidden(state, viewer)
    out.counters = {k: c for k, c in out.counters.items() if reads_counter(state, c, viewer)}
    for card in out.cards.values():
        if not knows_card(state, state.cards[card.id], viewer):
            card.card = ""
            card.data = {k: v for k, v in card.data.items() if not k.startswith(HIDDEN_PREFIX)}
    for zone in out.zones.values():
        if zone.policy == SEALED_ZONE:
            for card_id in zone.cards:
                out.cards.pop(card_id, None)
            zone.cards = []
        elif not lists_cards(state, zone, viewer):
            zone.cards = sorted(zone.cards)  # the order of a hidden pile is nobody's business
    private = out.data.get("private")
    if isinstance(private, dict) and not gm:
        out.data["private"] = {seat: mine for seat, mine in private.items() if seat == viewer}
    for _key, decision in list(out.decisions.items()):
        if decision.player != viewer:
            decision.context = {}
            decision.options = []
    for chain in out.chains.values():
        if chain.owner != viewer and chain.status != "announced" and not gm:
            chain.rolls = [{} for _ in chain.rolls]
    return out


def handles_in(state: TableState, viewer: str, value: Any) -> Any:
    """``value`` with every card id in it (as a value or a key) replaced by ``viewer``'s handle for that card.

    Internal card ids never leave the engine: they would let a viewer follow a card through a
    hidden place, which is what drawing handles anew prevents.
    """
    if isinstance(value, str):
        card = state.cards.get(value)
        return handle(state.key, viewer, card.id, card.epoch) if card is not None else value
    if isinstance(value, dict):
        return {handles_in(state, viewer, k): handles_in(state, viewer, v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [handles_in(state, viewer, v) for v in value]
    return value


def card_view(state: TableState, card: Card, viewer: str) -> dict[str, Any]:
    out: dict[str, Any] = {"handle": handle(state.key, viewer, card.id, card.epoch), "face_up": card.face_up}
    if knows_card(state, card, viewer) and card.card:
        out["card"] = card.card
        data = dict(card.data)
    else:
        data = {k: v for k, v in card.data.items() if not k.startswith(HIDDEN_PREFIX)}
    out["data"] = handles_in(state, viewer, data)
    return out


def board(state: TableState, viewer: str) -> dict[str, Any]:
    """The generic part of ``viewer``'s view: zones, counters, turn, window, facts, decisions, rolls."""
    zones = []
    for zone in state.zones.values():
        if zone.policy == SEALED_ZONE:
            continue
        entry: dict[str, Any] = {"key": zone.key, "owner": zone.owner, "policy": zone.policy,
                                 "count": len(zone.cards)}
        if lists_cards(state, zone, viewer):
            cards = [card_view(state, state.cards[c], viewer) for c in zone.cards]
            entry["cards"] = cards if zone.policy == PUBLIC else sorted(cards, key=lambda c: c["handle"])
        zones.append(entry)
    decisions = [handles_in(state, viewer, d.to_dict()) for d in state.decisions.values() if d.player == viewer]
    gm = sees_hidden(state, viewer)
    chains = [
        {"key": c.key, "owner": c.owner, "notation": c.notation, "status": c.status,
         **({"rolls": c.rolls, "chosen": c.chosen} if c.owner == viewer or c.status == "announced" or gm else {})}
        for c in state.chains.values()
    ]
    window = state.window
    return {
        "seats": dict(state.seats),
        "status": state.status,
        "zones": zones,
        "counters": {k: c.value for k, c in state.counters.items() if reads_counter(state, c, viewer)},
        "turn": {"active": state.turn.active, "phase": state.turn.phase, "number": state.turn.number,
                 "order": list(state.turn.order)},
        "window": {"key": window.key, "participants": window.participants, "priority": window.priority}
        if window else None,
        "facts": [f.to_dict() for f in state.facts.values()],
        "decisions": decisions,
        "pending_decisions": len(state.decisions),
        "chains": chains,
        "outcome": state.outcome,
    }


def resolve_handle(state: TableState, viewer: str, value: str) -> str | None:
    """The card ``viewer`` calls ``value``, among the cards they can see one by one; None when none."""
    for zone in state.zones.values():
        if not lists_cards(state, zone, viewer):
            continue
        for card_id in zone.cards:
            card = state.cards[card_id]
            if handle(state.key, viewer, card_id, card.epoch) == value:
                return card_id
    return None


__all__ = ["NOBODY", "board", "card_view", "handles_in", "knows_card", "reads_counter", "redact", "resolve_handle"]
