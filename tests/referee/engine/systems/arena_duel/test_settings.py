"""The arena duel's settings: every GAP/CONFIG item with the spec's SWD default; bad values named."""

from __future__ import annotations

import pytest

from referee.engine.game_systems import system
from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.arena_duel.settings import ArenaDuelSettings


def test_it_defaults_to_the_spec_s_swd_readings() -> None:
    s = system("arena_duel").default_settings()
    assert (s.crit_fail_reroll, s.soak_rule, s.will_duel_results, s.shaken_recovery) == (False, "swd", "swd",
                                                                                       "success_acts")
    assert (s.arena_geometry, s.declaration_public_part, s.declaration_locked, s.benny_counts_private) == (
        "lane", "shown", True, True)
    assert (s.magic_raise_shows_die, s.opposed_tie, s.hold_lasts, s.fight_bennies) == (False, "reroll",
                                                                                      "next_turn", 3)
    refs = " ".join(f["ref"] for f in ArenaDuelSettings.describe())
    for gap in range(1, 21):
        if gap not in (7, 8, 11, 14):  # rules without a choice to make: recorded data and warnings
            assert f"GAP-{gap:02d}" in refs
    assert ArenaDuelSettings.from_dict(s.to_dict()) == s


@pytest.mark.parametrize(("raw", "field"), [
    ({"soak_rule": "swade"}, "soak_rule"), ({"fight_bennies": -1}, "fight_bennies"),
    ({"crit_fail_reroll": "yes"}, "crit_fail_reroll"), ({"no_such": 1}, "no_such"),
    ({"prep_order": ["prep_bans", "prep_gambling", "prep_info", "prep_selection", "prep_final"]}, "prep_order"),
])
def test_a_bad_setting_is_refused_with_its_name(raw, field) -> None:
    with pytest.raises(SettingsInvalid) as refused:
        system("arena_duel").read_settings(raw)
    assert refused.value.field == field
