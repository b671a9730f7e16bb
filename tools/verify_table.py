#!/usr/bin/env python3
"""Check a closed Muster live table from the outside, with one seat's token: Python's standard library only.

    python3 tools/verify_table.py --base-url http://127.0.0.1:8000 --token T --table 7

It fetches the table, the rolls and the audit trail the token's seat may see, then: checks each revealed
seed (the table's, and the seat's own) against its commitment; rebuilds each salt from the stream's key
and the seats' contributions; walks each stream's hash chain from its first roll; recomputes every roll,
``shuffle(N)`` permutations included; and replays the seat's own piles from the trail, checking every
shuffle against its roll and every draw and deal against the pile's order at that moment. The dice,
the salt and the chain are tools/verify_week.py's (one copy of each). Everything it does is written
down in docs/verifying-tables.md. Exit status 0: every check passed; 1: a check failed (each failure is
printed); 2: it could not run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # verify_week.py, beside this file (stdlib only too)
import verify_week as vw

SHUFFLE = re.compile(r"SHUFFLE\((\d+)\)", re.IGNORECASE)


def shuffle(size: int, source: vw.Faces) -> tuple[list[int], list[int], int]:
    """``shuffle(N)``: start from 1..N; for i from N down to 2 draw a d``i`` face j and swap places i and j."""
    order = list(range(1, size + 1))
    draws = []
    for i in range(size, 1, -1):
        j = source.face(i)
        draws.append(j)
        order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    return draws, order, sum(order)


def recompute(notation: str, source: vw.Faces) -> tuple[list[int], list[int], int]:
    found = SHUFFLE.fullmatch(notation)
    return shuffle(int(found[1]), source) if found else vw.roll(notation, source)


def deck_hash(slugs: Sequence[str]) -> str:
    return hashlib.sha256(json.dumps(list(slugs), separators=(",", ":")).encode()).hexdigest()


@dataclass
class Result:
    streams: int = 0
    rolls: int = 0
    recomputed: int = 0
    chained: int = 0
    shuffles: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)


def check_stream(stream: Mapping[str, Any], entries: Sequence[Mapping[str, Any]], result: Result) -> None:
    """One revealed stream: its seed, its salt, its whole chain (a seat sees every roll of its streams)."""
    key = str(stream["key"])
    seed = bytes.fromhex(str(stream["seed"]))
    result.streams += 1
    if vw.commitment(seed) != str(stream["commitment"]).lower():
        result.problems.append(f"{key}: the revealed seed does not hash to its commitment")
        return
    salt = vw.salt_for(key, stream.get("contributions") or {})
    if salt.hex() != str(stream.get("salt") or "").lower():
        result.problems.append(f"{key}: the salt is not the one its key and contributions give")
        return
    scheme = int(stream.get("scheme") or 1)
    prev = vw.GENESIS
    for expected, entry in enumerate(entries):
        result.rolls += 1
        where = f"{key} #{entry['seq']}"
        if int(entry["seq"]) != expected:
            result.problems.append(f"{where}: the stream skips from #{expected - 1} (a roll is missing)")
        if entry.get("prev_hash") != prev:
            result.problems.append(f"{where}: its previous hash does not match the roll before it")
        if vw.entry_hash(str(entry.get("prev_hash")), vw.chained_fields(entry)) != entry.get("hash"):
            result.problems.append(f"{where}: its fields do not match its hash (altered)")
        else:
            result.chained += 1
        prev = str(entry.get("hash"))
        try:
            faces, kept, total = recompute(str(entry["notation"]), vw.Faces(seed, salt, int(entry["seq"]), scheme))
        except ValueError as exc:
            result.problems.append(f"{where}: {exc}")
            continue
        if (faces, kept, total) != (list(entry["faces"]), list(entry["kept"]), entry["total"]):
            result.problems.append(f"{where}: {entry['notation']} gives faces {faces} kept {kept} total {total}, "
                                   f"but the ledger says {entry['faces']} {entry['kept']} {entry['total']}")
        else:
            result.recomputed += 1


def replay(trail: Sequence[Mapping[str, Any]], piles: Sequence[str], rolls: Mapping[tuple[str, int], Any],
           result: Result) -> None:
    """The seat's piles rebuilt from the trail: every shuffle by its roll, every draw and deal from its place."""
    zones: dict[str, list[str]] = {p: [] for p in piles}
    slugs: dict[str, str] = {}
    for step, item in enumerate(trail, start=1):
        data, code = item["data"], item["code"]
        where = f"trail step {step} ({code})"
        if code == "deck.built":
            if deck_hash(data["slugs"]) != data["hash"]:
                result.problems.append(f"{where}: the deck list does not hash to {data['hash']}")
            zones.setdefault(data["zone"], []).extend(data["cards"])
            slugs.update(zip(data["cards"], data["slugs"], strict=True))
        elif code == "card.entered" and data["to"] in zones:
            zones[data["to"]].insert(int(data["index"]), data["card"])
            slugs[data["card"]] = data["card_slug"]
        elif code == "card.moved":
            result.moves += 1
            if data["from"] in zones:
                pile, index = zones[data["from"]], int(data["index_from"])
                if index >= len(pile) or pile[index] != data["card"] or slugs.get(data["card"]) != data["card_slug"]:
                    result.problems.append(f"{where}: {data['card_slug']} was not at place {index + 1} of "
                                           f"{data['from']} when it was taken")
                    continue
                pile.pop(index)
            slugs.setdefault(data["card"], data["card_slug"])
            if data["to"] in zones:
                zones[data["to"]].insert(int(data["index_to"]), data["card"])
        elif code == "deck.shuffled":
            result.shuffles += 1
            pile = zones.setdefault(data["zone"], [])
            at = data.get("roll") or {}
            made = rolls.get((str(at.get("stream")), int(at.get("seq", -1))))
            if made is None:
                result.problems.append(f"{where}: the shuffle of {data['zone']} names no roll you were shown")
                continue
            if deck_hash([slugs.get(c, "") for c in pile]) not in str(made["label"]):
                result.problems.append(f"{where}: the shuffle of {data['zone']} was not of the pile the table held")
                continue
            kept = list(made["kept"])
            if sorted(kept) != list(range(1, len(pile) + 1)):
                result.problems.append(f"{where}: the shuffle of {data['zone']} does not fit its {len(pile)} cards")
                continue
            order = [pile[p - 1] for p in kept]
            if order != list(data["order"]):
                result.problems.append(f"{where}: {data['zone']} did not go on in the order its shuffle gave")
                continue
            zones[data["zone"]] = order


