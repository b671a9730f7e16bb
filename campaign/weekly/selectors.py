"""Reads of the secret weekly moves, always for a viewer: who may see what lives here, once (spec §2).

- **Moves** (and free actions): their author and the GM. Anyone else sees none, counts included.
- **Characters**: the owner and the GM see the whole sheet (stats, abilities and counters,
  companions, stash, holdings, promises); everybody else in the campaign sees the public face
  (name, status, whether ever out of the Game) and what *they* hold on that character.
- **Results**: the GM sees every entry whole, at any time. Players see results once the week
  has closed: their own entries whole (roll, picks, Troubles, the events of their move they may
  see), and in anyone else's entry only the events that name them (a spy caught by its target,
  the info a Troubles result gave them); never the author, kind or record of another's move.
  An organiser who is not the GM sees none, as a stranger sees no campaign at all.
- **Decisions**: the player who decides, and the GM (all of them).
- **Resolution progress**: the GM only (a total of entries would count the others' moves).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from campaign.lib.errors import NotAllowed, NotFound
from campaign.models import Week
from campaign.selectors import campaign_access

from .access import SYSTEM, WeekViewer, week_viewer
from .models import Character, InfoHolding, MoveResult, Promise, WeeklyDecision, WeeklyMove, WeekResolution
from .resolution.run import resolution_progress


def moves_visible_to(
    *, viewer: Any, week_id: int, kind: str | None = None, character_id: int | None = None
) -> tuple[WeekViewer, QuerySet[WeeklyMove]]:
    """The week's moves the viewer may see: their own, or every one for the GM; then the filters."""
    who = week_viewer(viewer=viewer, week_id=week_id)
    moves = WeeklyMove.objects.filter(week=who.week).select_related("character")
    if not who.is_gm:
        moves = moves.filter(character=who.character) if who.character is not None else moves.none()
    if kind:
        moves = moves.filter(kind=kind)
    if character_id is not None:
        moves = moves.filter(character_id=character_id)
    return who, moves.order_by("pk")


def move_for_viewer(*, viewer: Any, week_id: int, move_id: int) -> WeeklyMove:
    """One move the viewer may see; another player's is "no such move", exactly as a missing one."""
    _who, moves = moves_visible_to(viewer=viewer, week_id=week_id)
    move = moves.filter(pk=move_id).first()
    if move is None:
        raise NotFound(_("No such move."), code="move_not_found")
    return move


def results_visible_to(
    *, viewer: Any, week_id: int, kind: str | None = None, character_id: int | None = None
) -> tuple[WeekViewer, QuerySet[MoveResult]]:
    """The week's results the viewer may see any of (redact each with :func:`result_for`).

    ``kind`` and ``character_id`` filter on what the viewer may see whole: a player's filters
    match only their own entries, so a filter can never tell them what another player did.
    """
    who = week_viewer(viewer=viewer, week_id=week_id)
    results = MoveResult.objects.filter(week=who.week).select_related("character")
    if not who.is_gm:
        if who.character is None or who.week.status != Week.Status.CLOSED:
            return who, results.none()
        results = results.filter(audience=who.character)
        if kind is not None or character_id is not None:
            results = results.filter(character=who.character)
    if kind:
        results = results.filter(kind=kind)
    if character_id is not None:
        results = results.filter(character_id=character_id)
    return who, results.order_by("index")


def result_for(result: MoveResult, *, key: str | None, is_gm: bool) -> dict[str, Any]:
    """A result as ``key`` (a player's engine id, None for a non-player) may see it."""
    if is_gm:
        return {
            "index": result.index,
            "mine": False,
            "move": result.move_id,
            "move_key": result.move_key,
            "character": result.character_id,
            "kind": result.kind,
            "status": result.status,
            "record": result.record,
            "move_errors": result.errors,
            "rolls": result.rolls,
            "events": result.events,
        }
    events = [{k: v for k, v in e.items() if k != "visible_to"} for e in result.events if key in e["visible_to"]]
    if key is not None and key in result.visible_to:
        return {
            # No position in the plan: it would count the other players' entries before this one.
            "index": None,
            "mine": True,
            "move": result.move_id,
            "move_key": result.move_key,
            "character": result.character_id,
            "kind": result.kind,
            "status": result.status,
            "record": result.record,
            "move_errors": result.errors,
            "rolls": result.rolls,
            "events": events,
        }
    return {
        "index": None,
        "mine": False,
        "move": None,
        "move_key": None,
        "character": None,
        "kind": None,
        "status": None,
        "record": None,
        "move_errors": [],
        "rolls": [],
        "events": events,
    }


def decisions_for(*, viewer: Any, week_id: int, open_only: bool = False) -> QuerySet[WeeklyDecision]:
    """The week's decisions the viewer makes: their character's, or all of them for the GM."""
    who = week_viewer(viewer=viewer, week_id=week_id)
    decisions = WeeklyDecision.objects.filter(week=who.week)
    if not who.is_gm:
        decisions = decisions.filter(character=who.character) if who.character is not None else decisions.none()
    if open_only:
        decisions = decisions.filter(answered_at__isnull=True)
    return decisions.order_by("pk")


def decision_for(*, viewer: Any, week_id: int, decision_id: int, open_only: bool = False) -> WeeklyDecision | None:
    """One of the week's decisions the viewer makes (``decisions_for``), or None."""
    return decisions_for(viewer=viewer, week_id=week_id, open_only=open_only).filter(pk=decision_id).first()


def resolution_for(*, viewer: Any, week_id: int) -> dict[str, Any]:
    """The GM's view of the resolution's progress."""
    who = week_viewer(viewer=viewer, week_id=week_id)
    if not who.is_gm:
        raise NotAllowed(_("Only the GM follows a week's resolution."), code="gm_only")
    progress = resolution_progress(week=who.week)
    res = WeekResolution.objects.filter(week=who.week).first()
    progress.update(week=who.week.pk, week_status=who.week.status, error=res.error if res else "")
    return progress


