"""A readable one-line summary of each timeline event (who, what, the rule), in the reader's language.

The league core writes the summaries of its own kinds; a game system's app registers those of its kinds
(``register_event_summary`` from its ``AppConfig.ready``), so the core stays system-free. A kind with no
summary of its own gets a generic one from its actor and kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from campaign.models import CampaignEvent

Summary = Callable[[CampaignEvent], str]
_SUMMARIES: dict[str, Summary] = {}


def register_event_summary(kind: str, summary: Summary) -> None:
    """Register how events of ``kind`` read (a later registration replaces an earlier one)."""
    _SUMMARIES[kind] = summary


def who(event: CampaignEvent) -> str:
    """The actor's name, or the name the payload gives, or "Someone"."""
    if event.actor_id is not None and event.actor is not None:
        return str(event.actor.username)
    return str(event.payload.get("name") or _("Someone"))


def with_rule(text: str, payload: dict[str, Any]) -> str:
    rule = payload.get("rule")
    return f"{text} ({rule})" if rule else text


def _duel_fought(event: CampaignEvent) -> str:
    """An arena duel's result: the characters' names only (what the duel left on them is theirs)."""
    p = event.payload
    if p.get("winner") and p.get("loser"):
        return _("%(winner)s beat %(loser)s in an arena duel.") % {"winner": p["winner"], "loser": p["loser"]}
    return _("The arena duel of %(fighters)s ended undecided.") % {
        "fighters": _(" and ").join(str(n) for n in p.get("fighters") or []) or _("two fighters")}


_SUMMARIES["duel_fought"] = _duel_fought


def event_summary(event: CampaignEvent) -> str:
    summary = _SUMMARIES.get(event.kind)
    if summary is not None:
        return summary(event)
    p = event.payload
    if event.kind == "week_resolved":
        return _("Week %(n)s closed; its seed is revealed.") % {"n": p.get("week")}
    if event.kind in ("member_joined", "member_left"):
        verb = _("joined") if event.kind == "member_joined" else _("left")
        return _("%(user)s %(verb)s as %(role)s.") % {
            "user": p.get("user", who(event)),
            "verb": verb,
            "role": p.get("role", ""),
        }
    if event.kind == "correction":
        return _("%(who)s corrected %(target)s: %(reason)s") % {
            "who": who(event),
            "target": p.get("target", ""),
            "reason": p.get("reason", ""),
        }
    return with_rule(_("%(who)s: %(kind)s") % {"who": who(event), "kind": event.kind.replace("_", " ")}, p)
