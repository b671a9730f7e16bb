"""Hidden information (spec §2, DESIGN §5.3), viewer x resource: a player never learns another player's
moves, hidden stats, spy results or stash through any endpoint, filter, error message or count.

The week: Bob spies on Carol (a Surveillance snapshot of Carol, for Bob only); Carol searches for
ingredients and her Troubles give Dave info about her (Dave sees that event, nothing else of her
move); Dave answers the call of duty. Viewers: the author, the target, a third player, the GM, an
organiser who is not the GM, and an outsider.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from campaign.weekly.models import MoveResult, WeeklyMove
from campaign.weekly.services import character_update
from referee.models import LedgerEntry
from tests.campaign.weekly.conftest import Intrigue
from tests.support.dice import DiceScript

pytestmark = pytest.mark.django_db

#: Carol's secrets: her stash and a stat value nobody else holds, her ability.
CAROL_SECRETS = ("silver_mirror", "wolfsbane", "mandrake_root", "carols_knack", '"influence": 7')


@dataclass
class Scene:
    intrigue: Intrigue
    moves: dict[str, WeeklyMove]

    def get(self, user: Any, path: str, **params: Any) -> Any:
        return self.intrigue.client(user).get(path, params)


@pytest.fixture
def scene(intrigue: Intrigue) -> Scene:
    intrigue.next_week()
    gina = intrigue.world.gina
    character_update(
        character=intrigue.carol,
        actor=gina,
        changes={"influence": 7, "abilities": [{"id": "carols_knack", "counter": "per_week"}]},
    )
    intrigue.know(intrigue.bob, intrigue.carol, 2)
    moves = {
        "bob": intrigue.submit(intrigue.bob, "spying", target=intrigue.carol.key, mode="hold", picks=["surveillance"]),
        "carol": intrigue.submit(intrigue.carol, "ingredient_search"),
        "dave": intrigue.submit(intrigue.dave_c, "call_of_duty", targets=[], picks=["lower_own_debt"]),
    }
    return Scene(intrigue, moves)


def resolve(scene: Scene, dice: DiceScript) -> None:
    # Bob 12 (strong: Surveillance); Carol 7 (weak): an ingredient, Troubles 6: a random player learns of
    # her, Dave (2nd of Bob, Dave); Dave 4 (a miss): Troubles 4 (no ingredient) -> 5 (he lowers his Debt)
    # -> 6: a random player learns of him, Carol (2nd of Bob, Carol).
    dice.then(6, 6, 3, 4, 1, 6, 2, 2, 2, 4, 2)
    assert scene.intrigue.resolve() == "done"


def text(response: Any) -> str:
    return json.dumps(response.data, default=str)


def test_the_moves_list_shows_each_player_only_their_own_counts_and_filters_included(scene: Scene) -> None:
    i, w = scene.intrigue, scene.intrigue.world
    path = f"/api/v1/weeks/{i.week.pk}/moves/"
    expected = {w.bob: 1, i.carol.user: 1, i.dave: 1, w.gina: 3, w.alice: 0}
    for user, count in expected.items():
        r = scene.get(user, path)
        assert r.status_code == 200 and r.data["count"] == count, user
        assert r.data["count"] == len(r.data["results"])
    for params in ({"character": i.carol.pk}, {"kind": "ingredient_search"}, {"kind": "call_of_duty"}):
        assert scene.get(w.bob, path, **params).data["count"] == 0
    assert scene.get(w.oscar, path).status_code == 404
    for user in (w.bob, w.alice):
        assert all(s not in text(scene.get(user, path)) for s in ("ingredient_search", "call_of_duty"))


def test_another_players_move_answers_exactly_like_a_missing_one(scene: Scene) -> None:
    i, w = scene.intrigue, scene.intrigue.world
    bob = i.client(w.bob)
    theirs = f"/api/v1/weeks/{i.week.pk}/moves/{scene.moves['carol'].pk}/"
    missing = f"/api/v1/weeks/{i.week.pk}/moves/987654/"
    for method, body in (("get", None), ("patch", {"payload": {}}), ("delete", None)):
        a = getattr(bob, method)(theirs, body, format="json")
        b = getattr(bob, method)(missing, body, format="json")
        assert (a.status_code, a.data) == (b.status_code, b.data) == (404, b.data)
        assert a.data["code"] == "move_not_found"
    assert WeeklyMove.objects.filter(pk=scene.moves["carol"].pk).exists()


def test_validation_errors_never_depend_on_the_targets_hidden_state(scene: Scene) -> None:
    i, w = scene.intrigue, scene.intrigue.world
    path = f"/api/v1/weeks/{i.week.pk}/moves/"
    attempts = [
        {"kind": "deadly_combat", "payload": {"target": i.dave_c.key}},
        {"kind": "exchange", "payload": {"partner": i.dave_c.key, "give": [{"type": "info", "subject": i.dave_c.key}]}},
        {"kind": "preparation", "payload": {"effect": "heal", "target": i.dave_c.key, "heal": "x"}},
        {"kind": "spying", "payload": {"target": i.dave_c.key, "picks": ["steal"]}},
        {"kind": "call_of_duty", "payload": {"targets": [i.dave_c.key], "shift": {"target": i.dave_c.key}}},
    ]
    bob = i.client(w.bob)
    first = [(r.status_code, r.data) for r in (bob.post(path, a, format="json") for a in attempts)]
    character_update(
        character=i.dave_c,
        actor=w.gina,
        changes={"ingredients": ["grave_dust"], "artifacts": ["idol"], "might": 5, "companions": [{"name": "Dog"}]},
    )
    i.know(i.dave_c, i.bob, 2)
    second = [(r.status_code, r.data) for r in (bob.post(path, a, format="json") for a in attempts)]
    assert first == second
    assert WeeklyMove.objects.filter(character=i.bob).count() == 1  # Bob's spying only: every attempt refused


def test_results_are_the_gms_during_resolution_and_each_players_own_once_closed(scene: Scene, dice: DiceScript) -> None:
    i, w = scene.intrigue, scene.intrigue.world
    week = i.week
    resolve(scene, dice)
    path = f"/api/v1/weeks/{week.pk}/results/"

    gm = scene.get(w.gina, path)
    assert gm.data["count"] == 3 and all(r["kind"] for r in gm.data["results"])

    bob = scene.get(w.bob, path)
    assert bob.data["count"] == 1
    (spy,) = bob.data["results"]
    assert spy["mine"] and spy["kind"] == "spying"
    assert spy["index"] is None  # a position in the plan would count the others' entries before it
    snapshot = next(e for e in spy["events"] if e["code"] == "surveillance")["data"]["snapshot"]
    assert snapshot["stats"]["influence"] == 7 and snapshot["moves"][0]["kind"] == "ingredient_search"

    carol = scene.get(i.carol.user, path)
    assert [r["kind"] for r in carol.data["results"]] == ["ingredient_search", None]
    assert [e["code"] for e in carol.data["results"][1]["events"]] == ["info_gained", "troubles"]
    for secret in ("surveillance", "spying", "call_of_duty", "lower_own_debt"):
        assert secret not in text(carol), secret

    dave = scene.get(i.dave, path)
    assert dave.data["count"] == 2
    theirs = next(r for r in dave.data["results"] if not r["mine"])
    assert (theirs["kind"], theirs["record"], theirs["character"], theirs["rolls"]) == (None, None, None, [])
    assert {e["code"] for e in theirs["events"]} == {"troubles", "info_gained"}
    assert all("visible_to" not in e for e in theirs["events"])
    for secret in ("surveillance", "spying", "ingredient_found", *CAROL_SECRETS):
        assert secret not in text(dave), secret
    # A filter matches only what the viewer may see whole, so it cannot reveal Carol's move kind.
    assert scene.get(i.dave, path, kind="ingredient_search").data["count"] == 0
    assert scene.get(i.dave, path, character=i.carol.pk).data["count"] == 0
    assert scene.get(i.dave, path, kind="call_of_duty").data["count"] == 1

    assert scene.get(w.alice, path).data["count"] == 0
    assert scene.get(w.oscar, path).status_code == 404
    assert MoveResult.objects.filter(week=week).count() == 3


def test_results_stay_hidden_from_players_while_the_week_resolves(scene: Scene, dice: DiceScript) -> None:
    from campaign.models import Week

    i, w = scene.intrigue, scene.intrigue.world
    week = i.week
    resolve(scene, dice)
    Week.objects.filter(pk=week.pk).update(status="resolving")  # as it was, entry by entry
    path = f"/api/v1/weeks/{week.pk}/results/"
    assert scene.get(w.gina, path).data["count"] == 3
    for user in (w.bob, i.carol.user, i.dave, w.alice):
        assert scene.get(user, path).data["count"] == 0


def test_characters_show_their_owner_and_the_gm_everything_and_the_rest_the_public_face(scene: Scene) -> None:
    i, w = scene.intrigue, scene.intrigue.world
    listing = f"/api/v1/campaigns/{i.campaign.pk}/characters/"
    carol_path = f"/api/v1/characters/{i.carol.pk}/"
    for user in (w.bob, i.dave, w.alice):
        for r in (scene.get(user, listing), scene.get(user, carol_path)):
            assert r.status_code == 200
            assert all(s not in text(r) for s in CAROL_SECRETS), user
    bob_view = scene.get(w.bob, carol_path).data
    assert bob_view["whole"] is False and bob_view["my_info"] == 2 and "magic" not in bob_view
    for user in (i.carol.user, w.gina):
        r = scene.get(user, carol_path)
        assert r.data["whole"] and r.data["influence"] == 7 and "silver_mirror" in text(r)
    assert scene.get(w.oscar, carol_path).status_code == 404
    assert scene.get(w.oscar, listing).status_code == 404
    # Bob's own sheet lists what he holds; nobody else's holdings on him are on it.
    mine = scene.get(w.bob, f"/api/v1/characters/{i.bob.pk}/").data
    assert [(h["subject"], h["count"]) for h in mine["info"]] == [(i.carol.pk, 2)]


def test_no_other_endpoint_gives_the_week_away(scene: Scene, dice: DiceScript) -> None:
    """The roll ledger keeps the week's rolls for the GM; the timeline keeps the GM's edits for the GM."""
    i, w = scene.intrigue, scene.intrigue.world
    week = i.week
    resolve(scene, dice)
    rolls = {"campaign": i.campaign.pk, "week": week.number}
    stored = LedgerEntry.objects.filter(week=week).count()
    assert scene.get(w.gina, "/api/v1/rolls/", **rolls).data["count"] == stored > 0
    for user in (w.bob, i.carol.user, i.dave, w.alice):
        assert scene.get(user, "/api/v1/rolls/", **rolls).data["count"] == 0
        timeline = scene.get(user, f"/api/v1/campaigns/{i.campaign.pk}/timeline/")
        assert timeline.status_code == 200
        assert all(s not in text(timeline) for s in ("character_edited", "info_set", *CAROL_SECRETS))
    decisions = f"/api/v1/weeks/{week.pk}/decisions/"
    for user in (w.bob, i.carol.user, i.dave, w.alice):
        assert scene.get(user, decisions).data["count"] == 0
        r = scene.get(user, f"/api/v1/weeks/{week.pk}/resolution/")
        assert r.status_code == 403 and "total" not in r.data
    assert scene.get(w.oscar, decisions).status_code == 404