# -- characters ------------------------------------------------------------------------------------
def _campaign_of_characters(viewer: Any, campaign_id: int) -> tuple[Any, bool, Character | None]:
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    if access.campaign.system != SYSTEM:
        raise NotFound(_("This campaign has no characters."), code="no_characters")
    mine = Character.objects.filter(campaign=access.campaign, user=viewer).first()
    return access.campaign, access.is_gm, mine


def characters_visible_to(*, viewer: Any, campaign_id: int) -> list[dict[str, Any]]:
    """Every character of the campaign, whole for its owner and the GM, its public face for the rest."""
    campaign, is_gm, mine = _campaign_of_characters(viewer, campaign_id)
    rows = list(Character.objects.filter(campaign=campaign).select_related("user").order_by("pk"))
    known = _known_by(mine)
    return [sheet_for(row, whole=is_gm or row == mine, known=known) for row in rows]


def character_for_viewer(*, viewer: Any, character_id: int) -> tuple[Character, dict[str, Any]]:
    """One character as the viewer may see it; 404 for a stranger."""
    campaign_id = Character.objects.filter(pk=character_id).values_list("campaign_id", flat=True).first()
    if campaign_id is None or not getattr(viewer, "is_authenticated", False):
        raise NotFound(_("No such character."), code="character_not_found")
    try:
        _campaign, is_gm, mine = _campaign_of_characters(viewer, campaign_id)
    except NotFound:
        raise NotFound(_("No such character."), code="character_not_found") from None
    row = Character.objects.select_related("user").get(pk=character_id)
    return row, sheet_for(row, whole=is_gm or row == mine, known=_known_by(mine))


def characters_in(campaign_id: int) -> list[Character]:
    """The campaign's characters by name, for their public face (key, name, status: what every member sees)."""
    return list(Character.objects.filter(campaign_id=campaign_id).order_by("name"))


def character_names(campaign_id: int) -> dict[int, str]:
    """Every character's name by id (the public face), to name them in moves, results and decisions."""
    return dict(Character.objects.filter(campaign_id=campaign_id).values_list("pk", "name"))


def character_in(campaign: Any, character_id: Any) -> Character | None:
    """A character of this campaign, or None: what a GM's ruling names (the service decides who may rule)."""
    try:
        pk = int(character_id or 0)
    except (TypeError, ValueError):
        return None
    return Character.objects.filter(pk=pk, campaign=campaign).first()


def promises_for(*, viewer: Any, campaign_id: int) -> list[Promise]:
    """The campaign's promises, for its GM (a player reads the ones on their own sheet); nobody else."""
    access = campaign_access(viewer=viewer, campaign_id=campaign_id)
    if not access.is_gm:
        return []
    return list(Promise.objects.filter(campaign=access.campaign).order_by("pk"))


def promise_in(campaign: Any, promise_id: int) -> Promise | None:
    """A promise of this campaign, or None: what a GM's ruling names."""
    return Promise.objects.filter(pk=promise_id, campaign=campaign).first()


def promise_for_viewer(*, viewer: Any, promise_id: int) -> Promise:
    """A promise for whoever may read one of its parties' sheets whole (who may know it exists); 404 otherwise."""
    promise = Promise.objects.filter(pk=promise_id).first()
    if promise is not None:
        _row, sheet = character_for_viewer(viewer=viewer, character_id=promise.promiser_id)
        if not sheet["whole"]:
            _row, sheet = character_for_viewer(viewer=viewer, character_id=promise.beneficiary_id)
        if not sheet["whole"]:
            promise = None
    if promise is None:
        raise NotFound(_("No such promise."), code="promise_not_found")
    return promise


def _known_by(character: Character | None) -> dict[int, int]:
    """Subject pk -> the info ``character`` (themself, not a companion) holds on them."""
    if character is None:
        return {}
    rows = InfoHolding.objects.filter(holder=character, companion="")
    return dict(rows.values_list("subject_id", "count"))


def sheet_for(row: Character, *, whole: bool, known: dict[int, int]) -> dict[str, Any]:
    """The character sheet: whole, or the public face plus what the viewer holds on them."""
    public = {
        "id": row.pk,
        "key": row.key,
        "campaign": row.campaign_id,
        "name": row.name,
        "status": row.status,
        "ever_out": row.ever_out,
        "my_info": known.get(row.pk, 0),
        "whole": whole,
    }
    if not whole:
        return public
    holdings = InfoHolding.objects.filter(holder=row).select_related("subject").order_by("pk")
    promises = Promise.objects.filter(Q(promiser=row) | Q(beneficiary=row)).order_by("pk")
    return {
        **public,
        "player": row.user.username,
        "user": row.user_id,
        **{
            f: getattr(row, f)
            for f in ("magic", "shadow", "might", "influence", "preparedness", "debt", "xp")
        },
        "knows_ritual_location": row.knows_ritual_location,
        "ritual_source": row.ritual_source,
        "abilities": row.abilities,
        "ingredients": row.ingredients,
        "artifacts": row.artifacts,
        "companions": row.companions,
        "info": [
            {
                "subject": h.subject_id,
                "subject_key": h.subject.key,
                "companion": h.companion,
                "count": h.count,
                "gained": h.gained,
                "valid": h.valid,
            }
            for h in holdings
        ],
        "promises": [
            {
                "id": p.pk,
                "week": p.week,
                "promiser": p.promiser_id,
                "beneficiary": p.beneficiary_id,
                "service": p.service,
                "fulfilled": p.fulfilled,
            }
            for p in promises
        ],
    }
