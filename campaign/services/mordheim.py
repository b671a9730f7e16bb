"""The Mordheim engine's view of a campaign: its pinned tables, its rulings, its warbands as snapshots."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.errors import Conflict
from campaign.league import system_of
from campaign.models import Campaign
from referee.engine.systems.mordheim.state import MordheimSettings, SnapshotError, WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.pack_parser import MordheimPack
from referee.models import RulesPack
from roster.models import Warband

SYSTEM = "mordheim"
_TABLES: dict[str, MordheimTables] = {}  # by pack checksum: a pinned version's tables never change


def require_mordheim(campaign: Campaign) -> None:
    if campaign.system != SYSTEM:
        raise Conflict(_("This game system has no pre-battle sequence."), code="no_prebattle_for_system")


def tables_of(rules_pack: RulesPack) -> MordheimTables:
    """The tables of the pinned pack version: the served pack when it is that version, else the stored copy."""
    from referee.served_packs import get_pack

    loaded = get_pack(rules_pack.slug, rules_pack.version)
    if loaded is not None and loaded.checksum == rules_pack.checksum and isinstance(loaded.typed, MordheimPack):
        return loaded.typed.tables
    if rules_pack.checksum not in _TABLES:
        raw = (rules_pack.content or {}).get("tables.json")
        if raw is None:
            raise Conflict(
                _("The campaign's rules pack %(pack)s has no tables.") % {"pack": rules_pack},
                code="rules_pack_missing",
            )
        _TABLES[rules_pack.checksum] = MordheimTables.from_json(raw)
    return _TABLES[rules_pack.checksum]


def settings_of(campaign: Campaign) -> MordheimSettings:
    settings = system_of(SYSTEM, campaign.settings)
    assert isinstance(settings, MordheimSettings)
    return settings


def warband_snapshot(warband: Warband) -> WarbandSnapshot:
    """The warband and every warrior still on its roster, as the engine sees it (one bridge: roster.snapshots)."""
    from roster.services.context import list_of
    from roster.snapshots import warband_snapshot as snapshot

    campaign = warband.campaign
    try:
        return snapshot(warband, warband_list=list_of(warband), tables=tables_of(campaign.rules_pack),
                        settings=settings_of(campaign))
    except SnapshotError as exc:
        raise Conflict(
            _("Warband %(name)s cannot be read by the rules engine: %(problem)s")
            % {"name": warband.name, "problem": exc},
            code="roster_unreadable",
        ) from None
