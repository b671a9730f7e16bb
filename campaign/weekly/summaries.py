"""How the weekly-moves timeline events read (the GM's own entries), registered with the league's one registry
of sentences (``campaign.selectors.event_summaries``): characters by name."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from campaign.models import CampaignEvent
from campaign.selectors.event_summaries import Names, Sentence, register_event_summary, register_names, who
from campaign.weekly.models import Character


def _character(e: CampaignEvent, n: Names, key: str) -> str:
    return n.get("character", e.campaign_id, e.payload.get(key)) or _("a character")


SENTENCES: dict[str, Callable[[CampaignEvent, Names], Sentence]] = {
    "character_created": lambda e, n: Sentence(
        _("{who} created the character {character}."), {"who": who(e), "character": _character(e, n, "character")}
    ),
    "character_edited": lambda e, n: Sentence(
        _("{who} changed the sheet of {character}: {fields}."),
        {
            "who": who(e),
            "character": _character(e, n, "character"),
            "fields": ", ".join(sorted(str(k) for k in dict(e.payload.get("changes") or {}))) or "—",
        },
    ),
    "info_set": lambda e, n: Sentence(
        _("{who} set what {holder} knows about {subject}: {count}."),
        {
            "who": who(e),
            "holder": _character(e, n, "holder"),
            "subject": _character(e, n, "subject"),
            "count": e.payload.get("count", 0),
        },
    ),
    "promise_updated": lambda e, n: Sentence(
        _("{who} marked a promise as kept.") if e.payload.get("fulfilled") else _("{who} marked a promise as broken."),
        {"who": who(e)},
    ),
}


def register() -> None:
    for kind, sentence in SENTENCES.items():
        register_event_summary(kind, sentence)
    register_names("character", lambda cid: dict(Character.objects.filter(campaign_id=cid).values_list("pk", "name")))
