"""The campaign timeline on a page: each event's sentence from the one registry the API reads too
(``campaign.selectors.event_summaries``), its named things as links; ids and slugs never reach the page."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

from campaign.models import CampaignEvent
from campaign.selectors.event_summaries import Names, Ref, Sentence, event_sentence

#: Which page a named thing links to.
PAGES = {"warband": "warband-page", "battle": "battle-page", "table": "table-page"}


def _part(value: Any) -> Any:
    if isinstance(value, Ref) and value.kind in PAGES:
        try:
            return format_html('<a href="{}">{}</a>', reverse(PAGES[value.kind], args=[value.id]), value.text)
        except NoReverseMatch:
            return value.text
    return str(value)


def sentence_html(sentence: Sentence) -> SafeString:
    if sentence.parts:
        text = format_html(sentence.template, **{k: _part(v) for k, v in sentence.parts.items()})
    else:
        text = conditional_escape(sentence.template)
    return format_html('{} <span class="muted">{}</span>', text, sentence.rule) if sentence.rule else text


def sentences(events: Iterable[CampaignEvent], names: Any = None) -> list[dict[str, Any]]:
    """Each event with its sentence as HTML (``names``: a :class:`Names` to share, or anything else: a new one)."""
    lookups = names if isinstance(names, Names) else Names()
    return [{"e": e, "text": sentence_html(event_sentence(e, lookups))} for e in events]
