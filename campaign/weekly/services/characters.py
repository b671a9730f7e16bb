"""The GM sets up and edits the characters of an intrigue campaign (spec §1), their info and promises.

Every edit is checked by the engine's own readers (``Player.from_dict``), audited on the
timeline for the GM only, and refused while a week of the campaign is resolving: the
resolution keeps the state in memory between entries, and must not be edited under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.league import system_of
from campaign.lib.errors import Conflict, NotFound, RuleViolation
from campaign.models import Campaign, CampaignEvent, Week
from campaign.selectors.roles import PLAYER, role_of
from campaign.services.access import GM, require_role
from campaign.services.events import event_record
from referee.engine.systems.weekly_moves import Player

from ..access import SYSTEM
from ..models import Character, InfoHolding, Promise, WeeklyGame
from ..state import ROW_FIELDS, game_of, player_of, row_values

GM_ONLY = gettext_lazy("Only the GM sets up and edits characters.")
EDITABLE = frozenset(ROW_FIELDS)


def _guard(campaign: Campaign, actor: Any) -> None:
    """The GM of an intrigue campaign with no week resolving; holds the game row until commit."""
    if campaign.system != SYSTEM:
        raise NotFound(_("This campaign has no characters."), code="no_characters")
    require_role(campaign=campaign, user=actor, roles=[GM], message=str(GM_ONLY))
    WeeklyGame.objects.select_for_update().filter(pk=game_of(campaign.pk).pk).first()
    if Week.objects.filter(campaign=campaign, status=Week.Status.RESOLVING).exists():
        raise Conflict(
            _("A week is being resolved; characters can be edited once it has closed."), code="week_resolving"
        )


def _invalid(field: str, message: str) -> RuleViolation:
    return RuleViolation(
        _("%(field)s: %(problem)s") % {"field": field, "problem": message},
        code="invalid_character",
        fields={field: [message]},
    )


def _companions(character: Character, new: Any) -> list[dict[str, Any]]:
    """Companions with stable ids: kept ones keep theirs, new ones get ``<key>c<n>``, never a used one."""
    if not isinstance(new, list) or not all(isinstance(c, Mapping) for c in new):
        raise _invalid("companions", _("a list of companions"))
    key = character.key
    known = {str(c.get("id")) for c in character.companions}
    held = InfoHolding.objects.filter(holder=character).exclude(companion="").values_list("companion", flat=True)
    used = known | set(held)
    numbers = [int(i[len(key) + 1 :]) for i in used if i.startswith(f"{key}c") and i[len(key) + 1 :].isdigit()]
    n = max(numbers, default=0)
    out = []
    for c in new:
        cid = c.get("id")
        if cid is None:
            n += 1
            cid = f"{key}c{n}"
        elif str(cid) not in known:
            raise _invalid(
                "companions", _("unknown companion id %(id)s; leave it out for a new companion") % {"id": cid}
            )
        out.append({**dict(c), "id": str(cid)})
    return out


def _sheet(character: Character, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The character's row values after ``changes``, read and checked by the engine."""
    unknown = sorted(set(changes) - EDITABLE)
    if unknown:
        raise _invalid(unknown[0], _("not a field of a character"))
    data = {**row_values(player_of(character)), **dict(changes)}
    if "companions" in changes:
        data["companions"] = _companions(character, changes["companions"])
    if data.get("status") == Character.Status.OUT:
        data["ever_out"] = True  # WM-RIT-01: the flag sticks
    if data.get("ritual_source") and not data.get("knows_ritual_location"):
        raise _invalid("ritual_source", _("only a character who knows the Ritual's location has a source"))
    for field in ("ingredients", "artifacts"):
        if not isinstance(data[field], list) or not all(isinstance(i, str) and i for i in data[field]):
            raise _invalid(field, _("a list of names"))
    abilities = data["abilities"]
    if not isinstance(abilities, list) or len({a.get("id") for a in abilities if isinstance(a, Mapping)}) != len(
        abilities
    ):
        raise _invalid("abilities", _("a list of abilities with distinct ids"))
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise _invalid("name", _("required"))
    if int(data["xp"]) < 0:
        raise _invalid("xp", _("cannot be negative"))
    try:
        player = Player.from_dict({**data, "id": character.key})
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleViolation(
            _("The character sheet is not filled in correctly: %(problem)s") % {"problem": exc},
            code="invalid_character",
        ) from None
    return row_values(player)


