"""The Doomtrooper card pack is validated at start-up: a malformed card stops it, naming file and card."""

import json
import shutil
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from referee.served_packs import get_pack, packs

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "doomtrooper"


def test_the_sample_pack_is_served_with_typed_cards() -> None:
    pack = get_pack("doomtrooper-sample")
    assert pack is not None and pack.system == "doomtrooper"
    assert pack.typed.get("legion_centurion").home == "cohort"


@pytest.mark.parametrize(("change", "message"), [
    ({"affiliation": "space_elves"}, "cards.json: heavy_trooper: affiliation must be one of"),
    ({"value": -1}, "cards.json: heavy_trooper: value must be a whole number of at least"),
    ({"modifier": {"luck": 1}}, "cards.json: heavy_trooper: modifier must map fight, shoot or armour"),
])
def test_a_malformed_card_stops_start_up_naming_file_and_card(tmp_path: Path, change: dict, message: str) -> None:
    folder = tmp_path / "doomtrooper"
    shutil.copytree(FIXTURE, folder)
    data = json.loads((folder / "cards.json").read_text())
    card = next(c for c in data["cards"] if c["slug"] == "heavy_trooper")
    card.update(change)
    (folder / "cards.json").write_text(json.dumps(data))
    packs.cache_clear()
    try:
        with override_settings(FIXTURES_DIR=tmp_path), pytest.raises(ImproperlyConfigured) as err:
            packs()
        assert message in str(err.value)
    finally:
        packs.cache_clear()
