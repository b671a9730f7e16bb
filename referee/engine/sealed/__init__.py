"""The sealed-moves mechanism: secret moves collected for a week, resolved at the deadline.

A game system that plays in weeks (``referee/engine/systems/<slug>/``) provides a
:class:`SealedSystem`. The system declares its move types, checks a submitted move
against a *viewer-limited* view of the game (so an error can never reveal what the
submitting player may not know), orders the week's moves into a :class:`WeekPlan`,
and resolves that plan one entry at a time. Everything here is a
plain dataclass with ``to_dict``/``from_dict`` so the Django side can store it as JSON.

Visibility: every :class:`Event` names the player ids allowed to see it in
``visible_to``; the GM sees everything, always, and is never listed. A
:class:`MoveResult` is the author's record of one move (``visible_to`` is who may see the
record as a whole); what anyone else learns from it is in its events.

Resolution is decomposable: :func:`iter_resolution` yields one result per plan entry, in
the plan's order, starting wherever a crashed or paused run stopped. A result whose
``status`` is ``awaiting`` carries a :class:`Decision` somebody has to make (WM-ABL-03);
the state is left exactly as it was before that entry, and the run continues from the
same index once the answer is in ``decisions``. The rolls made before the pause are in the
result so the caller can store them and replay them, never rolling again.
"""

from referee.engine.sealed.moves import RESULT_STATUSES, Decision, Event, Move, MoveError, MoveType
from referee.engine.sealed.results import MoveResult, WeekOutcome, WeekPlan
from referee.engine.sealed.run import iter_resolution, run_week
from referee.engine.sealed.system import Progress, SealedSystem

__all__ = [
    "RESULT_STATUSES",
    "Decision",
    "Event",
    "Move",
    "MoveError",
    "MoveResult",
    "MoveType",
    "Progress",
    "SealedSystem",
    "WeekOutcome",
    "WeekPlan",
    "iter_resolution",
    "run_week",
]
