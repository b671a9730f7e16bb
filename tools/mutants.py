"""Mutation testing of the rules engine (issue 23): ``make mutants``.

For each game system under ``referee/engine/systems/``, mutmut (pinned in requirements/dev.in) makes
single-token changes to that system's code (a comparison flipped, ``and``/``or`` swapped, a constant
changed, ...) and runs, for each mutant, only the tests that call the changed function, chosen from the
system's engine tests and its casebook cases. A mutant no test notices survived.

The whole set is too slow for one sitting on a small machine (Doomtrooper alone makes about 5,000), so a
seeded random sample of each system's mutants is played (``--sample``, default 120 each; ``--sample 0``:
all). Each system is played in its own scratch copy of the tracked tree under ``var/mutants/<system>/``
(mutmut works in its current directory), and its results are kept there between runs.

The score is killed / (played - equivalent). A surviving mutant that changes nothing a rule can observe
is listed in ``tools/mutants_equivalent.txt`` (``<mutant name>  <reason>``) and counted out, with its reason
printed. Every other survivor is printed with its diff: a test the suite is missing.

    python tools/mutants.py [--system doomtrooper] [--sample 120] [--seed 23] [--fresh]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "var" / "mutants"
EQUIVALENT = ROOT / "tools" / "mutants_equivalent.txt"
TARGET = 0.90

#: Each system's tests: its engine tests and its casebook cases (picked by ``-k``: the word is in both
#: the engine tests' package and the cases' ids). The API tests are left out: they play the same code
#: through HTTP at a hundred times the cost, and the casebook already plays it through the product path.
TESTS: dict[str, tuple[str, str]] = {
    "doomtrooper": ("tests/referee/engine/systems/doomtrooper", "doomtrooper"),
    "skirmish_cards": ("tests/referee/engine/systems/skirmish_cards", "skirmish"),
    "arena_duel": ("tests/referee/engine/systems/arena_duel", "arena"),
    "mordheim": ("tests/referee/engine/systems/mordheim", "mordheim"),
    "weekly_moves": ("tests/referee/engine/systems/weekly_moves", "weekly"),
}
#: mutmut's exit codes (mutmut.stats.status_by_exit_code) that mean a test noticed the mutant.
KILLED = {1, 3, 36, -24, 37}
NAMES = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 35: "suspicious", None: "not checked"}

GENERATE = """
import os
from mutmut.__main__ import create_mutants
from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths
os.makedirs("mutants", exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(2)
"""


def _config(system: str) -> str:
    tops = sorted({p.split("/", 1)[0] for p in _tracked()} - {"referee"})
    folder, word = TESTS[system]
    tests = [folder, "tests/casebook", "-k", word]
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["referee/"]\n'
        f'only_mutate = ["referee/engine/systems/{system}/*"]\n'
        f"also_copy = {json.dumps(tops)}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]\n'
        "use_git_change_detection = false\n"
    )


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line and (ROOT / line).is_file()]


def _prepare(system: str, fresh: bool) -> Path:
    work = SCRATCH / system
    if fresh and work.exists():
        shutil.rmtree(work)
    for rel in _tracked():  # the tree as committed and changed now, without var/ and the venv
        target = work / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)
    shared = work / "shared"  # ../shared/ (seeds, rules) as seen from mutmut's copy in work/mutants/
    if not shared.exists():
        shared.symlink_to(ROOT.parent / "shared")
    (work / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + _config(system))
    return work


def _mutmut(work: Path) -> Path:
    return Path(sys.executable).with_name("mutmut")


def _metas(work: Path) -> dict[str, int | None]:
    found: dict[str, int | None] = {}
    for meta in (work / "mutants").rglob("*.meta"):
        found.update(json.loads(meta.read_text()).get("exit_code_by_key", {}))
    return found


def _equivalent() -> dict[str, str]:
    if not EQUIVALENT.exists():
        return {}
    out = {}
    for line in EQUIVALENT.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.strip().partition(" ")
            out[name] = reason.strip()
    return out


def play(system: str, sample: int, seed: int, fresh: bool) -> tuple[int, int, int]:
    work = _prepare(system, fresh)
    subprocess.run([sys.executable, "-c", GENERATE], cwd=work, check=True, capture_output=True)
    names = sorted(_metas(work))
    chosen = names if sample <= 0 or sample >= len(names) else sorted(random.Random(seed).sample(names, sample))
    print(f"\n== {system}: {len(names)} mutants made, {len(chosen)} played (seed {seed})", flush=True)
    subprocess.run(
        [str(_mutmut(work)), "run", "--max-children", "2", *chosen],
        cwd=work,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    results = _metas(work)
    equivalent = _equivalent()
    killed = alive = counted_out = 0
    for name in chosen:
        code = results.get(name)
        if code in KILLED:
            killed += 1
        elif name in equivalent:
            counted_out += 1
            print(f"   equivalent {name}: {equivalent[name]}")
        else:
            alive += 1
            print(f"   {NAMES.get(code, 'survived')} {name}")
            diff = subprocess.run([str(_mutmut(work)), "show", name], cwd=work, capture_output=True, text=True)
            print("      " + "\n      ".join(diff.stdout.strip().splitlines()[-8:]))
    played = killed + alive
    score = killed / played if played else 1.0
    print(
        f"== {system}: score {score:.0%} ({killed} killed of {played}; {counted_out} equivalent; target {TARGET:.0%})",
        flush=True,
    )
    return killed, alive, counted_out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", action="append", choices=sorted(TESTS), help="a system (default: all)")
    parser.add_argument("--sample", type=int, default=120, help="mutants per system (0: all)")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--fresh", action="store_true", help="forget the results of earlier runs")
    args = parser.parse_args()
    scores = {}
    for system in args.system or sorted(TESTS):
        killed, alive, _out = play(system, args.sample, args.seed, args.fresh)
        scores[system] = killed / (killed + alive) if killed + alive else 1.0
    print("\nscores: " + ", ".join(f"{s} {v:.0%}" for s, v in scores.items()))
    return 0 if all(v >= TARGET for v in scores.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
