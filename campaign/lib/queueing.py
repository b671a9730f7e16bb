"""Queue a task after commit without making the broker a dependency of the request (issue 29).

Every service that queues work after commit has already recorded, in the same transaction, what must run
(the aftermath's row, the week's resolving claim): the task is only a wake-up call. So when the broker is
away the request answers as usual, the failure is logged, and a beat sweep queues whatever has not run once
the broker is back; the task's own claim keeps it to one run however often it is queued. After a failure
this process does not try the broker again for a few seconds (the sweep will), so an outage costs a request
no timeout at all.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.db import transaction

log = logging.getLogger(__name__)

#: Seconds this process publishes nothing after a failure to publish.
RETRY_AFTER = 5.0

_state = {"down_until": 0.0}
_lock = threading.Lock()


def queue_now(task: Any, *args: Any) -> bool:
    """Publish ``task(*args)``; False (logged) when the broker cannot be reached. Never raises for that."""
    if task.app.conf.task_always_eager:
        task.apply_async(args=args)  # in-process: its failures are the task's own, not the broker's
        return True
    if _state["down_until"] > time.monotonic():
        log.warning("broker paused: %s%s left for the sweep", task.name, args)
        return False
    try:
        task.apply_async(args=args, ignore_result=True)  # nobody waits on it: no result subscription either
    except Exception as exc:  # kombu's OperationalError, redis' ConnectionError, OSError: the broker is away
        with _lock:
            _state["down_until"] = time.monotonic() + RETRY_AFTER
        log.warning("broker unreachable (%s): %s%s left for the sweep", exc.__class__.__name__, task.name, args)
        return False
    return True


def queue_after_commit(task: Any, *args: Any) -> None:
    """``task.delay_on_commit(*args)``, except that a broker that is away is logged, not raised."""
    transaction.on_commit(lambda: queue_now(task, *args))
