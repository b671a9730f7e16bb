"""Every rule ID of spec sections 1 and 3-11 is named by at least one test here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from .helpers import ROOT

SPEC = ROOT.parent / "shared" / "rules" / "mordheim-campaign.md"
RULE_ID = re.compile(r"MH-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+")
NOT_OURS = ("MH-EQP-", "MH-TRD-")  # sections 2 and 12: equipment and trading belong to the roster engine


def spec_ids() -> set[str]:
    return {i for i in RULE_ID.findall(SPEC.read_text(encoding="utf-8")) if not i.startswith(NOT_OURS)}


def _test_function_names() -> set[str]:
    names: set[str] = set()
    for path in Path(__file__).parent.rglob("test_*.py"):
        if path.parent.name in ("lists", "warband"):  # the roster engine's tests, not this spec's
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


@pytest.mark.skipif(not SPEC.exists(), reason="../shared/rules is not checked out here")
def test_every_rule_id_of_sections_1_and_3_to_11_is_named_by_a_test():
    names = _test_function_names()
    missing = sorted(
        i for i in spec_ids() if not any(n.startswith(f"test_{i.lower().replace('-', '_')}_") for n in names)
    )
    assert missing == []
    assert len(spec_ids()) == 143
