"""The systems' settings (referee.engine.game_systems) and the league's settings (campaign.league)."""

from __future__ import annotations

import pytest

from campaign.league import LeagueSettings, campaign_settings, league_of, system_of
from referee.engine.game_systems import settings_class, settings_for, system, systems
from referee.engine.system_settings import SettingsInvalid, read_settings
from referee.engine.systems.mordheim.state import MordheimSettings
from referee.engine.systems.weekly_moves.settings import WeeklyMovesSettings


def test_it_registers_the_mordheim_and_weekly_moves_settings() -> None:
    assert {"mordheim", "weekly_moves"} <= {s.slug for s in systems()}
    assert system("mordheim").default_settings() == MordheimSettings()
    assert system("weekly_moves").default_settings() == WeeklyMovesSettings()


def test_it_reads_a_systems_settings_over_its_defaults() -> None:
    settings = settings_for("mordheim", {"occupy_max_turns": 6})
    assert isinstance(settings, MordheimSettings)
    assert settings.occupy_max_turns == 6
    assert settings.hidden_treasure_sword_need == 4


@pytest.mark.parametrize(
    ("system", "raw", "field"),
    [
        ("mordheim", {"occupy_max_turns": "eight"}, "occupy_max_turns"),
        ("mordheim", {"occupy_max_turns": 8, "no_such_rule": 1}, "no_such_rule"),
        ("mordheim", {"arm_wound_restriction": "both"}, "arm_wound_restriction"),
        ("weekly_moves", {"info_cap": 0}, "info_cap"),
        ("weekly_moves", {"steal_choice": "coin"}, "steal_choice"),
        ("skirmish_cards", {"anything": 1}, "anything"),
    ],
)
def test_it_names_the_field_a_system_refuses(system: str, raw: dict[str, object], field: str) -> None:
    with pytest.raises(SettingsInvalid) as refused:
        settings_for(system, raw)
    assert refused.value.field == field


def test_a_system_without_settings_accepts_only_none() -> None:
    assert settings_class("pack_only").from_dict({}).to_dict() == {}


def test_it_reads_any_settings_class_and_names_the_field_it_refuses() -> None:
    class Settings:
        def __init__(self, rounds: int = 3) -> None:
            self.rounds = rounds

        def to_dict(self) -> dict[str, int]:
            return {"rounds": self.rounds}

        @classmethod
        def from_dict(cls, raw: dict[str, int]) -> Settings:
            return cls(**raw)

    assert read_settings(Settings, {"rounds": 5}).rounds == 5
    with pytest.raises(SettingsInvalid) as refused:
        read_settings(Settings, {"laps": 5})
    assert refused.value.field == "laps"


def test_campaign_settings_hold_league_and_system_settings_with_defaults() -> None:
    merged = campaign_settings("mordheim", {"points_win": 2, "occupy_max_turns": 6})
    assert merged["points_win"] == 2
    assert merged["deadline_time"] == "20:00"
    assert merged["occupy_max_turns"] == 6
    assert merged["hidden_treasure_sword_need"] == 4
    assert league_of(merged).points_win == 2
    assert system_of("mordheim", merged).occupy_max_turns == 6


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"deadline_time": "25:00"}, "deadline_time"),
        ({"deadline_weekday": 7}, "deadline_weekday"),
        ({"points_win": -1}, "points_win"),
        ({"rematch_weeks": True}, "rematch_weeks"),
        ({"rosters_private": "yes"}, "rosters_private"),
    ],
)
def test_league_settings_name_the_field_they_refuse(raw: dict[str, object], field: str) -> None:
    with pytest.raises(SettingsInvalid) as refused:
        LeagueSettings.from_dict(raw)
    assert refused.value.field == field


def test_league_and_system_setting_names_never_clash() -> None:
    for game in systems():
        assert not LeagueSettings.names() & set(game.default_settings().to_dict())
