"""The catalogue of the API's error codes, docs/api/errors.md, which the contract's ``Error.code`` names.

Read from the source, so it cannot drift: every ``code="..."`` a refusal names (with the status of the
exception class that raises it: RuleViolation 400, NotAllowed 403, NotFound 404, Conflict 409), every
``default_code`` of an exception class, the engine's message tables (``MESSAGES``: the rule refusals a
service passes on with the engine's code), and the codes DRF itself answers with.

    .venv/bin/python -m tools.error_codes           # rewrite docs/api/errors.md
    .venv/bin/python -m tools.error_codes --check   # exit 1 when it is stale (tests/test_schema.py)
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "docs" / "api" / "errors.md"
SOURCES = ("campaign", "roster", "referee")
SKIP = ("/migrations/", "/web/", "/templates/", "/management/")
STATUS_OF = {"RuleViolation": 400, "DomainError": 400, "NotAllowed": 403, "NotFound": 404, "Conflict": 409}
DRF = {
    "parse_error": 400,
    "invalid": 400,
    "not_authenticated": 401,
    "authentication_failed": 401,
    "permission_denied": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    "unsupported_media_type": 415,
    "throttled": 429,
    "server_error": 500,
}
TITLES = {
    400: "The input is not valid, or the rules forbid it",
    401: "No valid token",
    403: "Your role does not allow this",
    404: "No such thing (or you may not know it exists)",
    405: "Method not allowed",
    406: "Not acceptable",
    409: "The state moved on",
    413: "Too large",
    415: "Not JSON",
    429: "Too many requests",
    500: "Server error",
}
CODE = re.compile(r"""\bcode\s*=\s*["']([a-z][a-z0-9_]*)["']""")


def _raised_by(node: ast.AST) -> str:
    """The exception class a ``code=`` keyword is given to, when it is a call."""
    func = getattr(node, "func", None)
    return getattr(func, "id", None) or getattr(func, "attr", "") or ""


def _status_of_class(tree: ast.Module) -> dict[str, int]:
    """``class X(NotFound): default_code = ...`` and ``status_code = ...`` of the module's exception classes."""
    out: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = [getattr(b, "id", None) or getattr(b, "attr", "") for b in node.bases]
            status = next((STATUS_OF[b] for b in bases if b in STATUS_OF), 400)
            for item in node.body:
                target = getattr(item, "target", None) or (getattr(item, "targets", None) or [None])[0]
                name = getattr(target, "id", "")
                value = getattr(getattr(item, "value", None), "value", None)
                named = re.match(r"HTTP_(\d{3})_", getattr(getattr(item, "value", None), "attr", "") or "")
                if name in ("status_code", "status") and isinstance(value, int):
                    status = value
                elif name in ("status_code", "status") and named:
                    status = int(named.group(1))
            out[node.name] = status
    return out


def collect() -> dict[str, set[int]]:
    codes: dict[str, set[int]] = {code: {status} for code, status in DRF.items()}
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = "/" + str(path.relative_to(ROOT))
            if any(skip in rel for skip in SKIP):
                continue
            tree = ast.parse(path.read_text(), str(path))
            classes = STATUS_OF | _status_of_class(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    args = node.args
                    helper = _raised_by(node) in ("error_response", "error_body")
                    if helper and args and isinstance(args[0], ast.Constant):
                        third = args[2].value if len(args) > 2 and isinstance(args[2], ast.Constant) else None
                        status = third if isinstance(third, int) else 404
                        codes.setdefault(str(args[0].value), set()).add(status)
                    for kw in node.keywords:
                        if kw.arg == "code" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                            raiser = _raised_by(node)
                            codes.setdefault(kw.value.value, set()).add(classes.get(raiser, 400))
                elif isinstance(node, ast.ClassDef):
                    for item in node.body:
                        target = getattr(item, "target", None) or (getattr(item, "targets", None) or [None])[0]
                        value = getattr(getattr(item, "value", None), "value", None)
                        if getattr(target, "id", "") == "default_code" and isinstance(value, str):
                            codes.setdefault(value, set()).add(classes.get(node.name, 400))
                elif isinstance(node, (ast.Assign, ast.AnnAssign)) and "/engine/" in rel:
                    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                    if getattr(target, "id", "") == "MESSAGES":
                        for key in ast.walk(node.value) if node.value is not None else []:
                            if isinstance(key, ast.Dict):
                                for k in key.keys:
                                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                                        codes.setdefault(k.value, set()).add(400)
    return {code: statuses for code, statuses in codes.items() if re.fullmatch(r"[a-z][a-z0-9_]*", code)}


def render(codes: dict[str, set[int]]) -> str:
    lines = [
        "# Error codes",
        "",
        "Every 4xx and 5xx under `/api/v1/` is `{\"code\", \"detail\", \"fields\"}` (the `Error` schema of",
        "docs/api/openapi.yaml). `code` is one of these, stable for programs; `detail` is for people, in the",
        "language of `Accept-Language`; `fields` maps a field (`outer.inner`, `items.0` when nested) to its",
        "messages. Which statuses an operation answers is in its responses; the codes under a status are",
        "the ones that status carries. Generated by `python -m tools.error_codes` from the source; a test",
        "fails while this file is stale.",
        "",
    ]
    by_status: dict[int, list[str]] = {}
    for code, statuses in codes.items():
        for status in statuses:
            by_status.setdefault(status, []).append(code)
    for status in sorted(by_status):
        lines += [f"## {status}: {TITLES.get(status, '')}", ""]
        lines += [f"- `{code}`" for code in sorted(by_status[status])]
        lines.append("")
    lines.append(f"{len(codes)} codes.")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render(collect())
    if "--check" in argv:
        if not CATALOGUE.exists() or CATALOGUE.read_text() != text:
            print("docs/api/errors.md is stale: run .venv/bin/python -m tools.error_codes and commit it")
            return 1
        return 0
    CATALOGUE.write_text(text)
    print(f"{CATALOGUE.relative_to(ROOT)}: {text.count('- `')} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
