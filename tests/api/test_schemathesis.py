"""Schemathesis over every operation of the served schema, as a player, an organiser, a GM and anonymously,
on PostgreSQL: no 5xx, every response in its documented shape, every status documented.

Bounded and deterministic: ``MAX_EXAMPLES`` cases an operation, role and generation mode, derandomised, no shrinking,
no example database. Path parameters are the seeded league's ids (so most operations get past 404),
with now and then an id nobody has. Operations that end what the others need (leaving, removing a
member, finishing the campaign, logging out) run last. Every finding is collected, then reported at once.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from tests.api.seeded import Seeded, path_ids, seed

# Cases per operation, role and mode (positive, negative); an anonymous client meets 401 almost everywhere.
MAX_EXAMPLES = {"player": 8, "organiser": 8, "gm": 8, "anonymous": 3}
ROLES = ("player", "organiser", "gm", "anonymous")
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]
# Run last, in this order: each takes something away from the rest.
LAST = ("/revoke/", "/remove/", "/leave/", "/finish/", "/auth/logout/", "/auth/logoutall/")
UNKNOWN_IDS = st.sampled_from([0, 2**31, 10**30])


def _order(label: str) -> tuple[int, str]:
    for rank, tail in enumerate(LAST):
        if label.endswith(tail):
            return rank + 1, label
    return 0, label


@pytest.fixture
def seeded(eager_celery: None, transactional_db: None) -> Iterator[Seeded]:
    yield seed()


def _operations(schema: Any) -> list[Any]:
    ops = [result.ok() for result in schema.get_all_operations()]
    return sorted(ops, key=lambda op: _order(op.path + " " + op.method))


def _run(op: Any, seeded: Seeded, role: str, app: Any, mode: GenerationMode) -> str | None:
    fixed = path_ids(seeded, op.path)
    # Mostly the seeded id, now and then one nobody has (out of the column's range too).
    path = {name: st.sampled_from([value, value, value]) | UNKNOWN_IDS for name, value in fixed.items()}
    strategy = op.as_strategy(generation_mode=mode)
    logs_out = op.path.endswith(("/logout/", "/logoutall/"))
    token = seeded.token(role) if role != "anonymous" else None
    found: list[str] = []

    @settings(
        max_examples=MAX_EXAMPLES[role],
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy, data=st.data())
    def one(case: Any, data: Any) -> None:
        for name, values in path.items():
            case.path_parameters[name] = data.draw(values)
        headers = {}
        bearer = seeded.token(role) if logs_out and role != "anonymous" else token
        if bearer:
            headers["Authorization"] = f"Token {bearer}"
        try:
            case.call_and_validate(headers=headers, checks=CHECKS, app=app)
        except (Exception, BaseExceptionGroup) as exc:
            found.append(f"{role} {mode.value} {op.method.upper()} {op.path}: {exc}")
            raise

    with contextlib.suppress(Exception, BaseExceptionGroup):
        one()  # a failure is recorded in ``found``: go on to the next operation
    return found[0] if found else None


@pytest.mark.postgres
@pytest.mark.parametrize("role", ROLES)
def test_it_answers_every_operation_in_its_documented_shape_without_a_server_error(
    seeded: Seeded, role: str, capsys: pytest.CaptureFixture[str]
) -> None:
    app = get_wsgi_application()
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", app)
    operations = _operations(schema)
    findings: list[str] = []
    started = time.monotonic()
    for op in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            finding = _run(op, seeded, role, app, mode)
            if finding:
                findings.append(finding)
    with capsys.disabled():
        print(f"\nschemathesis as {role}: {len(operations)} operations in {time.monotonic() - started:.0f} s")
    assert not findings, f"{len(findings)} findings:\n\n" + "\n\n".join(findings)
