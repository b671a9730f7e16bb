#!/usr/bin/env python3
"""Check a closed Muster week's dice from the outside: Python's standard library only, no Muster needed.

    python3 tools/verify_week.py --base-url http://127.0.0.1:8000 --token T --campaign 3 --week 2

It fetches the week and every roll the token's user may see, then for every stream whose seed the API
reveals: checks the seed against its published commitment, rebuilds the salt from the stream's key and
the players' contributions, recomputes each visible roll's faces, kept values and total from the seed,
and recomputes the ledger's hash chain. Everything it does is written down in docs/verifying-rolls.md.
Exit status 0: every check passed; 1: a check failed (each failure is printed); 2: it could not run.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

GENESIS = "0" * 64
SALT_DOMAIN = b"muster-salt-v1"
MAX_EXPLOSIONS = 20
SPAN = 1 << 32
CHAINED = (
    "stream", "seq", "campaign", "week", "roller", "purpose", "rule_id", "ref", "notation", "label",
    "faces", "kept", "total", "visibility", "manual", "created_at",
)  # fmt: skip


# The dice -------------------------------------------------------------------------------------------


class Faces:
    """The HMAC-SHA256 face stream of one roll: key = seed, message = salt + b"|" + str(seq), read as the
    stream's dice scheme says (docs/verifying-rolls.md, section 4)."""

    def __init__(self, seed: bytes, salt: bytes, seq: int, scheme: int = 1) -> None:
        if scheme not in (1, 2):
            raise ValueError(f"unknown dice scheme {scheme!r}: this tool knows schemes 1 and 2")
        self.seed, self.message, self.scheme = seed, salt + b"|" + str(seq).encode(), scheme
        self.block = 0
        self.data = b""  # the bytes of the blocks computed so far, not yet read
        self.pos = 0

    def read(self, width: int) -> int:
        """The next ``width`` bytes of the blocks as one big-endian unsigned integer."""
        while len(self.data) - self.pos < width:
            digest = hmac.new(self.seed, self.message + self.block.to_bytes(8, "big"), hashlib.sha256).digest()
            self.data, self.pos, self.block = self.data[self.pos :] + digest, 0, self.block + 1
        x = int.from_bytes(self.data[self.pos : self.pos + width], "big")
        self.pos += width
        return x

    def face(self, sides: int) -> int:
        # Scheme 1: 32-bit words (8 per block, so a word never spans two blocks). Scheme 2: one byte for up
        # to 256 sides, two for up to 65536, four above.
        width = 4 if self.scheme == 1 else 1 if sides <= 256 else 2 if sides <= 65536 else 4
        span = 1 << (8 * width)
        limit = (span // sides) * sides
        while True:
            x = self.read(width)
            if x < limit:  # rejection sampling: every face exactly equally likely
                return x % sides + 1


TERM = re.compile(
    r"(?P<sign>[+-]?)(?:trait\(D(?P<trait>\d+)(?:,D(?P<wild>\d+))?\)"
    r"|(?P<count>\d*)D(?P<sides>\d+)(?P<explode>!?)(?:k(?P<hl>[hl])(?P<keep>\d+))?|(?P<const>\d+))"
)


def _explode(source: Faces, sides: int, first: int, faces: list[int]) -> int:
    total, face, extra = first, first, 0
    while face == sides and extra < MAX_EXPLOSIONS:
        face = source.face(sides)
        faces.append(face)
        total, extra = total + face, extra + 1
    return total


def roll(notation: str, source: Faces) -> tuple[list[int], list[int], int]:
    """Faces, kept values and total of a canonical notation (the ``notation`` field of a roll)."""
    faces: list[int] = []
    kept: list[int] = []
    total, pos = 0, 0
    while pos < len(notation):
        m = TERM.match(notation, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"cannot read {notation!r} at {pos + 1}")
        pos = m.end()
        sign = -1 if m["sign"] == "-" else 1
        if m["const"] is not None:
            total += sign * int(m["const"])
            continue
        values: list[int] = []
        if m["trait"] is not None:
            trait_sides, wild_sides = int(m["trait"]), int(m["wild"] or 6)
            first = source.face(trait_sides)
            faces.append(first)
            trait = _explode(source, trait_sides, first, faces)
            first = source.face(wild_sides)
            faces.append(first)
            values = [max(trait, _explode(source, wild_sides, first, faces))]
        else:
            count, sides = int(m["count"] or 1), int(m["sides"])
            for _ in range(count):
                if sides == 66:  # D66: tens die, then units die
                    tens, units = source.face(6), source.face(6)
                    faces += (tens, units)
                    values.append(10 * tens + units)
                elif sides == 3:  # D3: a d6 read as 1-2 -> 1, 3-4 -> 2, 5-6 -> 3
                    f = source.face(6)
                    faces.append(f)
                    values.append((f + 1) // 2)
                else:
                    f = source.face(sides)
                    faces.append(f)
                    values.append(_explode(source, sides, f, faces) if m["explode"] else f)
            if m["keep"]:
                order = sorted(range(len(values)), key=values.__getitem__, reverse=m["hl"] == "h")
                values = [values[i] for i in sorted(order[: int(m["keep"])])]
        kept += [sign * v for v in values]
        total += sign * sum(values)
    return faces, kept, total


# The seed, the salt and the chain -------------------------------------------------------------------


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def _chunk(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def salt_for(key: str, contributions: Mapping[str, str]) -> bytes:
    pairs = sorted((k.encode(), v.encode()) for k, v in contributions.items())
    parts = [SALT_DOMAIN, _chunk(key.encode()), len(pairs).to_bytes(4, "big")]
    for k, v in pairs:
        parts += (_chunk(k), _chunk(v))
    return hashlib.sha256(b"".join(parts)).digest()


def chained_fields(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The fields an entry's hash covers, as the ledger wrote them (``created_at`` in UTC, Python's
    ``isoformat``; ``roller`` the user's id)."""
    fields = {name: entry.get(name) for name in CHAINED}
    fields["roller"] = entry.get("roller_id")
    fields["created_at"] = datetime.fromisoformat(str(entry["created_at"])).astimezone(UTC).isoformat()
    return fields


def entry_hash(prev_hash: str, fields: Mapping[str, Any]) -> str:
    body = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + body).hexdigest()


# Checking ------------------------------------------------------------------------------------------


@dataclass
class Result:
    streams: int = 0
    rolls: int = 0
    recomputed: int = 0
    chained: int = 0
    skipped: int = 0
    gaps: int = 0
    problems: list[str] = field(default_factory=list)


def check_stream(stream: Mapping[str, Any], entries: Sequence[Mapping[str, Any]], result: Result) -> None:
    """Every check for one revealed stream and the rolls of it the viewer sees, in ``seq`` order."""
    key = str(stream["key"])
    seed = bytes.fromhex(str(stream["seed"]))
    result.streams += 1
    if commitment(seed) != str(stream["commitment"]).lower():
        result.problems.append(f"{key}: the revealed seed does not hash to its commitment")
        return
    scheme = int(stream.get("scheme") or 1)  # a server from before schemes were recorded: every stream is 1
    if scheme not in (1, 2):
        result.problems.append(f"{key}: dice scheme {scheme} is unknown to this tool (1 and 2 are)")
        return
    salt = salt_for(key, stream.get("contributions") or {})
    if stream.get("salt") and salt.hex() != str(stream["salt"]).lower():
        result.problems.append(f"{key}: the salt is not the one its key and contributions give")
        return
    prev: str | None = GENESIS
    expected = 0
    for entry in entries:
        result.rolls += 1
        where = f"{key} #{entry['seq']} (roll {entry['id']})"
        if int(entry["seq"]) != expected:  # rolls this viewer may not see: that link cannot be checked here
            result.gaps += 1
            prev = None
        expected = int(entry["seq"]) + 1
        if entry.get("faces") is None:  # a roll hidden from this viewer: nothing of it can be checked
            result.skipped += 1
            prev = None
            continue
        if prev is not None and entry.get("prev_hash") != prev:
            result.problems.append(f"{where}: its previous hash does not match the roll before it")
        if entry_hash(str(entry.get("prev_hash")), chained_fields(entry)) != entry.get("hash"):
            result.problems.append(f"{where}: its fields do not match its hash (altered)")
        else:
            result.chained += 1
        prev = str(entry.get("hash"))
        if entry.get("manual"):
            result.skipped += 1
            continue
        try:
            faces, kept, total = roll(str(entry["notation"]), Faces(seed, salt, int(entry["seq"]), scheme))
        except ValueError as exc:
            result.problems.append(f"{where}: {exc}")
            continue
        if (faces, kept, total) != (list(entry["faces"]), list(entry["kept"]), entry["total"]):
            result.problems.append(
                f"{where}: {entry['notation']} gives faces {faces} kept {kept} total {total}, "
                f"but the ledger says {entry['faces']} {entry['kept']} {entry['total']}"
            )
        else:
            result.recomputed += 1


class Api:
    def __init__(self, base_url: str, token: str) -> None:
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise ValueError(f"--base-url must be an http(s) address, not {base_url!r}")
        self.base, self.token = base_url.rstrip("/"), token

    def get(self, url: str) -> Any:
        full = url if url.startswith(("http://", "https://")) else self.base + url
        if not full.startswith(("http://", "https://")):
            raise ValueError(f"not an http(s) address: {full!r}")
        request = urllib.request.Request(full, headers={"Authorization": f"Token {self.token}"})  # noqa: S310
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 - http(s) only, checked above
            return json.load(response)

    def pages(self, url: str) -> Iterator[Mapping[str, Any]]:
        body = self.get(url)
        while True:
            yield from body["results"]
            if not body.get("next"):
                return
            body = self.get(body["next"])


def verify(api: Api, *, campaign: int, week: int) -> Result:
    found = [w for w in api.pages(f"/api/v1/campaigns/{campaign}/weeks/") if w["number"] == week]
    if not found:
        raise LookupError(f"campaign {campaign} has no week {week} you may see")
    streams = [s for s in found[0].get("streams", []) if s.get("seed")]
    if not streams:
        raise LookupError(f"week {week} reveals no seed to you yet: is it closed?")
    query = urllib.parse.urlencode({"campaign": campaign, "week": week, "page_size": 200})
    rolls = list(api.pages(f"/api/v1/rolls/?{query}"))
    result = Result()
    for stream in streams:
        mine = sorted((r for r in rolls if r.get("stream") == stream["key"]), key=lambda r: int(r["seq"]))
        check_stream(stream, mine, result)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--token", required=True, help="an API token (POST /api/v1/auth/login/)")
    parser.add_argument("--campaign", type=int, required=True)
    parser.add_argument("--week", type=int, required=True, help="the week's number")
    args = parser.parse_args(argv)
    try:
        api = Api(args.base_url, args.token)
        result = verify(api, campaign=args.campaign, week=args.week)
    except (LookupError, OSError, ValueError, KeyError) as exc:
        print(f"cannot verify: {exc}", file=sys.stderr)
        return 2
    for problem in result.problems:
        print(f"FAIL {problem}")
    print(
        f"{result.streams} stream(s), {result.rolls} roll(s): {result.recomputed} recomputed, "
        f"{result.chained} chain link(s) checked, {result.skipped} not checkable (hidden or manual), "
        f"{result.gaps} gap(s) of rolls not shown to you, "
        f"{len(result.problems)} problem(s)"
    )
    return 1 if result.problems else 0


if __name__ == "__main__":
    sys.exit(main())
