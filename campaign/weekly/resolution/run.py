"""Resolving a claimed week's moves, a group of plan entries per transaction, resumable at any point.

The week resolver (``campaign.weekly.resolver``) runs inside the sweep's transaction, where
nothing can be committed piece by piece, so it only queues :func:`week_moves_resolve` (as a
task, after commit) and answers WAITING. That function:

1. **starts** the resolution once (:func:`resolution_start`): the state's week begins
   (per-week counters reset, WM-ABL-04), the plan is made from the submissions (defaults added
   for silent players, WM-GEN-01) and frozen with the settings and the starting state;
2. resolves the entries **in groups, one transaction each** (at most ``WEEKLY_RESOLUTION_BATCH``
   entries, 100 by default): the week row is locked and the claim token checked once, the
   group's entries are resolved in turn with the week's seeded dice (one ``LedgerRoller`` on the
   week's GM stream, each entry's rolls tagged with its own ``ref``), the group's rolls are stored
   in one insert before anything else is written, then the results, the rows of the state the
   group changed, and the new ``next_index``. A run killed anywhere leaves either the whole
   group or none of it; the next run rebuilds the state from the rows and continues from
   ``next_index``, the first entry not applied, rolling the same sequence numbers from the same
   seed, so the ledger comes out identical and no stored roll is ever made twice;
3. **pauses** when the engine needs a decision (WM-ABL-03): the group's entries before it are
   written, the rolls made so far are stored, a :class:`WeeklyDecision` is created, and the week
   stays resolving (the engine leaves the state unchanged for an entry that waits). Once answered, the
   entry is resolved again from its top, replaying its stored rolls (:class:`ResumeRoller`);
4. **finishes**: every character is compared one last time, the state moves to the next week,
   and the week is closed through ``week_resolve_claimed`` (its seed is revealed only then).

The claim token (``Week.claimed_at``) is read at the start: a run whose week was claimed
again (stuck past the timeout) stops at its next group, and the new run takes over.

The crash-test seam ``fault("weekly_after_move_N")`` fires after the commit that took
``next_index`` to ``N`` or past it, for each such ``N``: a process killed there has at least
``N`` entries committed, and exactly ``N`` when ``N`` ends a group.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings as django_settings
from django.db import DatabaseError, transaction
from django.utils import timezone

from campaign.league import system_of
from campaign.lib.faults import fault
from campaign.models import Week
from campaign.services.weeks import week_resolve_claimed
from referee.engine.rolls import Roll, roll_to_dict
from referee.engine.sealed import Decision, Move, MoveResult, WeekPlan
from referee.engine.systems.weekly_moves import SYSTEM, GameState, WeeklyMovesSettings
from referee.engine.systems.weekly_moves.state import WeekLedger

from ..access import SYSTEM as SLUG
from ..models import MoveResult as ResultRow
from ..models import WeeklyDecision, WeeklyMove, WeekResolution
from ..notices import decision_notify
from ..state import StateWriter, advance_week, character_id, engine_move, load_state, move_pk
from .rolls import GroupRolls, ResumeRoller, roll_ref, stored_rolls

__all__ = ["resolution_progress", "resolution_start", "roll_ref", "stored_rolls", "week_moves_resolve"]

log = logging.getLogger(__name__)


def batch_size() -> int:
    """How many entries one transaction resolves at most (``WEEKLY_RESOLUTION_BATCH``)."""
    return max(1, int(getattr(django_settings, "WEEKLY_RESOLUTION_BATCH", 100)))

DONE, WAITING, STOPPED, FAILED = "done", "waiting", "stopped", "failed"


def _mark(ledger: WeekLedger) -> tuple[int, int, int]:
    """A cheap fingerprint of the engine's per-week ledger: within a week it only grows."""
    return len(ledger.help_used), len(ledger.exchanges), sum(len(v) for v in ledger.applied.values())


def _claimed(week_id: int, token: datetime) -> Week | None:
    """The week, locked, if it is still resolving under ``token``."""
    week = Week.objects.select_for_update().select_related("campaign").filter(pk=week_id).first()
    if week is None or week.status != Week.Status.RESOLVING or week.claimed_at != token:
        return None
    return week


