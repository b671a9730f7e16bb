"""How the Mordheim timeline events read: who, what, and the rule (registered with the league's timeline)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.models import CampaignEvent
from campaign.selectors.event_summaries import register_event_summary, who, with_rule
from roster.bridge.packs import tables_of
from roster.names import injury_name


def _warband(event: CampaignEvent) -> str:
    return event.warband.name if event.warband_id is not None and event.warband is not None else _("a warband")


def _warrior(p: dict[str, Any]) -> str:
    return str(p.get("name") or _("warrior %(id)s") % {"id": p.get("warrior")})


def _injury(e: CampaignEvent) -> str:
    p = e.payload
    tables = tables_of(e.campaign)
    results = ", ".join(injury_name(tables, str(r)) for r in p.get("results", [])) or "—"
    return with_rule(
        _("%(warrior)s of %(warband)s: serious injury %(results)s")
        % {"warrior": _warrior(p), "warband": _warband(e), "results": results},
        p,
    )


def _death(e: CampaignEvent) -> str:
    return with_rule(
        _("%(warrior)s of %(warband)s is dead.") % {"warrior": _warrior(e.payload), "warband": _warband(e)}, e.payload
    )


def _lost(e: CampaignEvent) -> str:
    return with_rule(
        _("%(warrior)s left %(warband)s: %(why)s.")
        % {"warrior": _warrior(e.payload), "warband": _warband(e), "why": e.payload.get("result", "")},
        e.payload,
    )


def _advance(e: CampaignEvent) -> str:
    p = e.payload
    what = p.get("stat") or p.get("pending") or p.get("lost") or ""
    return with_rule(
        _("%(warrior)s of %(warband)s advanced: %(result)s %(what)s")
        % {"warrior": _warrior(p), "warband": _warband(e), "result": p.get("result", ""), "what": what},
        p,
    ).strip()


def _xp(e: CampaignEvent) -> str:
    return _("%(warband)s gained %(n)s experience.") % {"warband": _warband(e), "n": e.payload.get("amount")}


def _shards(e: CampaignEvent) -> str:
    return _("%(warband)s found %(n)s wyrdstone shards.") % {"warband": _warband(e), "n": e.payload.get("amount")}


def _submitted(e: CampaignEvent) -> str:
    return _("%(who)s submitted %(warband)s for approval.") % {"who": who(e), "warband": _warband(e)}


def _approved(e: CampaignEvent) -> str:
    return _("%(who)s approved %(warband)s.") % {"who": who(e), "warband": _warband(e)}


def _sent_back(e: CampaignEvent) -> str:
    return _("%(who)s sent %(warband)s back: %(reason)s") % {
        "who": who(e),
        "warband": _warband(e),
        "reason": e.payload.get("reason", ""),
    }


def _battle(verb: str) -> Any:
    def summary(e: CampaignEvent) -> str:
        return _("%(who)s %(verb)s battle %(battle)s (result: %(result)s).") % {
            "who": who(e),
            "verb": verb,
            "battle": e.battle_id,
            "result": e.payload.get("result") or "—",
        }

    return summary


def _aftermath_failed(e: CampaignEvent) -> str:
    return _("The aftermath of battle %(battle)s failed: %(reason)s") % {
        "battle": e.battle_id,
        "reason": e.payload.get("reason", ""),
    }


def register() -> None:
    for kind, summary in {
        "injury": _injury,
        "death": _death,
        "warrior_lost": _lost,
        "advance": _advance,
        "xp_gained": _xp,
        "shards_found": _shards,
        "warband_submitted": _submitted,
        "warband_approved": _approved,
        "warband_sent_back": _sent_back,
        "battle_reported": _battle(_("reported")),
        "battle_confirmed": _battle(_("confirmed")),
        "battle_disputed": _battle(_("disputed")),
        "aftermath_failed": _aftermath_failed,
    }.items():
        register_event_summary(kind, summary)
