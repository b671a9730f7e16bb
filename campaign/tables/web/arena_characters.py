"""The campaign's arena characters on the phone: everyone sees the names and the Charisma; the GM and
the organiser load a fighter's hidden sheet (traits, skills, edges, hindrances, gear) with a form.

Reads through ``campaign.tables.selectors`` with the viewer, writes through
``campaign.tables.services.characters``, exactly as the API's.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign.lib.errors import RuleViolation
from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Membership
from campaign.selectors import campaign_access, members_of
from campaign.selectors.roles import STAFF, role_of
from campaign.selectors.users import user_by_id
from campaign.tables.selectors import character_card, characters_visible_to
from campaign.tables.services.characters import character_create
from referee.engine.systems.arena_duel.sheets import ATTRIBUTES

DIES = (4, 6, 8, 10, 12)


def _names(raw: str) -> list[str]:
    return [n.strip().lower().replace(" ", "_") for n in raw.split(",") if n.strip()]


def _skills(raw: str) -> dict[str, int]:
    """``fighting d8, notice d6`` as the sheet's skills; a die that is no die is refused with its name."""
    skills = {}
    for part in raw.split(","):
        if not part.strip():
            continue
        name, _sep, die = part.strip().rpartition(" ")
        value = die.lower().lstrip("d")
        if not name or not value.isdigit() or int(value) not in DIES:
            raise RuleViolation(_("Write each skill as its name and die, like \"fighting d8\": %(part)s") %
                                {"part": part.strip()}, code="invalid_field", fields={"skills": [part]})
        skills[name.strip().lower().replace(" ", "_")] = int(value)
    return skills


def _number(request: HttpRequest, name: str) -> int:
    raw = request.POST.get(name, "0").strip() or "0"
    if not raw.lstrip("-").isdigit():
        raise RuleViolation(_("%(field)s must be a whole number.") % {"field": name}, code="invalid_field",
                            fields={name: [raw]})
    return int(raw)


def _sheet(request: HttpRequest) -> dict[str, Any]:
    return {
        "attributes": {a: int(request.POST.get(a, "4")) if request.POST.get(a, "").isdigit() else 0
                       for a in ATTRIBUTES},
        "skills": _skills(request.POST.get("skills", "")), "edges": _names(request.POST.get("edges", "")),
        "hindrances": _names(request.POST.get("hindrances", "")), "arcane": request.POST.get("arcane", "").strip(),
        "charisma": _number(request, "charisma"), "power_points": _number(request, "power_points"),
        "max_power_points": _number(request, "power_points"), "poison_vials": _number(request, "poison_vials"),
    }


@login_required
@not_found_is_404
def characters_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The campaign's characters; the staff's form to make one."""
    access = campaign_access(viewer=request.user, campaign_id=pk)
    staff = role_of(viewer=request.user, campaign_id=pk) in STAFF
    if request.method == "POST" and staff:
        with refusals_as_messages(request) as refused:
            owner = user_by_id(_number(request, "owner"))
            character_create(actor=request.user, campaign=access.campaign, owner=owner,
                             name=request.POST.get("name", "").strip()[:80], sheet=_sheet(request),
                             gear=[g.strip() for g in request.POST.get("gear", "").split(",") if g.strip()])
        if not refused:
            return done(request, _("The character is made; its sheet is hidden from the other players."),
                        request.path)
        return redirect(request.path)
    cards = [character_card(viewer=request.user, character=c)
             for c in characters_visible_to(viewer=request.user, campaign_id=pk)]
    players = members_of(viewer=request.user, campaign_id=pk, active=True, role=Membership.Role.PLAYER)
    return render(request, "campaign/tables/arena_characters.html", {
        "campaign": access.campaign, "cards": cards, "staff": staff, "attributes": ATTRIBUTES, "dies": DIES,
        "players": [(m.user_id, m.user.get_username()) for m in players],
    })
