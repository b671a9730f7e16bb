"""A campaign's life: created as a draft on a pinned rules pack, started (week 1 opens), finished."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.league import campaign_settings, setting_of
from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.lib.names import checked_name
from campaign.lib.setting_words import refusal_words, words_of
from campaign.models import Campaign, Membership, Week
from campaign.schedule import valid_time_zone
from campaign.services.access import ORGANISER, require_role
from campaign.services.events import event_record
from campaign.services.weeks import week_open_scheduled, week_resolve
from referee.engine.system_settings import SettingsInvalid
from referee.models import RulesPack
from referee.served_packs import get_pack
from referee.services.rules_packs import rules_pack_sync


def _checked_time_zone(time_zone: str) -> str:
    if not valid_time_zone(time_zone):
        raise RuleViolation(
            _("Unknown time zone %(tz)s; use an IANA name such as Europe/Prague.") % {"tz": time_zone},
            code="invalid_time_zone",
            fields={"time_zone": [_("Unknown time zone.")]},
        )
    return time_zone


def _checked_settings(system: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return campaign_settings(system, raw)
    except SettingsInvalid as exc:
        name = exc.field or "settings"
        owner, spec = setting_of(system, name)
        problem = refusal_words(owner, spec, exc)
        raise RuleViolation(
            _("Setting “%(label)s”: %(problem)s") % {"label": words_of(owner, name).label, "problem": problem},
            code="invalid_setting",
            fields={name: [problem]},
        ) from None


def rules_pack_pinned(*, slug: str, version: str | None = None) -> RulesPack:
    """The stored rules-pack version a new campaign pins: the given version, or the newest served.

    A pack this server loaded from ``fixtures/`` is stored on first use.
    """
    loaded = get_pack(slug, version)
    if loaded is not None:
        row, _what = rules_pack_sync(pack=loaded)
        return row
    rows = RulesPack.objects.filter(slug=slug)
    stored = rows.filter(version=version).first() if version else rows.order_by("-loaded_at", "-id").first()
    if stored is None:
        raise NotFound(
            _("No rules pack %(slug)s %(version)s on this server.") % {"slug": slug, "version": version or ""},
            code="rules_pack_not_found",
            fields={"rules_pack": [_("Unknown rules pack or version.")]},
        )
    return stored


@transaction.atomic
def campaign_create(
    *,
    name: str,
    rules_pack: RulesPack,
    organiser: Any,
    time_zone: str = "UTC",
    settings: Mapping[str, Any] | None = None,
) -> Campaign:
    """Create a draft campaign on a pinned rules-pack version; its creator becomes the organiser.

    Its settings start at the league's and the system's defaults, with ``settings`` over them.
    """
    name = checked_name(name)
    if not name:
        raise RuleViolation(_("A campaign needs a name."), code="name_required", fields={"name": [_("Required.")]})
    campaign = Campaign.objects.create(
        name=name,
        system=rules_pack.system,
        rules_pack=rules_pack,
        time_zone=_checked_time_zone(time_zone),
        settings=_checked_settings(rules_pack.system, settings or {}),
        created_by=organiser,
    )
    Membership.objects.create(campaign=campaign, user=organiser, role=Membership.Role.ORGANISER)
    return campaign


@transaction.atomic
def campaign_update(
    *,
    campaign: Campaign,
    actor: Any,
    settings: Mapping[str, Any] | None = None,
    name: str | None = None,
    time_zone: str | None = None,
) -> Campaign:
    """The organiser changes the name, the time zone or some settings (merged over the current ones).

    A bad value refuses the whole change. A new schedule applies from the next week opened.
    """
    require_role(campaign=campaign, user=actor, roles=[ORGANISER])
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    changes: dict[str, Any] = {}
    if settings:
        merged = _checked_settings(campaign.system, {**campaign.settings, **settings})
        changes.update({k: [campaign.settings.get(k), v] for k, v in merged.items() if campaign.settings.get(k) != v})
        campaign.settings = merged
    if time_zone is not None and time_zone != campaign.time_zone:
        changes["time_zone"] = [campaign.time_zone, _checked_time_zone(time_zone)]
        campaign.time_zone = time_zone
    if name is not None:
        name = checked_name(name)
    if name is not None and name.strip() != campaign.name:
        if not name.strip():
            raise RuleViolation(_("A campaign needs a name."), code="name_required", fields={"name": [_("Required.")]})
        changes["name"] = [campaign.name, name.strip()]
        campaign.name = name.strip()
    if changes:
        campaign.save(update_fields=["settings", "time_zone", "name"])
        event_record(campaign=campaign, kind="settings_changed", payload={"changes": changes}, actor=actor)
    return campaign


@transaction.atomic
def campaign_start(*, campaign: Campaign, actor: Any, now: datetime | None = None) -> Week:
    """Draft to running: week 1 opens with the first deadline of the schedule. Returns week 1."""
    require_role(campaign=campaign, user=actor, roles=[ORGANISER])
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.DRAFT:
        raise Conflict(_("Only a draft campaign can be started."), code="campaign_not_draft")
    campaign.status = Campaign.Status.RUNNING
    campaign.save(update_fields=["status"])
    event_record(campaign=campaign, kind="campaign_started", actor=actor)
    return week_open_scheduled(campaign=campaign, now=now or timezone.now())


@transaction.atomic
def campaign_finish(*, campaign: Campaign, actor: Any, now: datetime | None = None) -> Campaign:
    """Running to finished: the current week is resolved now, and no other week opens."""
    require_role(campaign=campaign, user=actor, roles=[ORGANISER])
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.RUNNING:
        raise Conflict(_("Only a running campaign can be finished."), code="campaign_not_running")
    campaign.status = Campaign.Status.FINISHED
    campaign.save(update_fields=["status"])
    now = now or timezone.now()
    for week in Week.objects.filter(campaign=campaign, status=Week.Status.OPEN):
        week_resolve(week_id=week.pk, now=now, force=True)
    event_record(campaign=campaign, kind="campaign_finished", actor=actor)
    return campaign
