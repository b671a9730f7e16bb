"""The engine's move errors reach people through gettext, with the engine's texts (compared in English: a test
before may have left another language active in this thread)."""

from collections.abc import Iterator

import pytest
from django.utils import translation

from campaign.weekly.messages import MOVE_ERRORS, move_error_fields, move_error_text
from referee.engine.sealed import MoveError
from referee.engine.systems.weekly_moves.validate import MESSAGES


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


def test_it_marks_every_engine_message_for_translation_with_the_same_text() -> None:
    assert {k: str(v) for k, v in MOVE_ERRORS.items()} == MESSAGES


def test_it_groups_errors_by_field_and_keeps_an_unknown_codes_own_message() -> None:
    errors = [MoveError("needs_info", MESSAGES["needs_info"], "target"), MoveError("new_rule", "Something new.")]
    assert move_error_fields(errors) == {"target": [MESSAGES["needs_info"]], "non_field_errors": ["Something new."]}
    assert move_error_text(errors[1]) == "Something new."