@transaction.atomic
def resolution_start(*, week_id: int, token: datetime, now: datetime | None = None) -> WeekResolution | None:
    """Freeze the week's plan, settings and starting state, once; None when the claim is gone."""
    week = _claimed(week_id, token)
    if week is None:
        return None
    res, _created = WeekResolution.objects.select_for_update().get_or_create(week=week)
    if res.status != WeekResolution.Status.PENDING:
        return res
    advance_week(campaign_id=week.campaign_id, week=week.number)
    settings: WeeklyMovesSettings = system_of(SLUG, week.campaign.settings)
    state = load_state(campaign_id=week.campaign_id, week=week.number)
    state.status = "resolving"
    state.queue = [str(q) for q in res.queue]
    moves = [engine_move(m) for m in WeeklyMove.objects.filter(week=week).order_by("pk")]
    plan = SYSTEM.plan_week(state, moves, settings)
    res.plan = plan.to_dict()
    res.settings = settings.to_dict()
    res.start_state = state.to_dict()
    res.ledger = state.ledger.to_dict()
    res.total = len(plan.entries)
    res.next_index = 0
    res.status = WeekResolution.Status.RUNNING
    res.started_at = now or timezone.now()
    res.save()
    return res


@dataclass
class _Run:
    """One worker's pass over a week: the state in memory, kept equal to the rows after each entry.

    The decisions answered so far and the rolls stored for the entry it starts at are read once:
    only a pause changes them, and a pause (by this run or another with the same claim) shows as
    a new ``pauses`` count, on which the run reloads.
    """

    week: Week
    token: datetime
    plan: WeekPlan
    settings: WeeklyMovesSettings
    state: GameState
    writer: StateWriter
    index: int
    pauses: int
    answers: dict[str, Any]
    replay: list[Roll]
    ledger_mark: tuple[int, int, int]

    @classmethod
    def load(cls, week: Week, token: datetime, res: WeekResolution) -> _Run:
        state = load_state(campaign_id=week.campaign_id, week=week.number)
        state.status = "resolving"
        state.queue = [str(q) for q in res.queue]
        state.ledger = WeekLedger.from_dict(res.ledger)
        plan = WeekPlan.from_dict(res.plan)
        answers = WeeklyDecision.objects.filter(week=week, answered_at__isnull=False).values_list("key", "answer")
        replay = stored_rolls(week, plan.entries[res.next_index].id) if res.next_index < len(plan.entries) else []
        return cls(
            week=week,
            token=token,
            plan=plan,
            settings=WeeklyMovesSettings.from_dict(res.settings),
            state=state,
            writer=StateWriter(campaign_id=week.campaign_id, state=state),
            index=res.next_index,
            pauses=res.pauses,
            answers=dict(answers),
            replay=replay,
            ledger_mark=_mark(state.ledger),
        )

    def _locked(self) -> WeekResolution | None:
        """The resolution and its week, locked in one query, if the week is still resolving under our claim."""
        res = (
            WeekResolution.objects.select_for_update()
            .select_related("week")
            .defer("plan", "settings", "start_state", "ledger", "queue", "week__campaign")
            .filter(week_id=self.week.pk)
            .first()
        )
        if res is None or res.week.status != Week.Status.RESOLVING or res.week.claimed_at != self.token:
            return None
        return res

    def step(self) -> str | None:
        """Resolve the next group of entries in one transaction. None: go on; otherwise why to stop."""
        with transaction.atomic():
            res = self._locked()
            if res is None:
                return STOPPED
            if res.status in (WeekResolution.Status.DONE, WeekResolution.Status.FAILED):
                return str(res.status)
            if res.status == WeekResolution.Status.PAUSED:
                return WAITING
            if res.next_index != self.index or res.pauses != self.pauses:
                return "reload"  # another run with this claim moved on or paused: follow it from the rows
            if self.index >= len(self.plan.entries):
                return self._finish(res)
            group = GroupRolls(self.week)
            done: list[tuple[int, Move, MoveResult]] = []
            decision: Decision | None = None
            for index in range(self.index, min(self.index + batch_size(), len(self.plan.entries))):
                move = self.plan.entries[index]
                stored = self.replay if index == self.index else []  # only the first can have paused before
                roller = ResumeRoller(group=group, ref=roll_ref(self.week, move.id), stored=stored)
                result = SYSTEM.resolve_move(self.state, self.plan, index, self.settings, roller, self.answers)
                if result.status == "awaiting":  # the engine left the state as it was before this entry
                    assert result.decision is not None
                    decision = result.decision
                    break
                done.append((index, move, result))
            group.store()  # the group's rolls first, in one insert, before any effect is written (DESIGN §5.1)
            self._store(done)
            reached = self.index + len(done)
            res.next_index = reached
            fields = ["next_index", "updated_at"]
            mark = _mark(self.state.ledger)
            if mark != self.ledger_mark:
                res.ledger = self.state.ledger.to_dict()
                fields.append("ledger")
            if decision is not None:
                self._pause(res, decision, reached)
                fields += ["status", "pauses"]
            res.save(update_fields=fields)
            fault(f"weekly_before_commit_{reached}")  # the seam of a kill mid-group: all of it is rolled back
            self.ledger_mark = mark
        before, self.index, self.replay = self.index, reached, []
        for n in range(before + 1, reached + 1):
            fault(f"weekly_after_move_{n}")
        return WAITING if decision is not None else None

    def _pause(self, res: WeekResolution, decision: Decision, index: int) -> None:
        row, created = WeeklyDecision.objects.get_or_create(
            week=self.week,
            key=decision.key,
            defaults={
                "index": index,
                "character_id": character_id(decision.player) if decision.player else None,
                "kind": decision.kind,
                "rule": decision.rule,
                "options": decision.options,
                "context": decision.context,
            },
        )
        if created:
            decision_notify(row)
        res.status = WeekResolution.Status.PAUSED
        res.pauses += 1

    def _store(self, done: list[tuple[int, Move, MoveResult]]) -> None:
        """The group's results (one insert), their audiences (one insert), and the state rows they changed."""
        rows, audiences, mentioned = [], [], set[str]()
        for index, move, result in done:
            events = [e.to_dict() for e in result.events]
            author = character_id(move.player)
            assert author is not None
            rows.append(
                ResultRow(
                    week=self.week,
                    index=index,
                    move_id=move_pk(move.id),
                    move_key=move.id,
                    character_id=author,
                    kind=result.kind,
                    status=result.status,
                    visible_to=sorted(result.visible_to),
                    events=events,
                    errors=[e.to_dict() for e in result.errors],
                    record=result.record,
                    rolls=[roll_to_dict(r, detail=False) for r in result.rolls],
                )
            )
            audience = {move.player, *result.visible_to}
            for e in result.events:
                audience |= e.visible_to
            audiences.append(sorted(pk for pk in (character_id(k) for k in audience) if pk is not None))
            mentioned |= self.writer.mentioned(
                move.player, move.payload, result.record, events, sorted(result.visible_to)
            )
        if rows:
            ResultRow.objects.bulk_create(rows)
            through = ResultRow.audience.through
            pairs = zip(rows, audiences, strict=True)
            through.objects.bulk_create([through(moveresult_id=r.pk, character_id=c) for r, ids in pairs for c in ids])
        self.writer.flush(mentioned)

    def _finish(self, res: WeekResolution) -> str:
        missed = self.writer.flush_all()
        if missed:
            log.warning("week %s: characters changed without being named by their entry: %s", self.week.pk, missed)
        # The next week begins for the state now: its per-week counters are fresh (WM-ABL-04).
        advance_week(campaign_id=self.week.campaign_id, week=self.week.number + 1)
        res.status = WeekResolution.Status.DONE
        res.finished_at = timezone.now()
        res.save(update_fields=["status", "finished_at", "updated_at"])
        return DONE


