"""The printable roster sheet: campaign and date, heroes then henchmen with profile, equipment by name, skills,
injuries, the XP track with the advances marked, costs, rating, stash and room for notes; in the reader's language.

The HTML is checked everywhere; the PDF itself needs Debian's Pango (skipped with a reason where it is absent)."""

from __future__ import annotations

import ctypes.util
import os

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from roster.documents.cache import roster_document
from roster.models import Warrior
from roster.web.views import roster_context
from tests.roster.helpers import hire, reikland
from tests.support.world import World

NO_PANGO = ctypes.util.find_library("pango-1.0") is None
pytestmark = pytest.mark.django_db


def _warband(world: World) -> object:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich", equipment=["sword"])
    hire(warband, "warrior", name="Swords", count=2)
    captain = Warrior.objects.get(warband=warband, name="Ulrich")
    captain.xp, captain.injuries, captain.skills = 5, [{"result": "INJ_CHEST_WOUND", "battle": None}], []
    captain.save()
    return warband


def _context(warband: object) -> dict:
    return roster_context(roster_document(viewer=warband.owner, warband_id=warband.pk))  # type: ignore[attr-defined]


def test_the_sheet_lists_heroes_then_henchmen_with_names_and_the_xp_track(world: World) -> None:
    warband = _warband(world)
    html = render_to_string("roster/sheet.html", _context(warband))
    assert html.index("Heroes") < html.index("Ulrich") < html.index("Henchmen") < html.index("Swords")
    assert "Mordheim league" in html and "Sword" in html and "Chest Wound (Toughness −1.)" in html
    assert "INJ_CHEST_WOUND" not in html
    ulrich = html[html.index("Ulrich") :]
    track = ulrich[ulrich.index('class="xp"') : ulrich.index("</div>")]
    assert track.count('class="adv on"') == 2  # thresholds 2 and 4 passed with 5 XP
    assert track.count("<span") == 90  # up to the last hero advance
    assert "Notes" in html and "Stash" in html


def test_the_sheet_speaks_the_readers_language(world: World) -> None:
    warband = _warband(world)
    with translation.override("ru"):
        html = render_to_string("roster/sheet.html", _context(warband))
    assert "Герои" in html and "Заметки" in html and "ранение в грудь" in html.lower()


@pytest.mark.skipif(NO_PANGO, reason="needs Debian's Pango (apt-get install libpango-1.0-0)")
def test_the_web_sheet_is_a_pdf_for_whoever_may_see_the_roster(world: World, tmp_path: object) -> None:
    warband = _warband(world)
    carol = Client()
    carol.force_login(world.carol)
    response = carol.get(f"/warbands/{warband.pk}/sheet.pdf")  # type: ignore[attr-defined]
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    oscar = Client()
    oscar.force_login(world.oscar)
    assert oscar.get(f"/warbands/{warband.pk}/sheet.pdf").status_code == 404  # type: ignore[attr-defined]
    out = os.path.join("var", "screenshots")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "roster-sheet.pdf"), "wb") as f:
        f.write(response.content)
