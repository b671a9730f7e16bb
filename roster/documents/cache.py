"""A roster's representation, built once per change and served from the cache to every reader.

Every roster service takes its warband through ``roster.services.context.locked`` (the aftermath through
``roster.aftermath.context.warbands_locked``), which moves ``Warband.version`` on in the database inside
the service's transaction. The cached representation is keyed by that version (with what else it is
built from: the rules pack, the campaign's settings, the owner's name, the reader's language), so a
reader who sees the new version after commit misses the cache and builds it afresh: never a stale roster.

The representation is the same for everyone who may see the warband (secrecy is decided before the cache
is touched: a viewer who may not see it gets the 404 of ``roster_of``, no ETag); the ETag is a hash of the
body itself, so it tells nothing the body does not. It is stored only after the transaction that built it
commits, so a rolled-back change never leaves a representation behind under a version that is reused.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from roster.bridge.packs import list_of, pack_of
from roster.documents.serializers import RosterSerializer
from roster.documents.stamp import stamp
from roster.models import Holding, Warband, Warrior
from roster.selectors import warbands_visible_to
from roster.services.warbands import warband_problems

#: Bump when the representation's shape changes, so a deploy never serves the old shape from the cache.
REVISION = 1
#: Old versions are never read again; they leave the cache when it needs room, or after this long.
TTL_SECONDS = 7 * 24 * 3600


#: Bodies this process served lately, by key: a key names one version, so a copy here is never stale;
#: it spares the shared cache's round trip for the rosters read most (bounded; the oldest goes first).
_RECENT: dict[str, tuple[bytes, str]] = {}
_RECENT_MAX = 512


@dataclass(frozen=True)
class RosterDocument:
    """A roster's representation as JSON (what the API sends as it is) and its ETag, with the warband row the
    viewer may see (header, campaign, owner), read only when a page or the sheet asks for it."""

    body: bytes
    etag: str
    load_warband: Callable[[], Warband] = field(repr=False, compare=False)

    @cached_property
    def warband(self) -> Warband:
        return self.load_warband()

    @cached_property
    def data(self) -> dict[str, Any]:
        """The representation as Python data (the web page, the sheet, a command's answer)."""
        loaded: dict[str, Any] = json.loads(self.body)
        return loaded


def warband_visible(*, viewer: Any, warband_id: int) -> Warband:
    """The warband row alone (one query, with its campaign, pack and owner); 404 if the viewer may not see it."""
    warband = (
        warbands_visible_to(viewer=viewer)
        .select_related("campaign__rules_pack")
        .defer("campaign__rules_pack__content")  # the pack's files: read only when the served copy is missing
        .filter(pk=warband_id)
        .order_by("pk")
        .first()
    )
    if warband is None:
        raise NotFound(_("No such warband."), code="warband_not_found")
    return warband


def roster_key(warband: Warband) -> str:
    campaign = warband.campaign
    return _key(
        warband.pk,
        warband.created_at,
        warband.version,
        campaign.rules_pack_id,
        campaign.settings,
        warband.owner.get_username(),
    )


def _key(pk: int, created_at: Any, version: int, pack_id: int | None, settings: Any, owner: str) -> str:
    digest = hashlib.sha256(json.dumps(settings or {}, sort_keys=True, default=str).encode()).hexdigest()
    parts = (REVISION, pk, created_at.timestamp() if created_at else "", version, pack_id, digest[:16], owner)
    return "muster:roster:" + hashlib.sha256(":".join(map(str, (*parts, get_language() or ""))).encode()).hexdigest()


def roster_data(warband: Warband) -> dict[str, Any]:
    """The representation, built from the rows (two queries: warriors, holdings), as plain JSON types."""
    prefetch_related_objects(
        [warband],
        Prefetch("warriors", queryset=Warrior.objects.order_by("kind", "id")),
        Prefetch("holdings", queryset=Holding.objects.order_by("warrior_id", "item_slug", "id")),
    )
    by_warrior: dict[int | None, list[Any]] = defaultdict(list)
    for holding in warband.holdings.all():
        by_warrior[holding.warrior_id].append(holding)
    context = {
        "pack": pack_of(warband.campaign),
        "list": list_of(warband),
        "by_warrior": by_warrior,
        "problems": warband_problems(warband),
    }
    data = RosterSerializer(warband, context=context).data
    loaded: dict[str, Any] = json.loads(json.dumps(data, cls=DjangoJSONEncoder))
    return loaded


def body_of(data: dict[str, Any]) -> tuple[bytes, str]:
    """The JSON a phone gets, and its ETag: a hash of that body, so it tells nothing the body does not."""
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def document_of(warband: Warband) -> RosterDocument:
    """The representation of a warband the caller already checked the viewer may see."""
    key = roster_key(warband)
    cached = _recall(key)
    if cached is None:
        built = body_of(roster_data(warband))
        transaction.on_commit(lambda: _keep(key, built, shared=True), robust=True)
        cached = built
    return RosterDocument(body=cached[0], etag=cached[1], load_warband=lambda: warband)


def _recall(key: str) -> tuple[bytes, str] | None:
    cached: tuple[bytes, str] | None = _RECENT.get(key) or cache.get(key)
    if cached is not None and key not in _RECENT:
        _keep(key, cached, shared=False)
    return cached


def _keep(key: str, built: tuple[bytes, str], *, shared: bool) -> None:
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.pop(next(iter(_RECENT)), None)
    _RECENT[key] = built
    if shared:
        cache.set(key, built, TTL_SECONDS)


def roster_document(*, viewer: Any, warband_id: int) -> RosterDocument:
    """The whole roster for ``viewer``: three queries or fewer when unchanged since it was last built.

    The visibility query reads only the cache key's parts; the warband row is loaded when the representation
    must be built, or when a page asks for it.
    """
    found = stamp(viewer=viewer, warband_id=warband_id)
    if found is None:
        raise NotFound(_("No such warband."), code="warband_not_found")
    cached = _recall(_key(*found))
    if cached is None:
        return document_of(warband_visible(viewer=viewer, warband_id=warband_id))
    return RosterDocument(
        body=cached[0], etag=cached[1], load_warband=lambda: warband_visible(viewer=viewer, warband_id=warband_id)
    )
