"""Rolling one Hero injury, and answering its decisions, through the engine with scripted dice."""

from __future__ import annotations

from referee.engine.systems.mordheim.answers import resolve_decision
from referee.engine.systems.mordheim.postbattle.injuries import roll_hero_injury
from tests.support.dice import ScriptedRoller

from ..helpers import SETTINGS, group, hero, leader, tables, warband


def injure(faces, *, by="b-champ", settings=SETTINGS, b=None, extra=(), **hero_kw):
    """Roll one Hero injury for h1 of warband A against warband B."""
    h1 = hero("h1", **hero_kw)
    wbs = (
        warband("A", leader("a-boss"), h1),
        b or warband("B", leader("b-boss"), hero("b-champ"), group("b-men")),
        *extra,
    )
    roller = ScriptedRoller(faces)
    rec, effects, decisions = roll_hero_injury(
        warbands=wbs,
        warband=wbs[0],
        hero=h1,
        by=by,
        tables=tables(),
        settings=settings,
        roller=roller,
        prefix="t",
    )
    return rec, effects, decisions, roller, wbs


def answer(decision, value, wbs, faces=(), settings=SETTINGS):
    roller = ScriptedRoller(faces)
    res = resolve_decision(
        request=decision, answer=value, warbands=wbs, tables=tables(), settings=settings, roller=roller
    )
    return res, roller
