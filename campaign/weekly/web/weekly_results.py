"""A weekly-moves week's results as a person reads them: each entry's move, its roll and band, and the events
of it the viewer may see (``campaign.weekly.selectors.result_for`` decides what), in words, names not keys."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from campaign.weekly.models import WeekResolution
from campaign.weekly.selectors import decisions_for, moves_visible_to, resolution_for
from campaign.weekly.web.weekly_forms import DECISIONS, label
from referee.engine.systems.weekly_moves.moves import band

BANDS = {"strong": _("strong hit"), "weak": _("weak hit"), "miss": _("miss")}
STATUSES = {
    "resolved": _("done"),
    "void": _("came to nothing"),
    "deferred": _("waits for its partner"),
    "invalid": _("not valid"),
    "awaiting": _("waiting for a decision"),
}
EVENTS = {
    "move_roll": _("The move was rolled."),
    "attacked": _("An attack was made."),
    "companion_hit": _("A companion was hit."),
    "death_ruling_needed": _("The GM must rule on a death."),
    "debt_changed": _("A Debt changed."),
    "exchange_failed": _("The exchange failed."),
    "exchange_void": _("The exchange did not happen."),
    "exchanged": _("An exchange was made."),
    "healed": _("A companion was healed."),
    "help_void": _("The help came to nothing."),
    "info_gained": _("Info was gained."),
    "ingredient_found": _("An ingredient was found."),
    "looted": _("Loot was taken."),
    "no_reaction": _("Nobody reacted."),
    "no_valid_pick": _("No pick was left to take."),
    "player_killed": _("A player was killed."),
    "preparedness_lowered": _("Preparedness was lowered."),
    "promise_recorded": _("A promise was recorded."),
    "ritual_computed": _("The Ritual location was computed."),
    "spy_caught": _("A spy was caught."),
    "stolen": _("Something was stolen."),
    "struck_back": _("The target struck back."),
    "surveillance": _("Surveillance was set up."),
    "troubles": _("Troubles came."),
}


def _event_text(event: dict[str, Any], names: dict[str, str]) -> str:
    text = str(EVENTS.get(str(event.get("code")), str(event.get("code", "")).replace("_", " ").capitalize()))
    data = event.get("data") or {}
    who = [names[v] for k, v in data.items() if isinstance(v, str) and v in names and k in ("subject", "target", "by")]
    return f"{text} ({', '.join(who)})" if who else text


def result_rows(shown: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    """``shown``: results as ``result_for`` gave them; ``names``: engine key -> character name."""
    rows = []
    for r in shown:
        roll = (r.get("record") or {}).get("roll") or {}
        total = roll.get("total")
        rows.append(
            {
                "kind": label(r["kind"]) if r.get("kind") else _("Another player's move"),
                "by": names.get(f"p{r['character']}", "") if r.get("character") else "",
                "status": STATUSES.get(str(r.get("status")), r.get("status") or ""),
                "roll": roll,
                "band": BANDS[band(total)] if isinstance(total, int) else None,
                "events": [{"text": _event_text(e, names), "rule": e.get("rule", "")} for e in r.get("events", [])],
            }
        )
    return rows


def resolution_state(viewer: Any, week_id: int) -> dict[str, Any]:
    """The GM's view of the week's resolution, its state in words."""
    progress = resolution_for(viewer=viewer, week_id=week_id)
    status = str(progress.get("status") or "")
    label_of = dict(WeekResolution.Status.choices)
    return {**progress, "status_label": label_of.get(status, status)}


def waiting_on(viewer: Any, week_id: int, names: dict[str, str]) -> list[dict[str, Any]]:
    """For the GM: the open decisions the rest of the week waits on, each with who decides and whose move it
    holds. Read through the selectors, which give a player only their own decisions and moves: call it for the GM.
    """
    _who, moves = moves_visible_to(viewer=viewer, week_id=week_id)
    by_key = {m.key: m for m in moves}
    rows = []
    for d in decisions_for(viewer=viewer, week_id=week_id, open_only=True):
        move = by_key.get(d.key.split(":", 1)[0])
        rows.append(
            {
                "kind": DECISIONS.get(d.kind, d.kind.replace("_", " ").capitalize()),
                "decides": _("%(name)s decides") % {"name": names.get(f"p{d.character_id}", "")}
                if d.character_id
                else _("The GM decides"),
                "move": label(move.kind) if move else "",
                "author": move.character.name if move else "",
                "rule": d.rule,
            }
        )
    return rows
