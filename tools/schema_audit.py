"""Count the untyped spots of the contract (docs/api/openapi.yaml): schemas that are ``{}``, free-form
objects (``type: object`` with no properties and no typed ``additionalProperties``) and arrays of untyped
items. A generated client makes each of them ``Any``/``unknown``, so a phone's screen built on one is
built on a guess.

    .venv/bin/python -m tools.schema_audit          # print the count and every spot; exit 1 above the allowed

``tests/test_schema.py`` runs it (so CI prints the count). A spot is allowed only when ``ALLOWED`` lists it
with its reason (tools/schema_audit_allowed.txt: ``location<TAB>reason``): either the shape is truly
free-form (say so in its description too), or it is typed in a branch not merged yet. A new untyped spot
fails; an allowed one that got typed must leave the list (so the list only shrinks).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT / "docs" / "api" / "openapi.yaml"
ALLOWED_FILE = Path(__file__).with_name("schema_audit_allowed.txt")
META = {"description", "title", "readOnly", "writeOnly", "nullable", "example", "default", "deprecated"}


def _untyped(schema: dict[str, Any]) -> str | None:
    """What is untyped about this schema node itself, or None."""
    if not isinstance(schema, dict) or "$ref" in schema:
        return None
    if any(k in schema for k in ("allOf", "oneOf", "anyOf", "enum", "const")):
        return None
    if not set(schema) - META:
        return "{}"
    if schema.get("type") == "object" and not schema.get("properties"):
        extra = schema.get("additionalProperties", True)
        if extra is True or (isinstance(extra, dict) and _untyped(extra) == "{}"):
            return "free-form object"
    if schema.get("type") == "array":
        items = schema.get("items")
        if items is None or (isinstance(items, dict) and _untyped(items) == "{}"):
            return "array of untyped items"
    return None


def _walk(node: Any, at: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        found = _untyped(node) if ("type" in node or not set(node) - META) else None
        if found:
            yield at, found
            if found != "{}":
                return
        for key, value in node.items():
            if key in ("example", "examples", "default", "enum"):
                continue
            if found == "{}" and key in META:
                continue
            yield from _walk(value, f"{at}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{at}/{index}")


def spots(contract: dict[str, Any]) -> list[tuple[str, str]]:
    """Every untyped spot, by location: ``Schema.property...`` in components, ``METHOD path ...`` in paths."""
    out: list[tuple[str, str]] = []
    for name, schema in contract.get("components", {}).get("schemas", {}).items():
        for at, what in _walk(schema, name):
            out.append((at.replace("/properties/", ".").replace("/items", "[]"), what))
    for path, ops in contract.get("paths", {}).items():
        for method, op in ops.items():
            where = f"{method.upper()} {path}"
            bodies = [("body", m) for m in op.get("requestBody", {}).get("content", {}).values()]
            bodies += [(status, m) for status, r in op.get("responses", {}).items()
                       for m in r.get("content", {}).values()]
            for label, media in bodies:
                if "schema" in media:
                    out += _walk(media["schema"], f"{where} {label}")
            for parameter in op.get("parameters", []):
                out += _walk(parameter.get("schema", {}), f"{where} {parameter['in']}:{parameter['name']}")
    return sorted(set(out))


def allowed() -> dict[str, str]:
    rows = [line.split("\t", 1) for line in ALLOWED_FILE.read_text().splitlines() if line and line[0] != "#"]
    return {row[0]: row[1] for row in rows}


def main(argv: list[str]) -> int:
    contract = yaml.safe_load(CONTRACT.read_text())
    found = spots(contract)
    permitted = allowed()
    new = [(at, what) for at, what in found if at not in permitted]
    typed_now = sorted(set(permitted) - {at for at, _ in found})
    print(f"schema audit: {len(found)} untyped spots in docs/api/openapi.yaml "
          f"({len(found) - len(new)} allowed, {len(new)} not allowed)")
    for at, what in new:
        print(f"  NOT ALLOWED  {what}: {at}")
    for at in typed_now:
        print(f"  NOW TYPED (remove from {ALLOWED_FILE.name}): {at}")
    if "--write-allowed" in argv:
        reason = argv[argv.index("--write-allowed") + 1]
        with ALLOWED_FILE.open("a") as out:
            for at, _what in new:
                out.write(f"{at}\t{reason}\n")
    return 1 if new or typed_now else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
