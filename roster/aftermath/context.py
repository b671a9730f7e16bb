"""What rolling, applying and answering an aftermath share: the warbands locked, the effect writer and
who answers a decision (the stream its rolls go on is chosen in ``roster.services.streams``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict
from campaign.models import Membership
from referee.engine.systems.mordheim.decisions import DecisionRequest
from roster.aftermath.effects import EffectWriter
from roster.bridge.packs import list_of, pack_of, settings_of
from roster.models import Aftermath, Battle, Decision, Warband
from roster.notices import decisions_notify
from roster.services.context import roster_changed


def warbands_locked(battle: Battle, *, changing: bool) -> list[Warband]:
    """Both warbands locked in a fixed order, with campaign, pack, owner and warriors in one more query;
    ``changing``: their rosters change in this transaction, so their version moves on (the roster cache)."""
    ids = sorted(w for w in (battle.warband_a_id, battle.warband_b_id) if w)
    warbands = list(
        Warband.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .select_related("campaign__rules_pack", "owner").defer("campaign__rules_pack__content")
        .prefetch_related("warriors")
        .order_by("pk")
    )
    if changing:
        roster_changed(ids)
    return warbands


def writer_for(battle: Battle, warbands: list[Warband], aftermath: Aftermath) -> EffectWriter:
    return EffectWriter(
        warbands=warbands,
        pack=pack_of(battle.campaign),
        settings=settings_of(battle.campaign),
        lists={w.pk: list_of(w) for w in warbands},
        id_map=aftermath.id_map,
    )


def answerers_of(requests: list[DecisionRequest], battle: Battle, warbands: list[Warband]) -> dict[str, Any]:
    """Who answers each request, by its id: the organiser (one query, if any request needs them) or the
    owner of the warband it is about (already loaded with the locked warbands)."""
    owners = {str(w.pk): w.owner for w in warbands}
    organiser: Any = None
    out = {}
    for r in requests:
        if r.chooser == Decision.Chooser.ORGANISER:
            if organiser is None:
                membership = (
                    Membership.objects.filter(
                        campaign_id=battle.campaign_id, role=Membership.Role.ORGANISER, left_at__isnull=True
                    )
                    .select_related("user")
                    .order_by("id")
                    .first()
                )
                if membership is None:
                    raise Conflict(_("The campaign has no organiser to answer this."), code="no_organiser")
                organiser = membership.user
            out[r.id] = organiser
        else:
            if str(r.warband) not in owners:
                owners[str(r.warband)] = Warband.objects.select_related("owner").get(pk=int(r.warband)).owner
            out[r.id] = owners[str(r.warband)]
    return out


def decisions_open(
    *, aftermath: Aftermath, requests: Any, battle: Battle, warbands: list[Warband]
) -> list[Decision]:
    """The decisions the requests call for, each opened once (a retried apply finds those it made): one
    query for those already open, one INSERT for the new ones, and their answerers told."""
    requests = list(requests)
    if not requests:
        return []
    existing = {
        d.key: d for d in aftermath.decisions.filter(key__in=[r.id for r in requests]).select_related("answerer")
    }
    answerers = answerers_of([r for r in requests if r.id not in existing], battle, warbands)
    new = {
        r.id: Decision(
            aftermath=aftermath,
            key=r.id,
            kind=r.kind,
            warband_id=int(r.warband),
            chooser=r.chooser,
            answerer=answerers[r.id],
            request=r.to_dict(),
        )
        for r in requests
        if r.id not in existing
    }
    Decision.objects.bulk_create(new.values())
    decisions = [existing.get(r.id) or new[r.id] for r in requests]
    decisions_notify(decisions)
    return decisions
