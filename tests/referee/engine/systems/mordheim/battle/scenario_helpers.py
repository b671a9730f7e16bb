"""Setting up a scenario and reading its rewards through the engine, with scripted dice."""

from __future__ import annotations

from referee.engine.systems.mordheim.battle.prebattle import (
    scenario_setup,
)
from referee.engine.systems.mordheim.battle.report import (
    validate_battle,
)
from referee.engine.systems.mordheim.battle.scenarios import (
    scenario_rewards,
)
from referee.engine.systems.mordheim.effects import ScenarioFact
from referee.engine.systems.mordheim.postbattle.experience import battle_experience
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, group, hero, leader, tables, warband


def sides(**kw):
    return (
        warband("A", leader("a-boss"), hero("a-champ"), hero("a-kid"), group("a-men", 2), **kw),
        warband("B", leader("b-boss"), hero("b-champ"), group("b-men", 3)),
    )


def setup(scenario, faces, attacker=None, absent=(), wbs=None):
    roller = ScriptedRoller(faces)
    effects = scenario_setup(scenario, wbs or sides(), attacker, absent, SETTINGS, roller)
    return {e.fact: e.value for e in effects if isinstance(e, ScenarioFact)}, roller


def rewards(battle, wbs=None, faces=(), settings=SETTINGS):
    roller = ScriptedRoller(faces)
    wbs = wbs or sides()
    validate_battle(battle, wbs, tables())
    effects, records = scenario_rewards(
        battle=battle, warbands=wbs, tables=tables(), settings=settings, roller=roller
    )
    return effects, {r.warband: r.shards for r in records}


def awards(battle, settings=SETTINGS, wbs=None):
    wbs = wbs or sides()
    validate_battle(battle, wbs, tables())
    _, records = battle_experience(battle=battle, before=wbs, after=wbs, tables=tables(), settings=settings)
    return {r.warrior: dict(r.awards) for r in records}


def extra(battle, settings=SETTINGS):
    standard = {"XP_SURVIVES", "XP_WINNING_LEADER", "XP_PER_ENEMY_OOA", "XP_UNDERDOG"}
    out = {w: {k: v for k, v in a.items() if k not in standard} for w, a in awards(battle, settings).items()}
    return {w: a for w, a in out.items() if a}


# 1 Defend the Find ----------------------------------------------------------------------
