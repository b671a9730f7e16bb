"""Which rule IDs of the rules specs does no test name?

Reads every ``*.md`` spec in the rules folder (``MUSTER_RULES_DIR``, default
``../shared/rules`` beside the project), collects the rule IDs it defines
(``**MH-INJ-H-11**``), and looks for each, lower-cased with underscores
(``mh_inj_h_11``), in the names of the test functions under ``tests/``.
Prints, per spec, how many are named and the ones that are not; then, without ever failing, how many
the casebook's cases exercise (their ``rules`` lists, tests/casebook/cases/) and the ones no case does.

    python -m tests.tools.rules_coverage [--spec mordheim-campaign] [--prefix MH-INJ] [--fail]
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A system prefix, an area and a number (MH-INJ-H-11, WM-TRB-03); bare GAP-nn items are open
# questions, not rules: they are campaign settings, tested as such.
RULE_ID = re.compile(r"\*\*([A-Z]{2,3}(?:-[A-Z0-9]+)+-\d{2})\b")


def rules_dir() -> Path:
    return Path(os.environ.get("MUSTER_RULES_DIR") or ROOT.parent / "shared" / "rules")


def spec_rule_ids(spec: Path) -> list[str]:
    """Rule IDs a spec defines, in order of first appearance."""
    seen: dict[str, None] = {}
    for match in RULE_ID.finditer(spec.read_text(encoding="utf-8")):
        seen.setdefault(match.group(1), None)
    return list(seen)


def test_names(tests_root: Path) -> set[str]:
    names: set[str] = set()
    for path in tests_root.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def slug(rule_id: str) -> str:
    return rule_id.lower().replace("-", "_")


def uncovered(rule_ids: Iterable[str], names: set[str]) -> list[str]:
    joined = "\n".join(names)
    missing = []
    for rule_id in rule_ids:
        # The ID must end at a word boundary: mh_inj_h_1 must not count as mh_inj_h_11.
        if not re.search(rf"(?:^|_){re.escape(slug(rule_id))}(?:_|$)", joined, flags=re.MULTILINE):
            missing.append(rule_id)
    return missing


def casebook_rule_ids(cases_root: Path) -> set[str]:
    """Every rule ID some casebook case lists under ``rules``."""
    import yaml  # the casebook's format; only this report needs it

    found: set[str] = set()
    for path in cases_root.glob("*/*.yaml"):
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        found.update(str(r) for r in raw.get("rules") or ())
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--spec", action="append", help="only this spec (file stem); repeatable")
    parser.add_argument("--prefix", action="append", help="only rule IDs starting with this; repeatable")
    parser.add_argument("--fail", action="store_true", help="exit 1 when any selected rule ID is not named")
    args = parser.parse_args(argv)
    folder = rules_dir()
    specs = sorted(folder.glob("*.md"))
    if not specs:
        print(f"no rules specs found in {folder}", file=sys.stderr)
        return 2
    names = test_names(ROOT / "tests")
    any_missing = False
    reports: list[tuple[str, list[str]]] = []
    for spec in specs:
        if args.spec and spec.stem not in args.spec:
            continue
        ids = spec_rule_ids(spec)
        if args.prefix:
            ids = [i for i in ids if any(i.startswith(p) for p in args.prefix)]
        missing = uncovered(ids, names)
        any_missing = any_missing or bool(missing)
        print(f"{spec.name}: {len(ids) - len(missing)} of {len(ids)} rule IDs named by a test")
        if missing:
            print("  not named: " + " ".join(missing))
        reports.append((spec.name, ids))
    cased = casebook_rule_ids(ROOT / "tests" / "casebook" / "cases")
    print("\ncasebook (a report, never a failure):")
    for name, ids in reports:
        without = [i for i in ids if i not in cased]
        print(f"{name}: {len(ids) - len(without)} of {len(ids)} rule IDs exercised by a case")
        if without:
            print(f"  no case ({len(without)}): " + " ".join(without))
    return 1 if args.fail and any_missing else 0


if __name__ == "__main__":
    sys.exit(main())
