"""The contract as a mobile team uses it: both generators run on docs/api/openapi.yaml without a warning,
the generated Python client's typed models play a smoke flow against a live server, and a TypeScript file
calling the same operations passes ``tsc --noEmit --strict`` over the generated types.

Neither client is committed: each is generated into a temporary directory (docs/api/clients.md). The
generators are pinned: openapi-python-client in requirements/dev.in, openapi-typescript and typescript in
clients/package.json (``make clients`` runs ``npm ci`` there; the TypeScript test skips, saying so, without
node or those packages).
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign.services import membership_add
from roster.aftermath.run import aftermath_run
from tests.campaign.api.tables.helpers import Phones
from tests.campaign.weekly.conftest import make_intrigue
from tests.roster.aftermath.helpers import fight, queued, settle_until
from tests.support.world import PASSWORD, World, make_user

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "docs" / "api" / "openapi.yaml"
CLIENTS = ROOT / "clients"
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
WARNING_MARKS = ("warning", "⚠", "error")


def _run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def _no_warning(output: str) -> None:
    flagged = [line for line in output.splitlines() if any(mark in line.lower() for mark in WARNING_MARKS)]
    assert not flagged, "the generator warned:\n" + output


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not GENERATOR.exists():
        pytest.skip("openapi-python-client is not installed (requirements/dev.in): make install")
    out = tmp_path_factory.mktemp("python-client") / "client"
    config = CLIENTS / "openapi-python-client.yaml"
    output = _run([str(GENERATOR), "generate", "--path", str(CONTRACT), "--output-path", str(out),
                   "--config", str(config)], ROOT)
    _no_warning(output)
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("muster_api_client")
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m.split(".")[0] == "muster_api_client"]:
            del sys.modules[name]


def _mod(name: str) -> Any:
    return importlib.import_module(f"muster_api_client.{name}")


def _ok(response: Any, status: int = 200) -> Any:
    """The parsed model of a documented success: a typed model, never a raw dict."""
    assert response.status_code == status, response.content[:400]
    parsed = response.parsed
    assert parsed is not None and not isinstance(parsed, dict), type(parsed)
    assert type(parsed).__name__ != "Error", parsed
    return parsed


def _login(base: str, username: str) -> Any:
    client = _mod("client")
    body = _mod("models").LoginInputRequest(username=username, password=PASSWORD)
    out = _ok(_mod("api.auth.auth_login_create").sync_detailed(client=client.Client(base_url=base), body=body))
    assert isinstance(out.token, str) and out.token
    return client.AuthenticatedClient(base_url=base, token=out.token, prefix="Token")


def test_the_generated_python_client_plays_the_smoke_flow_through_typed_models(
    client_package: Any, live_server: Any, transactional_db: None, world: World, eager_celery: None
) -> None:
    models = _mod("models")
    base = live_server.url
    frank = make_user("frank")
    membership_add(campaign=world.campaign, user=frank, role="player")
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    sale = settle_until(f.reavers, "sell_wyrdstone")
    intrigue = make_intrigue(world)
    phones = Phones(world).started()

    # Log in; read a roster and the catalogue.
    bob = _login(base, "bob")
    roster = _ok(_mod("api.warbands.warbands_retrieve").sync_detailed(id=f.reavers.pk, client=bob))
    assert roster.id == f.reavers.pk and isinstance(roster.warriors, list)
    catalogue = _ok(_mod("api.rulesets.rulesets_catalogue_retrieve").sync_detailed(slug="mordheim", client=bob))
    assert type(catalogue).__name__ == "Catalogue"

    # Hire and buy, for a new warband.
    me = _login(base, "frank")
    created = _ok(_mod("api.warbands.warbands_create").sync_detailed(
        client=me, body=models.WarbandListCreateInputRequest(campaign=world.campaign.pk, list_="reikland",
                                                              name="Frank's")), 201)
    hired = _ok(_mod("api.warbands.warbands_hire_create").sync_detailed(
        id=created.id, client=me, body=models.HireInputRequest(type_="mercenary_captain", name="Cap")))
    captain = hired.result.warrior
    bought = _ok(_mod("api.warbands.warbands_buy_create").sync_detailed(
        id=created.id, client=me, body=models.BuyInputRequest(item="sword", warrior=captain)))
    assert bought.warband.id == created.id

    # Answer a decision (the wyrdstone sale: options are strings, "0" stays "0").
    listed = _ok(_mod("api.decisions.decisions_list").sync_detailed(client=bob))
    assert sale.pk in [d.id for d in listed.results]
    answered = _ok(_mod("api.decisions.decisions_create").sync_detailed(
        id=sale.pk, client=bob, body=models.DecisionAnswerInputRequest(answer="0")))
    assert answered.open_ is False

    # Send a weekly move.
    move_body = models.WeekMovesInputRequest.from_dict({"kind": "ingredient_search", "payload": {"mode": "hold"}})
    move = _ok(_mod("api.weeks.weeks_moves_create").sync_detailed(id=intrigue.week.pk, client=bob, body=move_body),
               201)
    assert move.kind == "ingredient_search"

    # Read a table view with its ETag and a 304; send a command; read the events after a seq.
    table = phones.table
    view_op = _mod("api.tables.tables_view_retrieve")
    first = view_op.sync_detailed(id=table, client=bob)
    view = _ok(first)
    etag = first.headers["ETag"]
    again = view_op.sync_detailed(id=table, client=bob, if_none_match=etag)
    assert again.status_code == 304 and again.headers["ETag"] == etag
    seq = view.seq
    sent = _ok(_mod("api.tables.tables_commands_create").sync_detailed(
        id=table, kind="deploy", client=bob,
        body=models.CommandInputRequest.from_dict({"payload": {"slug": "line_trooper"}})))
    assert sent.seq > seq
    events = _ok(_mod("api.tables.tables_events_retrieve").sync_detailed(id=table, client=bob, after=seq))
    assert events.events and all(e.n > seq for e in events.events)


def _npm_bin(name: str) -> Path:
    return CLIENTS / "node_modules" / ".bin" / name


def test_the_typescript_types_generate_without_warnings_and_the_calls_typecheck_strictly(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the TypeScript types cannot be generated here")
    if not _npm_bin("openapi-typescript").exists() or not _npm_bin("tsc").exists():
        pytest.skip("clients/node_modules is missing: run `make clients` (npm ci in clients/)")
    types = tmp_path / "api.d.ts"
    output = _run([str(_npm_bin("openapi-typescript")), str(CONTRACT), "-o", str(types)], CLIENTS)
    _no_warning(output)
    shutil.copy(CLIENTS / "smoke.ts", tmp_path / "smoke.ts")
    _run([str(_npm_bin("tsc")), "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022,dom",
          "--module", "es2022", "--moduleResolution", "bundler", str(tmp_path / "smoke.ts")], tmp_path)
