"""Answering a decision: the answer checked, turned into effects, rolls and follow-up decisions.

Each kind of decision that needs more than the effects its options carry has a handler
in :data:`HANDLERS`, a plain table; any other kind applies the chosen options' effects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.engine.rolls import Roller
from referee.engine.systems.mordheim.battle import prebattle
from referee.engine.systems.mordheim.decisions import (
    Context,
    DecisionRequest,
    Handler,
    Resolution,
    chosen_effects,
    normalise_answer,
)
from referee.engine.systems.mordheim.postbattle import advance_choices, captives, exploration, injuries, locations
from referee.engine.systems.mordheim.postbattle.advance_choices import advances_for_new_xp
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot
from referee.engine.systems.mordheim.tables.book import MordheimTables

#: Decision kind -> the handler that checks its answer against the warbands as they stand now.
HANDLERS: Mapping[str, Handler] = {
    "ws_or_bs": advance_choices.resolve_stat,
    "any_stat": advance_choices.resolve_stat,
    "skill": advance_choices.resolve_skill,
    "lads_got_talent": advance_choices.resolve_talent,
    "captor": captives.resolve_captor,
    "captive_fate": captives.resolve_fate,
    "exploration_keep": exploration.resolve_keep,
    "exploration_reroll": exploration.resolve_reroll,
    "exploration_adjust": exploration.resolve_adjust,
    "pit_fight": injuries.resolve_pit,
    "well_hero": locations.resolve_well,
    "the_pit": locations.resolve_pit,
    "share_xp": locations.resolve_share,
    "choose_scenario": prebattle.resolve_scenario,
    "scenario_role": prebattle.resolve_role,
}


def resolve_decision(
    *,
    request: DecisionRequest,
    answer: str | Sequence[str] | Mapping[str, Any],
    warbands: tuple[WarbandSnapshot, ...],
    tables: MordheimTables,
    settings: MordheimSettings,
    roller: Roller,
) -> Resolution:
    """Validate ``answer`` and return what it does. XP it grants triggers advance rolls."""
    checked = normalise_answer(request, answer)
    ctx = Context(warbands, tables, settings, roller)
    start = len(roller.made)
    handler = HANDLERS.get(request.kind)
    effects, decisions = handler(request, checked, ctx) if handler else (chosen_effects(request, checked), [])
    more_effects, more_decisions = advances_for_new_xp(effects, ctx, id_prefix=request.id)
    return Resolution(
        request.id,
        checked,
        tuple(effects + more_effects),
        tuple(decisions + more_decisions),
        tuple(roller.made[start:]),
        tuple(ctx.advances),
    )
