"""How the live tables' timeline events read (a table opened and closed, an arena duel's result), registered
with the league's one registry of sentences (``campaign.selectors.event_summaries``) from the app's ``ready()``."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from campaign.lib.i18n import localized
from campaign.models import CampaignEvent
from campaign.selectors.event_summaries import Names, Sentence, register_event_summary, register_names, who
from referee.engine.game_systems import SYSTEMS
from referee.table_models import TableSession


def _table(event: CampaignEvent, names: Names) -> Sentence:
    table = names.ref("table", event, event.payload.get("table"), _("a table"))
    if event.kind == "table_opened":
        return Sentence(_("{who} opened {table}."), {"who": who(event), "table": table})
    return Sentence(_("{table} was closed."), {"table": table})


def _duel_fought(event: CampaignEvent, _names: Names) -> Sentence:
    """An arena duel's result: the characters' names only (what the duel left on them is theirs)."""
    p = event.payload
    if p.get("winner") and p.get("loser"):
        return Sentence(_("{winner} beat {loser} in an arena duel."), {"winner": p["winner"], "loser": p["loser"]})
    fighters = _(" and ").join(str(n) for n in p.get("fighters") or []) or _("two fighters")
    return Sentence(_("The arena duel of {fighters} ended undecided."), {"fighters": fighters})


def _table_names(campaign_id: int) -> dict[int, str]:
    rows = TableSession.objects.filter(campaign_id=campaign_id).values_list("pk", "system")
    return {
        pk: _("the %(system)s table") % {"system": localized(SYSTEMS[slug].names) if slug in SYSTEMS else slug}
        for pk, slug in rows
    }


SENTENCES: dict[str, Callable[[CampaignEvent, Names], Sentence]] = {
    "table_opened": _table,
    "table_closed": _table,
    "duel_fought": _duel_fought,
}


def register() -> None:
    for kind, sentence in SENTENCES.items():
        register_event_summary(kind, sentence)
    register_names("table", _table_names)
