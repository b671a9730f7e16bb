"""Writes of the campaign's arena characters (arena-duel spec §1): made and edited by the staff,
seated in a duel by their owner, changed by the duel when its table closes.

The sheet is checked by the engine's own reader (``sheets.Character.from_dict``), so a sheet that
would not load into a duel never reaches the database. What a duel changes (power points, the
persistent bennies spent and awarded, wounds) is written back with ``post.character_after`` in the
transaction that closes the duel's table.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign.lib.errors import NotAllowed, NotFound, RuleViolation
from campaign.lib.names import checked_name
from campaign.models import Campaign
from campaign.selectors.roles import PLAYER, STAFF, role_of
from campaign.tables.models import ArenaCharacter
from referee.engine.live.system import CommandError
from referee.engine.systems.arena_duel.post import character_after
from referee.engine.systems.arena_duel.sheets import Character

MAX_WOUNDS = 3


def _staff(*, actor: Any, campaign: Campaign) -> None:
    if role_of(viewer=actor, campaign_id=campaign.pk) not in STAFF:
        raise NotAllowed(_("Only the organiser or the GM makes and edits characters."), code="not_staff")


def _clean_sheet(name: str, sheet: dict[str, Any]) -> dict[str, Any]:
    try:
        return Character.from_dict({"id": "new", "sheet": {**sheet, "name": name}}).sheet
    except CommandError as exc:
        raise RuleViolation(_("The sheet does not load: %(why)s.") % {"why": exc.message}, code=exc.code,
                            fields={exc.field or "sheet": [exc.message]}) from None


def _clean_gear(gear: Any) -> list[str]:
    if not isinstance(gear, list) or not all(isinstance(g, str) and 0 < len(g) <= 80 for g in gear) or len(gear) > 50:
        raise RuleViolation(_("Gear is a list of short names."), code="invalid_gear", field="gear")
    return list(gear)


def _saved(character: ArenaCharacter) -> ArenaCharacter:
    try:
        with transaction.atomic():
            character.save()
    except IntegrityError:
        raise RuleViolation(_("This campaign already has a character of that name."), code="name_taken",
                            field="name") from None
    return character


@transaction.atomic
def character_create(*, actor: Any, campaign: Campaign, owner: Any, name: str, sheet: dict[str, Any],
                     gear: list[str] | None = None) -> ArenaCharacter:
    """The organiser or the GM makes a player's character; its sheet stays hidden from the others."""
    _staff(actor=actor, campaign=campaign)
    if role_of(viewer=owner, campaign_id=campaign.pk) != PLAYER:
        raise RuleViolation(_("A character belongs to a player of this campaign."), code="owner_not_player",
                            fields={"owner": [str(getattr(owner, "pk", ""))]})
    name = checked_name(name)
    return _saved(ArenaCharacter(campaign=campaign, owner=owner, name=name, sheet=_clean_sheet(name, sheet),
                                 gear=_clean_gear(gear or [])))


@transaction.atomic
def character_edit(*, actor: Any, character: ArenaCharacter, name: str | None = None,
                   sheet: dict[str, Any] | None = None, gear: list[str] | None = None,
                   wounds: int | None = None) -> ArenaCharacter:
    """The staff change a sheet (the persistent bennies change only through duels)."""
    character = ArenaCharacter.objects.select_for_update().get(pk=character.pk)
    _staff(actor=actor, campaign=character.campaign)
    if name is not None:
        character.name = checked_name(name)
    character.sheet = _clean_sheet(character.name, sheet if sheet is not None else character.sheet)
    if gear is not None:
        character.gear = _clean_gear(gear)
    if wounds is not None:
        character.wounds = min(MAX_WOUNDS, max(0, wounds))
    return _saved(character)


def engine_character(character: ArenaCharacter) -> dict[str, Any]:
    """The character as a duel loads it: its sheet and its persistent bennies."""
    return {"id": str(character.pk), "sheet": {**character.sheet, "name": character.name},
            "persistent_bennies": list(character.persistent_bennies)}


def character_seat_options(*, user: Any, campaign_id: int | None, options: dict[str, Any] | None) -> dict[str, Any]:
    """A fighter's seat at a duel: the id of its own character of the table's campaign, read from the
    database (a phone never sends a sheet)."""
    raw = (options or {}).get("character")
    if isinstance(raw, bool) or not isinstance(raw, int) or campaign_id is None:
        raise RuleViolation(_("Choose your character for the duel."), code="no_character",
                            fields={"character": [_("your character's id")]})
    found = ArenaCharacter.objects.filter(pk=raw, campaign_id=campaign_id, owner=user).first()
    if found is None:
        raise NotFound(_("You have no such character in this campaign."), code="character_not_found")
    return {"character": engine_character(found)}


@transaction.atomic
def characters_after_duel(*, table_id: int, outcome: dict[str, Any]) -> list[ArenaCharacter]:
    """AD-BEN-03, AD-POST: each fighter's character as the duel left it (power points, the persistent
    bennies spent and awarded, wounds), in the caller's transaction (the one closing the table)."""
    changed = []
    for result in outcome["fighters"].values():
        row = ArenaCharacter.objects.select_for_update().filter(pk=int(result["character"])).first()
        if row is None:
            continue
        after = character_after(Character.from_dict(engine_character(row)), result, duel_id=f"table:{table_id}")
        row.sheet = after.sheet
        row.persistent_bennies = [b.to_dict() for b in after.persistent_bennies]
        row.wounds = min(MAX_WOUNDS, int(result["wounds"]))
        row.duels += 1
        row.save(update_fields=["sheet", "persistent_bennies", "wounds", "duels", "updated_at"])
        changed.append(row)
    return changed
