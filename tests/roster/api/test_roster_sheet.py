"""The roster sheet PDF (WeasyPrint; needs Debian's Pango, skipped with a reason where it is absent)."""

import ctypes.util
import os
from pathlib import Path

import pytest

from tests.roster.helpers import hire, reikland
from tests.support.world import World

NO_PANGO = ctypes.util.find_library("pango-1.0") is None
if NO_PANGO and os.environ.get("MUSTER_REQUIRE_SERVICES") == "1":
    raise RuntimeError("MUSTER_REQUIRE_SERVICES=1 but Debian's Pango is missing (apt-get install libpango-1.0-0)")
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(NO_PANGO, reason="needs Debian's Pango (apt-get install libpango-1.0-0)"),
]


def test_it_prints_the_roster_as_a_pdf_for_those_who_may_see_it(world: World, tmp_path: Path) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain", name="Ulrich", equipment=["sword"])
    response = world.client(world.carol).get(f"/api/v1/warbands/{warband.pk}/sheet.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    body = response.content
    assert body.startswith(b"%PDF") and len(body) > 2000
    assert world.client(world.oscar).get(f"/api/v1/warbands/{warband.pk}/sheet.pdf").status_code == 404
    (tmp_path / "sheet.pdf").write_bytes(body)
    if os.environ.get("MUSTER_SCREENSHOTS"):
        (tmp_path / "sheet.pdf").rename(os.path.join(os.environ["MUSTER_SCREENSHOTS"], "sheet.pdf"))
