"""Every read for a viewer goes through a selector (issue 21 item 5): a page or API module never asks the ORM itself.

Who may see which rows is decided once, in the owning app's ``selectors`` (``docs/architecture.md``, "read for a
viewer"); a view that filters a model itself restates that rule, and the copies drift apart (the battle's audience
once differed between ``roster/api/aftermath.py``, ``roster/web/mordheim_pages.py`` and the timeline). This test
reads the page and API modules' syntax trees and names every ORM call in them: a manager (``Model.objects``), a
queryset method (``.filter(``, ``.select_related(``...) or a shortcut (``get_object_or_404``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The page and API packages: what a person or a phone reads through.
VIEW_PACKAGES = (
    "campaign/api",
    "campaign/web",
    "campaign/tables/api",
    "campaign/tables/web",
    "campaign/weekly/api",
    "campaign/weekly/web",
    "roster/api",
    "roster/web",
    "referee/api",
)

#: Methods only a queryset or a manager has (``values``, ``get``, ``update``, ``count``, ``all`` are left out:
#: dicts, lists and prefetched relations have them too).
QUERY_METHODS = frozenset(
    {
        "filter",
        "exclude",
        "select_related",
        "prefetch_related",
        "annotate",
        "aggregate",
        "alias",
        "values_list",
        "order_by",
        "only",
        "defer",
        "extra",
        "raw",
        "distinct",
        "in_bulk",
        "earliest",
        "latest",
        "first",
        "last",
        "exists",
        "get_or_create",
        "update_or_create",
        "bulk_create",
        "bulk_update",
        "select_for_update",
    }
)
SHORTCUTS = frozenset({"get_object_or_404", "get_list_or_404"})

#: (module, enclosing function): why an ORM call there is no read for a viewer. Keep it short.
ALLOWED: dict[tuple[str, str], str] = {
    # A django-filter FilterSet method narrows the queryset the view's selector (battles_of) already gave:
    # narrowing cannot widen an audience, and the filter's declaration is what the API schema reads.
    ("roster/api/battles.py", "either_side"): "FilterSet narrowing a selector's queryset",
}


def _is_empty_queryset(node: ast.Attribute, parents: dict[ast.AST, ast.AST]) -> bool:
    """``Model.objects.none()``: the schema generator's empty queryset; it reads nothing."""
    up = parents.get(node)
    return (
        isinstance(up, ast.Attribute)
        and up.attr == "none"
        and isinstance(parents.get(up), ast.Call)
        and parents[up].func is up  # type: ignore[attr-defined]
    )


def orm_calls(source: str) -> list[tuple[int, str, str]]:
    """(line, enclosing function, what) for every ORM call in ``source``."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def enclosing(node: ast.AST) -> str:
        while node in parents:
            node = parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node.name
        return "<module>"

    found: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "objects" and not _is_empty_queryset(node, parents):
            found.append((node.lineno, enclosing(node), "a model manager (.objects)"))
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in QUERY_METHODS:
                found.append((node.lineno, enclosing(node), f"a queryset method (.{func.attr})"))
            elif isinstance(func, ast.Name) and func.id in SHORTCUTS:
                found.append((node.lineno, enclosing(node), func.id))
    return sorted(found)


def _view_modules() -> list[Path]:
    return sorted(p for package in VIEW_PACKAGES for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts)


def test_no_page_or_api_module_reads_the_orm_itself() -> None:
    offences = []
    for path in _view_modules():
        module = path.relative_to(ROOT).as_posix()
        for line, function, what in orm_calls(path.read_text(encoding="utf-8")):
            if (module, function) not in ALLOWED:
                offences.append(f"{module}:{line} in {function}: {what}; read it through the owning app's selectors")
    assert offences == []


def test_every_allowed_exception_still_exists() -> None:
    """An exception whose call has gone (moved, renamed) is removed from the list, so it cannot excuse another."""
    still = set()
    for path in _view_modules():
        module = path.relative_to(ROOT).as_posix()
        still |= {(module, function) for _line, function, _what in orm_calls(path.read_text(encoding="utf-8"))}
    assert set(ALLOWED) <= still


def test_it_scans_every_page_and_api_package() -> None:
    """Every app's ``api/`` and ``web/`` package (not campaign/lib's, the plumbing views are built on) is scanned."""
    found = {
        p.parent.relative_to(ROOT).as_posix()
        for app in ("campaign", "roster", "referee")
        for name in ("api", "web")
        for p in (ROOT / app).rglob(f"{name}/__init__.py")
    }
    assert found - {"campaign/lib/api", "campaign/lib/web"} == set(VIEW_PACKAGES)
    assert len(_view_modules()) > 40


def test_the_check_names_each_kind_of_orm_call_and_lets_the_schemas_empty_queryset_pass() -> None:
    source = """
from django.shortcuts import get_object_or_404

class ListView:
    queryset = Battle.objects.none()  # the schema's: no read

def page(request, pk):
    battle = Battle.objects.get(pk=pk)
    rows = battles_of(viewer=request.user, campaign_id=pk).filter(week__number=1)
    mine = warband.warriors.select_related("warband")
    notice = get_object_or_404(Notification, pk=pk)
    return dict(rows=rows.order_by("id"), names={}.get("x"), values=[].count(1))
"""
    assert [(line, function, what) for line, function, what in orm_calls(source)] == [
        (8, "page", "a model manager (.objects)"),
        (9, "page", "a queryset method (.filter)"),
        (10, "page", "a queryset method (.select_related)"),
        (11, "page", "get_object_or_404"),
        (12, "page", "a queryset method (.order_by)"),
    ]