def week_moves_resolve(*, week_id: int, now: datetime | None = None) -> str:
    """Resolve every entry of a claimed week not resolved yet, then close the week. Idempotent.

    Returns ``done`` (resolved; closed unless another run closed it), ``waiting`` (paused for a
    decision) or ``stopped`` (the week is not resolving under the claim this run started with).
    """
    week = Week.objects.select_related("campaign").filter(pk=week_id).first()
    if week is None or week.status != Week.Status.RESOLVING or week.claimed_at is None:
        return STOPPED
    token = week.claimed_at
    res = resolution_start(week_id=week_id, token=token, now=now)
    if res is None:
        return STOPPED
    outcome: str | None = DONE if res.status == WeekResolution.Status.DONE else "reload"
    try:
        while outcome == "reload":
            res.refresh_from_db()
            run = _Run.load(week, token, res)
            outcome = run.step()
            while outcome is None:
                outcome = run.step()
    except DatabaseError:
        raise  # transient (a lost connection, a deadlock): the task retries, the rows are as they were
    except Exception as exc:
        # A rules or engine error is permanent: say so to the GM instead of failing at every sweep.
        log.exception("week %s: resolution failed", week_id)
        WeekResolution.objects.filter(week_id=week_id).update(
            status=WeekResolution.Status.FAILED, error=f"{type(exc).__name__}: {exc}"[:2000]
        )
        return FAILED
    if outcome == DONE:
        week_resolve_claimed(week_id=week_id, token=token, now=now or timezone.now())
    return outcome or DONE


def resolution_progress(*, week: Week) -> dict[str, Any]:
    """Entries done of total, and the decisions still open (for the GM)."""
    res = WeekResolution.objects.filter(week=week).first()
    open_decisions = WeeklyDecision.objects.filter(week=week, answered_at__isnull=True).count()
    if res is None:
        return {
            "status": WeekResolution.Status.PENDING,
            "done": 0,
            "total": None,
            "open_decisions": 0,
            "started_at": None,
            "finished_at": None,
        }
    return {
        "status": res.status,
        "done": res.next_index,
        "total": res.total if res.status != WeekResolution.Status.PENDING else None,
        "open_decisions": open_decisions,
        "started_at": res.started_at,
        "finished_at": res.finished_at,
    }