@transaction.atomic
def character_create(*, campaign: Campaign, actor: Any, user: Any, sheet: Mapping[str, Any]) -> Character:
    """The GM gives a player of the campaign their character."""
    _guard(campaign, actor)
    if role_of(viewer=user, campaign_id=campaign.pk) != PLAYER:
        raise RuleViolation(
            _("Characters are for the campaign's players; invite them first."),
            code="not_a_player",
            fields={"user": [_("Not a player of this campaign.")]},
        )
    if Character.objects.filter(campaign=campaign, user=user).exists():
        raise Conflict(_("That player already has a character."), code="character_exists")
    character = Character.objects.create(campaign=campaign, user=user, name=str(sheet.get("name") or user.username))
    values = _sheet(character, sheet)
    Character.objects.filter(pk=character.pk).update(**values)
    character.refresh_from_db()
    event_record(
        campaign=campaign,
        kind="character_created",
        payload={"character": character.pk, "user": user.pk},
        actor=actor,
        visibility=CampaignEvent.Visibility.GM,
    )
    return character


@transaction.atomic
def character_update(*, character: Character, actor: Any, changes: Mapping[str, Any]) -> Character:
    """The GM edits a character: any field of the sheet (a death ruling too, WM-CMB-09)."""
    _guard(character.campaign, actor)
    character = Character.objects.select_for_update().get(pk=character.pk)
    before = row_values(player_of(character))
    values = _sheet(character, changes)
    diff = {k: [before[k], v] for k, v in values.items() if before[k] != v}
    if diff:
        Character.objects.filter(pk=character.pk).update(**values)
        event_record(
            campaign=character.campaign,
            kind="character_edited",
            payload={"character": character.pk, "changes": diff},
            actor=actor,
            visibility=CampaignEvent.Visibility.GM,
        )
    character.refresh_from_db()
    return character


@transaction.atomic
def info_set(
    *, holder: Character, subject: Character | int, actor: Any, count: int, valid: bool = True, companion: str = ""
) -> InfoHolding:
    """The GM sets what ``holder`` (or their companion) knows about ``subject`` (WM-INFO-01)."""
    _guard(holder.campaign, actor)
    subject_pk = subject.pk if isinstance(subject, Character) else subject
    found = Character.objects.filter(pk=subject_pk, campaign_id=holder.campaign_id).exclude(pk=holder.pk).first()
    if found is None:
        raise RuleViolation(_("Name another character of this campaign."), code="invalid_subject")
    subject = found
    if companion and companion not in {str(c.get("id")) for c in holder.companions}:
        raise RuleViolation(_("No such companion of the holder."), code="invalid_companion")
    cap = system_of(SYSTEM, holder.campaign.settings).info_cap
    if not 0 <= count <= cap:
        raise RuleViolation(
            _("Info is from 0 to %(cap)d in this campaign.") % {"cap": cap},
            code="invalid_info",
            fields={"count": [str(cap)]},
        )
    week = Week.objects.filter(campaign=holder.campaign).order_by("-number").values_list("number", flat=True).first()
    row, _created = InfoHolding.objects.select_for_update().get_or_create(
        campaign=holder.campaign, holder=holder, companion=companion, subject=subject
    )
    gained = list(row.gained)[:count]
    gained += [week or 1] * (count - len(gained))
    row.count, row.gained, row.valid = count, gained, valid
    row.save()
    event_record(
        campaign=holder.campaign,
        kind="info_set",
        payload={"holder": holder.pk, "subject": subject.pk, "companion": companion, "count": count, "valid": valid},
        actor=actor,
        visibility=CampaignEvent.Visibility.GM,
    )
    return row


@transaction.atomic
def promise_set(*, promise: Promise, actor: Any, fulfilled: bool) -> Promise:
    """The GM marks a promised service fulfilled (WM-EXCH-02: the GM enforces it)."""
    _guard(promise.campaign, actor)
    if promise.fulfilled != fulfilled:
        promise.fulfilled = fulfilled
        promise.save(update_fields=["fulfilled"])
        event_record(
            campaign=promise.campaign,
            kind="promise_updated",
            payload={"promise": promise.pk, "fulfilled": fulfilled},
            actor=actor,
            visibility=CampaignEvent.Visibility.GM,
        )
    return promise
