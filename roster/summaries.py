"""How the Mordheim timeline events read, registered with the league's one registry of sentences
(``campaign.selectors.event_summaries``): warbands, warriors, battles, injuries, skills and scenarios by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from campaign.models import Campaign, CampaignEvent
from campaign.selectors.event_summaries import Names, Ref, Sentence, register_event_summary, register_names, who
from roster.bridge.packs import tables_of
from roster.models import Battle, Warband, Warrior
from roster.names import STAT_NAMES, injury_text, scenario_name, skill_name


class _Texts(dict[Any, str]):
    """The campaign's rules-pack texts of one kind, each looked up when first asked for."""

    def __init__(self, campaign_id: int, text: Callable[[Any, str], str]) -> None:
        super().__init__()
        self._campaign_id = campaign_id
        self._text = text
        self._tables: Any = None

    def __missing__(self, key: Any) -> str:
        if self._tables is None:
            self._tables = tables_of(Campaign.objects.get(pk=self._campaign_id))
        value = self[key] = self._text(self._tables, str(key))
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key else default


def _battle_names(campaign_id: int) -> dict[int, str]:
    names = dict(Warband.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))
    return {
        pk: f"{names.get(a, '')} v {names.get(b, '')}" if b else names.get(a, "")
        for pk, a, b in Battle.objects.filter(campaign_id=campaign_id).values_list("pk", "warband_a", "warband_b")
    }


def _warband(e: CampaignEvent, n: Names) -> Ref | str:
    return n.ref("warband", e, e.warband_id, _("a warband"))


def _warrior(e: CampaignEvent, n: Names) -> Ref | str:
    """The warrior by name, linked to their warband."""
    name = e.payload.get("name") or n.get("warrior", e.campaign_id, e.payload.get("warrior")) or _("a warrior")
    return Ref("warband", e.warband_id, str(name)) if e.warband_id else str(name)


def _battle(e: CampaignEvent, n: Names) -> Ref | str:
    return n.ref("battle", e, e.battle_id, _("a battle"))


def _result(e: CampaignEvent, n: Names) -> str:
    b = e.battle
    result = (b.result if b is not None else "") or e.payload.get("result") or ""
    if result == "draw":
        return _("a draw")
    if b is None or result not in ("a", "b"):
        return _("no result yet")
    winner = b.warband_a_id if result == "a" else b.warband_b_id
    return _("%(warband)s won") % {"warband": n.get("warband", e.campaign_id, winner) or _("a warband")}


def _rule(e: CampaignEvent) -> str:
    return str(e.payload.get("rule") or "")


def _injury(e: CampaignEvent, n: Names) -> Sentence:
    results = e.payload.get("results") or [r.get("result") for r in e.payload.get("records", []) if isinstance(r, dict)]
    texts = [n.get("injury", e.campaign_id, r) or str(r) for r in results if r]
    return Sentence(
        _("{warrior} suffered {injury}."), {"warrior": _warrior(e, n), "injury": "; ".join(texts) or "—"}, _rule(e)
    )


def _advance(e: CampaignEvent, n: Names) -> Sentence:
    p = e.payload
    if p.get("stat"):
        what = "+1 " + str(STAT_NAMES.get(p["stat"], p["stat"]))
    elif p.get("pending"):
        what = _("a choice to make")
    elif p.get("lost"):
        what = _("none (no result could apply)")
    else:
        what = n.get("skill", e.campaign_id, p.get("result")) or str(p.get("result", ""))
    return Sentence(_("{warrior} gained an advance: {what}."), {"warrior": _warrior(e, n), "what": what}, _rule(e))


def _paired(e: CampaignEvent, n: Names) -> Sentence:
    parts = {"week": e.payload.get("week", ""), "battle": _battle(e, n)}
    if e.payload.get("bye"):
        return Sentence(_("{battle} has a bye in week {week}."), parts)
    return Sentence(_("Paired for week {week}: {battle}."), parts)


def _battle_sentence(template: Callable[[], str]) -> Callable[[CampaignEvent, Names], Sentence]:
    def sentence(e: CampaignEvent, n: Names) -> Sentence:
        return Sentence(template(), {"battle": _battle(e, n), "result": _result(e, n), "who": who(e)})

    return sentence


SENTENCES: dict[str, Callable[[CampaignEvent, Names], Sentence]] = {
    "battle_paired": _paired,
    "prebattle": _battle_sentence(lambda: _("The pre-battle sequence of {battle} was rolled.")),
    "scenario_chosen": lambda e, n: Sentence(
        _("Scenario for {battle}: {scenario}."),
        {"battle": _battle(e, n), "scenario": n.get("scenario", e.campaign_id, e.payload.get("scenario")) or "—"},
    ),
    "battle_reported": _battle_sentence(lambda: _("{who} reported {battle}: {result}.")),
    "battle_confirmed": _battle_sentence(lambda: _("{battle} was confirmed: {result}.")),
    "battle_disputed": _battle_sentence(lambda: _("{who} disputed the report of {battle}.")),
    "battle_resolved": _battle_sentence(lambda: _("The aftermath of {battle} is done: {result}.")),
    "aftermath_failed": lambda e, n: Sentence(
        _("The aftermath of {battle} failed: {reason}"),
        {"battle": _battle(e, n), "reason": e.payload.get("reason", "")},
    ),
    "injury": _injury,
    "death": lambda e, n: Sentence(_("{warrior} died."), {"warrior": _warrior(e, n)}, _rule(e)),
    "warrior_lost": lambda e, n: Sentence(_("{warrior} left the warband."), {"warrior": _warrior(e, n)}, _rule(e)),
    "advance": _advance,
    "xp_gained": lambda e, n: Sentence(
        _("{warband} gained {amount} experience."), {"warband": _warband(e, n), "amount": e.payload.get("amount", 0)}
    ),
    "shards_found": lambda e, n: Sentence(
        _("{warband} found {amount} wyrdstone shards."),
        {"warband": _warband(e, n), "amount": e.payload.get("amount", 0)},
    ),
    "warband_submitted": lambda e, n: Sentence(
        _("{who} submitted {warband} for approval."), {"who": who(e), "warband": _warband(e, n)}
    ),
    "warband_approved": lambda e, n: Sentence(
        _("{who} approved {warband}."), {"who": who(e), "warband": _warband(e, n)}
    ),
    "warband_sent_back": lambda e, n: Sentence(
        _("{who} sent {warband} back: {reason}"),
        {"who": who(e), "warband": _warband(e, n), "reason": e.payload.get("reason", "")},
    ),
}


def register() -> None:
    for kind, sentence in SENTENCES.items():
        register_event_summary(kind, sentence)
    register_names("warband", lambda cid: dict(Warband.objects.filter(campaign_id=cid).values_list("pk", "name")))
    register_names(
        "warrior", lambda cid: dict(Warrior.objects.filter(warband__campaign_id=cid).values_list("pk", "name"))
    )
    register_names("battle", _battle_names)
    register_names("injury", lambda cid: _Texts(cid, injury_text))
    register_names("skill", lambda cid: _Texts(cid, skill_name))
    register_names("scenario", lambda cid: _Texts(cid, scenario_name))