def verify(api: vw.Api, *, table: int) -> Result:
    detail = api.get(f"/api/v1/tables/{table}/")
    if detail.get("status") != "closed" or not detail.get("seed"):
        raise LookupError(f"table {table} reveals no seed to you yet: is it closed?")
    streams = [{"key": f"table:{table}", **{k: detail[k] for k in ("commitment", "seed", "salt", "scheme",
                                                                     "contributions")}}]
    streams += [s for s in detail.get("seat_streams", []) if s.get("seed")]
    rolls = api.get(f"/api/v1/tables/{table}/rolls/")
    audit = api.get(f"/api/v1/tables/{table}/audit/")
    result = Result()
    for stream in streams:
        entries = sorted((r for r in rolls if r["stream"] == stream["key"]), key=lambda r: int(r["seq"]))
        check_stream(stream, entries, result)
    extra = {r["stream"] for r in rolls} - {s["key"] for s in streams}
    result.problems += [f"{key}: rolls of a stream whose seed you were not shown" for key in sorted(extra)]
    replay(audit.get("trail", []), audit.get("piles", []),
           {(str(r["stream"]), int(r["seq"])): r for r in rolls}, result)
    if not audit.get("ok"):
        result.problems += [f"the server's own audit: {p}" for p in audit.get("problems", [])]
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--token", required=True, help="an API token of a seat at the table")
    parser.add_argument("--table", type=int, required=True)
    args = parser.parse_args(argv)
    try:
        result = verify(vw.Api(args.base_url, args.token), table=args.table)
    except (LookupError, OSError, ValueError, KeyError) as exc:
        print(f"cannot verify: {exc}", file=sys.stderr)
        return 2
    for problem in result.problems:
        print(f"FAIL {problem}")
    print(f"{result.streams} stream(s), {result.rolls} roll(s): {result.recomputed} recomputed, "
          f"{result.chained} chain link(s) checked; {result.shuffles} shuffle(s) and {result.moves} move(s) of "
          f"your piles replayed; {len(result.problems)} problem(s)")
    return 1 if result.problems else 0


if __name__ == "__main__":
    sys.exit(main())
