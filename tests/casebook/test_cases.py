"""The casebook's own checks: a case must name a passage that is in its seed and rule IDs a spec defines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.casebook.cases import SYSTEMS, CaseError, all_cases, load

GOOD = """title: t
source: {seed: 001_de1afb2407715fe2.txt, quote: "11-15 МЁРТВ", translation: "11-15 DEAD"}
rules: [MH-INJ-H-02]
situation: {}
expect: {}
outcome: o
"""


def _case(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "mordheim"
    folder.mkdir(exist_ok=True)
    path = folder / "01-x.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_case_with_its_passage_and_rules_loads(tmp_path: Path) -> None:
    case = load(_case(tmp_path, GOOD))
    assert (case.id, case.rules) == ("mordheim/01-x", ("MH-INJ-H-02",))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (("11-15 МЁРТВ", "11-15 ЖИВ"), "the quote is not in"),
        (("[MH-INJ-H-02]", "[MH-INJ-H-99]"), "rule IDs no spec defines"),
        (("translation: \"11-15 DEAD\"", "translation: \"\""), "source.translation is empty"),
        (("outcome: o\n", ""), "missing outcome"),
    ],
)
def test_a_case_without_a_true_source_or_known_rules_is_refused(tmp_path: Path, change: tuple[str, str],
                                                                 why: str) -> None:
    with pytest.raises(CaseError, match=why):
        load(_case(tmp_path, GOOD.replace(*change)))


def test_every_system_has_cases_and_names_are_unique() -> None:
    cases = all_cases()
    assert {c.system for c in cases} <= set(SYSTEMS)
    assert len({c.id for c in cases}) == len(cases)
    assert all(c.outcome.strip() and c.expect for c in cases)
