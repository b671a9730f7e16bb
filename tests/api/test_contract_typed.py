"""The aftermath and its decisions as the contract types them: ids are integers (the engine keeps them as
text), every effect is one of its kinds' components, a decision's request lists typed questions, and an
answer "0" stays the text "0"."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.systems.mordheim.effects import effect_kinds
from roster.aftermath.run import aftermath_run
from tests.roster.aftermath.helpers import fight, queued, settle_until
from tests.support.world import World

pytestmark = pytest.mark.django_db


def _ids(rows: list[dict[str, Any]], *names: str) -> list[Any]:
    return [row[name] for row in rows for name in names if row.get(name) is not None]


def test_the_aftermath_answers_integer_ids_and_effects_of_known_kinds(world: World) -> None:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    body = world.client(world.bob).get(f"/api/v1/battles/{f.battle.pk}/aftermath/").json()
    ids = _ids(body["injuries"], "warband", "warrior") + _ids(body["experience"], "warband", "warrior")
    ids += _ids(body["income"], "warband") + _ids(body["exploration"], "warband")
    ids += [s for row in body["exploration"] for s in row["searchers"]]
    ids += _ids(body["effects"], "warband", "warrior")
    assert ids and all(type(i) is int for i in ids), ids
    assert {f.reavers.pk, f.raiders.pk} >= set(_ids(body["income"], "warband"))
    assert body["effects"] and {e["kind"] for e in body["effects"]} <= set(effect_kinds())
    for entry in body["experience"]:
        assert entry["new_xp"] - entry["old_xp"] == sum(a["xp"] for a in entry["awards"])


def test_a_decision_request_is_typed_and_an_answer_of_0_stays_text(world: World) -> None:
    f = fight(world)
    aftermath_run(aftermath_id=queued(f).pk)
    sale = settle_until(f.reavers, "sell_wyrdstone")
    listed = world.client(world.bob).get("/api/v1/decisions/").json()["results"]
    mine = next(d for d in listed if d["id"] == sale.pk)
    request = mine["request"]
    assert request["warband"] == f.reavers.pk and request["questions"][0]["pick"] >= 1
    values = [o["value"] for o in request["questions"][0]["options"]]
    assert all(isinstance(v, str) for v in values) and values[0] == "0"
    answered = world.client(world.bob).post(f"/api/v1/decisions/{sale.pk}/", {"answer": "0"}, format="json")
    assert answered.status_code == 200, answered.content
    assert answered.json()["answer"] in ("0", ["0"], {request["questions"][0]["name"]: ["0"]})


def test_the_contract_unites_the_effects_by_kind(world: World) -> None:
    schemas = world.client(world.bob).get("/api/v1/schema/?format=json").json()["components"]["schemas"]
    effect = schemas["Effect"]
    assert effect["discriminator"]["propertyName"] == "kind"
    assert set(effect["discriminator"]["mapping"]) == set(effect_kinds())
    assert schemas["EffectAddGold"]["properties"]["warband"]["type"] == "integer"
