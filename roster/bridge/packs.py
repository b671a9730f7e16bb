"""A campaign's pinned Mordheim rules and settings, as the engine reads them.

One policy for the pinned pack (``referee.served_packs.pinned_pack``): the version this
server serves when it is the one pinned, else the copy stored when the campaign
pinned it, else a stated refusal. Every roster and battle service reads its rules
here, so a report that validates can always have its aftermath run.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.league import system_of
from campaign.lib.errors import Conflict
from referee.engine.systems.mordheim.lists.loading import WarbandList
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.engine.systems.mordheim.tables.book import MordheimTables
from referee.engine.systems.mordheim.tables.pack_parser import MordheimPack
from referee.served_packs import pinned_pack

SYSTEM = "mordheim"


def require_mordheim(campaign: Any) -> None:
    """409 for a campaign on another game system: its battles are not Mordheim battles."""
    if campaign.system != SYSTEM:
        raise Conflict(_("This game system has no pre-battle sequence."), code="no_prebattle_for_system")


def pack_of(campaign: Any) -> MordheimPack:
    """The Mordheim rules of the campaign, at the pack version it pinned."""
    pinned = campaign.rules_pack
    loaded = pinned_pack(pinned)
    if loaded is None or not isinstance(loaded, MordheimPack):
        raise Conflict(
            _("The campaign's rules pack %(pack)s is not available on this server.") % {"pack": pinned},
            code="rules_pack_missing",
        )
    return loaded


def tables_of(campaign: Any) -> MordheimTables:
    return pack_of(campaign).tables


def list_of(warband: Any) -> WarbandList:
    """The warband's list in its campaign's pinned pack; 409 when the pack does not have it."""
    warband_list = pack_of(warband.campaign).warband_list(warband.list_slug)
    if warband_list is None:
        raise Conflict(
            _("The warband list %(slug)s is not in the campaign's rules pack.") % {"slug": warband.list_slug},
            code="unknown_warband_list",
        )
    return warband_list


def settings_of(campaign: Any) -> MordheimSettings:
    """The campaign's Mordheim settings (every GAP/CONFIG ruling), typed."""
    settings = system_of(SYSTEM, campaign.settings or {})
    assert isinstance(settings, MordheimSettings)
    return settings
