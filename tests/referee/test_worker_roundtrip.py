"""A task's round trip through a real Celery worker process on Redis."""

import pytest

from referee.served_packs import packs
from referee.tasks import rules_packs_report
from tests.support.worker import WorkerProcess


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_it_runs_a_task_on_a_real_worker_and_returns_its_result(celery_worker_process: WorkerProcess) -> None:
    result = rules_packs_report.delay()
    report = result.get(timeout=60)
    assert report == [{"slug": p.slug, "version": p.version, "checksum": p.checksum} for p in packs()]
