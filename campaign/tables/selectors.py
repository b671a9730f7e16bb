"""Reads of the campaign's arena characters for a viewer: the sheet is the owner's and the staff's.

Every member of the campaign sees who the characters are and what the rules make public (the
final Charisma, AD-INFO-01); only the owner, the organiser and the GM see the sheet, the gear,
the wounds and the persistent bennies (AD-ROLL-05). Anyone else gets exactly a missing character.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import NotFound
from campaign.selectors.roles import STAFF, campaign_ids_of, role_of
from campaign.tables.models import ArenaCharacter
from referee.table_models import TableSession
from referee.tables.selectors import tables_visible_to


def characters_visible_to(
    *, viewer: Any, campaign_id: int | None = None, own: bool = False
) -> QuerySet[ArenaCharacter]:
    """The characters of the campaigns the viewer is an active member of (of one campaign when given; ``own``:
    only the viewer's)."""
    rows = ArenaCharacter.objects.filter(campaign_id__in=campaign_ids_of(viewer=viewer)).select_related("owner")
    if own:
        rows = rows.filter(owner_id=getattr(viewer, "pk", None))
    return rows.filter(campaign_id=campaign_id) if campaign_id is not None else rows


def tables_listed_to(
    *, viewer: Any, campaign_id: Any = None, system: str | None = None, status: str | None = None, limit: int = 100
) -> list[TableSession]:
    """The live tables the viewer may see (the referee's rule, by the campaigns they are an active member of),
    newest first, narrowed to one campaign, system or status when given."""
    rows = tables_visible_to(viewer=viewer, member_of=campaign_ids_of(viewer=viewer))
    if campaign_id is not None:
        rows = rows.filter(campaign_id=campaign_id)
    if system:
        rows = rows.filter(system=system)
    if status:
        rows = rows.filter(status=status)
    return list(rows.order_by("-id")[:limit])


def character_for(*, viewer: Any, pk: int) -> ArenaCharacter:
    found = characters_visible_to(viewer=viewer).filter(pk=pk).first()
    if found is None:
        raise NotFound(_("No such character."), code="character_not_found")
    return found


def sheet_visible(*, viewer: Any, character: ArenaCharacter) -> bool:
    """The owner, the campaign's organiser and its GM read the sheet; other members do not."""
    if getattr(viewer, "pk", None) == character.owner_id:
        return True
    return role_of(viewer=viewer, campaign_id=character.campaign_id, cached=True) in STAFF


def character_card(*, viewer: Any, character: ArenaCharacter) -> dict[str, Any]:
    """The character as the viewer may read it: the public part for everyone, the sheet where allowed."""
    card: dict[str, Any] = {
        "id": character.pk, "campaign": character.campaign_id, "name": character.name,
        "owner": character.owner.get_username(), "charisma": int((character.sheet or {}).get("charisma", 0)),
        "duels": character.duels, "sheet_visible": False, "sheet": None, "gear": None, "wounds": None,
        "persistent_bennies": None,
    }
    if sheet_visible(viewer=viewer, character=character):
        card.update(sheet_visible=True, sheet=character.sheet, gear=list(character.gear), wounds=character.wounds,
                    persistent_bennies=list(character.persistent_bennies))
    return card
