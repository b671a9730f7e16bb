"""The campaign timeline as sentences a person reads ("Hans Ruppel suffered Chest Wound: -1 Toughness"),
with links to the warbands and battles named; ids and slugs never reach the page."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from campaign.models import CampaignEvent, Membership
from campaign.selectors.event_summaries import event_summary
from campaign.web.common import as_int

Names = dict[str, Any]


def _warband_link(names: Names, warband_id: Any) -> SafeString | str:
    name = names["warbands"].get(as_int(warband_id))
    if name is None:
        return _("a warband")
    return format_html('<a href="{}">{}</a>', reverse("warband-page", args=[as_int(warband_id)]), name)


def _warrior(names: Names, e: CampaignEvent) -> str:
    return str(names["warriors"].get(as_int(e.payload.get("warrior"))) or e.payload.get("name") or _("a warrior"))


def _battle(names: Names, e: CampaignEvent) -> SafeString | str:
    b = e.battle
    if b is None:
        return _("a battle")
    if b.warband_b_id is None:
        return _warband_link(names, b.warband_a_id)
    title = f"{names['warbands'].get(b.warband_a_id, '')} v {names['warbands'].get(b.warband_b_id, '')}"
    return format_html('<a href="{}">{}</a>', reverse("battle-page", args=[b.pk]), title)


def _result(names: Names, e: CampaignEvent) -> str:
    b = e.battle
    if b is None or not b.result:
        return ""
    if b.result == "draw":
        return _("a draw")
    winner = b.warband_a_id if b.result == "a" else b.warband_b_id
    return _("%(warband)s won") % {"warband": names["warbands"].get(winner, "")}


def _injury(names: Names, e: CampaignEvent) -> SafeString:
    records = e.payload.get("records") or []
    texts = [names["injury"](str(r.get("result", ""))) for r in records if isinstance(r, dict)]
    return format_html(_("{warrior} suffered {injury}."), warrior=_warrior(names, e), injury="; ".join(texts) or "?")


def _advance(names: Names, e: CampaignEvent) -> SafeString:
    p = e.payload
    what = names["skill"](p["result"]) if p.get("table") == "skill" or p.get("result", "").islower() else ""
    if p.get("stat"):
        what = "+1 " + str(names["stat"](p["stat"]))
    return format_html(
        _("{warrior} gained an advance: {what}."), warrior=_warrior(names, e), what=what or p.get("result", "")
    )


SENTENCES: dict[str, Callable[[Names, CampaignEvent], Any]] = {
    "campaign_started": lambda n, e: _("The campaign started."),
    "campaign_finished": lambda n, e: _("The campaign finished."),
    "member_joined": lambda n, e: (
        _("%(user)s joined as %(role)s.") % {"user": e.payload.get("user", ""), "role": _role(e.payload.get("role"))}
    ),
    "member_left": lambda n, e: _("%(user)s left the campaign.") % {"user": e.payload.get("user", "")},
    "week_resolved": lambda n, e: _("Week %(week)s was resolved.") % {"week": e.payload.get("week", "")},
    "settings_changed": lambda n, e: _("The organiser changed the settings."),
    "battle_paired": lambda n, e: (
        format_html(_("Paired for week {week}: {battle}."), week=e.payload.get("week", ""), battle=_battle(n, e))
        if not e.payload.get("bye")
        else format_html(
            _("{warband} has a bye in week {week}."), warband=_battle(n, e), week=e.payload.get("week", "")
        )
    ),
    "prebattle": lambda n, e: format_html(_("The pre-battle sequence of {battle} was rolled."), battle=_battle(n, e)),
    "scenario_chosen": lambda n, e: format_html(
        _("Scenario for {battle}: {scenario}."),
        battle=_battle(n, e),
        scenario=n["scenario"](e.payload.get("scenario") or ""),
    ),
    "battle_reported": lambda n, e: format_html(
        _("{battle} was reported: {result}."), battle=_battle(n, e), result=_result(n, e)
    ),
    "battle_confirmed": lambda n, e: format_html(
        _("{battle} was confirmed: {result}."), battle=_battle(n, e), result=_result(n, e)
    ),
    "battle_disputed": lambda n, e: format_html(_("{battle} was disputed."), battle=_battle(n, e)),
    "battle_resolved": lambda n, e: format_html(
        _("The aftermath of {battle} is done: {result}."), battle=_battle(n, e), result=_result(n, e)
    ),
    "injury": _injury,
    "death": lambda n, e: format_html(_("{warrior} died."), warrior=_warrior(n, e)),
    "warrior_lost": lambda n, e: format_html(_("{warrior} left the warband."), warrior=_warrior(n, e)),
    "advance": _advance,
    "xp_gained": lambda n, e: format_html(
        _("{warband} gained {amount} experience."),
        warband=_warband_link(n, e.payload.get("warband")),
        amount=e.payload.get("amount", 0),
    ),
    "shards_found": lambda n, e: format_html(
        _("{warband} found {amount} wyrdstone shards."),
        warband=_warband_link(n, e.payload.get("warband")),
        amount=e.payload.get("amount", 0),
    ),
    "correction": lambda n, e: (
        _("The organiser made a correction: %(reason)s") % {"reason": e.payload.get("reason", "")}
    ),
    "character_created": lambda n, e: _("A new character joined the game."),
    "character_edited": lambda n, e: _("The GM changed a character's sheet."),
    "info_set": lambda n, e: _("The GM changed what a character knows."),
    "promise_updated": lambda n, e: _("A promise was kept or broken."),
    "duel_fought": lambda n, e: event_summary(e),
}


def _role(role: Any) -> str:
    return str(Membership.Role(role).label) if role in Membership.Role.values else ""


def sentences(events: Iterable[CampaignEvent], names: Names) -> list[dict[str, Any]]:
    """Each event with its sentence; an event of a kind this page does not know says so plainly."""
    rows = []
    for e in events:
        render = SENTENCES.get(e.kind)
        try:
            text = (
                render(names, e) if render else _("Something happened (%(kind)s).") % {"kind": e.kind.replace("_", " ")}
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            text = _("Something happened (%(kind)s).") % {"kind": e.kind.replace("_", " ")}
        rows.append({"e": e, "text": text})
    return rows
