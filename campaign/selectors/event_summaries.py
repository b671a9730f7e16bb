"""The one place a timeline event becomes a sentence a person reads ("Hans Ruppel suffered Chest Wound:
-1 Toughness"), in the reader's language, with names, never ids or slugs.

A sentence is a translated template with named parts; a part that names a thing the web app can link to is a
:class:`Ref`. The API reads the sentence as plain text (:func:`event_summary`), the web app renders the refs as
links (``campaign.selectors.event_html``): one function per kind serves both.

The league core writes the sentences of its own kinds; a game system's app registers those of its kinds, and
how its names are looked up (``register_event_summary`` and ``register_names`` from its ``AppConfig.ready``),
so the core stays system-free. A kind with no sentence of its own gets a generic one from its actor and kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from campaign.models import CampaignEvent, Membership


@dataclass(frozen=True)
class Ref:
    """A named thing of the campaign: ``kind`` (``warband``, ``battle``, ``table``...) and its id."""

    kind: str
    id: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Sentence:
    template: str  # translated; ``{part}`` placeholders
    parts: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""

    def plain(self) -> str:
        """The sentence as one line of text, its rule in brackets (what the API's ``summary`` says)."""
        text = self.template.format(**{k: str(v) for k, v in self.parts.items()})
        return f"{text} ({self.rule})" if self.rule else text


Loader = Callable[[int], Mapping[Any, str]]
SentenceOf = Callable[[CampaignEvent, "Names"], Sentence]
_SENTENCES: dict[str, SentenceOf] = {}
_LOADERS: dict[str, Loader] = {}


def register_event_summary(kind: str, sentence: SentenceOf) -> None:
    """Register how events of ``kind`` read (a later registration replaces an earlier one)."""
    _SENTENCES[kind] = sentence


def register_names(kind: str, loader: Loader) -> None:
    """Register how the names of one kind of thing are read for a campaign (``{id: name}`` for its id)."""
    _LOADERS[kind] = loader


class Names:
    """The names a list of events needs, each kind read once per campaign (pass one along a page or a list)."""

    def __init__(self) -> None:
        self._tables: dict[tuple[str, int], Mapping[Any, str]] = {}

    def get(self, kind: str, campaign_id: int, key: Any) -> str | None:
        table = self._tables.get((kind, campaign_id))
        if table is None:
            loader = _LOADERS.get(kind)
            table = loader(campaign_id) if loader is not None else {}
            self._tables[(kind, campaign_id)] = table
        try:
            key = int(key) if isinstance(key, str) and key.isdigit() else key
            name = table.get(key)
        except TypeError:
            return None
        return str(name) if name else None

    def ref(self, kind: str, event: CampaignEvent, key: Any, fallback: str) -> Ref | str:
        """A link-able name of ``kind`` with id ``key`` in the event's campaign, or ``fallback`` if none."""
        name = self.get(kind, event.campaign_id, key) if key is not None else None
        return Ref(kind, int(key), name) if name else fallback


def who(event: CampaignEvent) -> str:
    """The actor's name, or the name the payload gives, or "Someone"."""
    if event.actor_id is not None and event.actor is not None:
        return str(event.actor.username)
    return str(event.payload.get("name") or _("Someone"))


def role_name(role: Any) -> str:
    return str(Membership.Role(role).label) if role in Membership.Role.values else ""


def _member(event: CampaignEvent, _names: Names) -> Sentence:
    p = event.payload
    parts = {"user": p.get("user") or who(event), "role": role_name(p.get("role"))}
    if event.kind == "member_joined":
        return Sentence(_("{user} joined as {role}."), parts)
    return Sentence(_("{user} left the campaign."), parts)


_CORE: dict[str, SentenceOf] = {
    "campaign_started": lambda e, n: Sentence(_("The campaign started.")),
    "campaign_finished": lambda e, n: Sentence(_("The campaign finished.")),
    "member_joined": _member,
    "member_left": _member,
    "week_resolved": lambda e, n: Sentence(
        _("Week {week} closed; its seed is revealed."), {"week": e.payload.get("week", "")}
    ),
    "settings_changed": lambda e, n: Sentence(_("{who} changed the settings."), {"who": who(e)}),
    "correction": lambda e, n: Sentence(
        _("{who} made a correction: {reason}"), {"who": who(e), "reason": e.payload.get("reason", "")}
    ),
}
for _kind, _sentence in _CORE.items():
    register_event_summary(_kind, _sentence)


def event_sentence(event: CampaignEvent, names: Names | None = None) -> Sentence:
    """The event as a sentence; a kind nobody registered, or a payload it cannot read, says who did what."""
    sentence = _SENTENCES.get(event.kind)
    if sentence is not None:
        try:
            return sentence(event, names or Names())
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    rule = event.payload.get("rule") if isinstance(event.payload, dict) else None
    return Sentence(_("{who}: {kind}"), {"who": who(event), "kind": event.kind.replace("_", " ")}, str(rule or ""))


def event_summary(event: CampaignEvent, names: Names | None = None) -> str:
    """The event in one line of plain text (the API's ``summary``)."""
    return event_sentence(event, names).plain()
