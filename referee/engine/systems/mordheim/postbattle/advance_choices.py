"""Answers to advance decisions, and the advance rolls owed for XP a decision grants.

An answer is checked against the warrior as he stands now (another answer may already
have raised the characteristic or taught the skill).
"""

from __future__ import annotations

from referee.engine.systems.mordheim.apply import apply_effect, apply_effects
from referee.engine.systems.mordheim.decisions import (
    Answer,
    Context,
    DecisionError,
    DecisionRequest,
    Handled,
    chosen_effects,
)
from referee.engine.systems.mordheim.effects import AddXp, Effect, Note, PromoteToHero
from referee.engine.systems.mordheim.postbattle.advances import AdvanceSession, below_max, henchman_may_raise
from referee.engine.systems.mordheim.state import WarbandSnapshot, WarriorSnapshot, find_warrior

STAT_ANSWER_TAKEN = "{stat} cannot be raised any more; pick another option."
SKILL_ANSWER_TAKEN = "The Hero already has {skill}; a skill cannot be taken twice."


def advances_for_new_xp(
    effects: list[Effect], ctx: Context, *, id_prefix: str
) -> tuple[list[Effect], list[DecisionRequest]]:
    """Advance rolls owed for XP granted by a resolved decision (pit fight, sacrifice...)."""
    gains: dict[str, int] = {}
    for e in effects:
        if isinstance(e, AddXp):
            gains[e.warrior] = gains.get(e.warrior, 0) + e.amount
    if not gains:
        return [], []
    session = AdvanceSession(
        apply_effects(ctx.warbands, effects), ctx.tables, ctx.settings, ctx.roller, id_prefix
    )
    for warrior_id, gained in gains.items():
        if not any(wb.has(warrior_id) for wb in session.warbands):
            continue
        now = session.warrior(warrior_id)[1].xp
        session.advance(warrior_id, now - gained, now)
    ctx.advances.extend(r.to_dict() for r in session.records)
    return session.effects, session.decisions


def _current(ctx: Context, request: DecisionRequest) -> tuple[WarbandSnapshot, WarriorSnapshot]:
    return find_warrior(ctx.warbands, str(request.warrior))


def resolve_stat(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """Re-checks the pick against the warrior as he stands now (another answer may have raised it)."""
    _, w = _current(ctx, request)
    stat = answer["choice"][0]
    ok = henchman_may_raise(w, stat) if not w.is_hero else below_max(w, stat)
    if not ok:
        if any(
            (henchman_may_raise(w, o.value) if not w.is_hero else below_max(w, o.value))
            for o in request.options
        ):
            raise DecisionError(STAT_ANSWER_TAKEN.format(stat=stat))
        return [Note(w.id, "advance_lost", "no option can still be applied", request.rule)], []
    return chosen_effects(request, answer), []


def resolve_skill(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    _, w = _current(ctx, request)
    skill = answer["choice"][0]
    if skill in w.skills:  # MH-SKL-02
        raise DecisionError(SKILL_ANSWER_TAKEN.format(skill=skill))
    return chosen_effects(request, answer), []


def resolve_talent(request: DecisionRequest, answer: Answer, ctx: Context) -> Handled:
    """MH-ADV-K-05/07: promote the model, then his one roll on the Hero table."""
    new_id = f"{request.id}:hero"
    model = answer["model"][0] if "model" in answer else None
    promote = PromoteToHero(str(request.warrior), new_id, tuple(answer["choice"]), model, "MH-ADV-K-05")
    session = AdvanceSession(
        apply_effect(ctx.warbands, promote), ctx.tables, ctx.settings, ctx.roller, request.id
    )
    session.hero_advance(new_id, None)
    ctx.advances.extend(r.to_dict() for r in session.records)
    return [promote, *session.effects], session.decisions
