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


def warbands_locked(battle: Battle) -> list[Warband]:
    ids = sorted(w for w in (battle.warband_a_id, battle.warband_b_id) if w)
    list(Warband.objects.select_for_update().filter(pk__in=ids).order_by("pk"))  # lock in a fixed order
    return list(Warband.objects.filter(pk__in=ids).select_related("campaign__rules_pack").order_by("pk"))


def writer_for(battle: Battle, warbands: list[Warband], aftermath: Aftermath) -> EffectWriter:
    return EffectWriter(
        warbands=warbands,
        pack=pack_of(battle.campaign),
        settings=settings_of(battle.campaign),
        lists={w.pk: list_of(w) for w in warbands},
        id_map=aftermath.id_map,
    )


def answerer_of(request: DecisionRequest, battle: Battle) -> Any:
    if request.chooser == Decision.Chooser.ORGANISER:
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
        return membership.user
    return Warband.objects.select_related("owner").get(pk=int(request.warband)).owner


def decisions_open(*, aftermath: Aftermath, requests: Any, battle: Battle) -> list[Decision]:
    decisions = [
        Decision.objects.get_or_create(
            aftermath=aftermath,
            key=r.id,
            defaults={
                "kind": r.kind,
                "warband_id": int(r.warband),
                "chooser": r.chooser,
                "answerer": answerer_of(r, battle),
                "request": r.to_dict(),
            },
        )[0]
        for r in requests
    ]
    decisions_notify(decisions)
    return decisions
