"""Every stream a week has is verified by ``verify_rolls``; a public stream from before hidden streams,
which carries hidden rolls, keeps its seed to the GM, since its sequence gaps would give them away."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import transaction

from campaign.services import week_close
from campaign.services.rolls import roll_ad_hoc
from referee.engine.dice import SeededRoller
from referee.models import Audience, RollStream
from referee.services.ledger import _append
from tests.support.world import World, open_week

pytestmark = pytest.mark.django_db


def test_verify_rolls_recomputes_the_rolls_of_every_hidden_stream(world: World) -> None:
    week = open_week(world.campaign)
    for mode in ("public", "gm", "blind", "self"):
        roll_ad_hoc(user=world.bob, notation="2d6", purpose="adhoc", campaign=world.campaign, visibility=mode)
    week_close(week=week)
    out = StringIO()
    call_command("verify_rolls", stdout=out)  # exits 1 (SystemExit) on any problem
    assert "4 entries checked, 4 rolls recomputed from revealed seeds" in out.getvalue()
    assert out.getvalue().rstrip().endswith("all match")
    audiences = set(RollStream.objects.filter(week=week).values_list("audience", flat=True))
    assert audiences == {Audience.PUBLIC, Audience.GM, Audience.SELF}
    assert not RollStream.objects.filter(week=week, revealed_at__isnull=True).exists()


def test_a_mixed_public_stream_from_before_shows_its_seed_and_its_chain_through_hidden_rolls_to_the_gm_only(
    world: World,
) -> None:
    week = open_week(world.campaign)
    roll_ad_hoc(user=world.bob, notation="2d6", purpose="adhoc", campaign=world.campaign)
    with transaction.atomic():  # a GM-only roll made on the public stream, as before hidden streams existed
        stream = RollStream.objects.select_for_update().get(week=week, audience=Audience.PUBLIC)
        dice = SeededRoller(seed=bytes.fromhex(stream.seed), salt=bytes.fromhex(stream.salt), start_seq=1)
        dice.roll("2d6")
        (hidden,) = _append(stream=stream, rolls=dice.made, tags=[("adhoc", "", "gm")], roller=world.bob)
    after = roll_ad_hoc(user=world.carol, notation="2d6", purpose="adhoc", campaign=world.campaign)
    assert after.prev_hash == hidden.hash  # the old chain passes through the hidden roll...
    for user in (world.bob, world.carol, world.alice):  # ...so its successor's prev_hash is withheld
        client = world.client(user)
        listed = {r["id"]: r for r in client.get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()["results"]}
        assert (
            listed[after.pk]["prev_hash"] is None
            and client.get(f"/api/v1/rolls/{after.pk}/").json()["prev_hash"] is None
        )
        assert hidden.hash not in client.get("/api/v1/rolls/").content.decode()
    assert world.client(world.gina).get(f"/api/v1/rolls/{after.pk}/").json()["prev_hash"] == hidden.hash
    week_close(week=week)
    url = f"/api/v1/campaigns/{world.campaign.pk}/fairness/"
    for user in (world.bob, world.carol, world.alice):
        week1 = world.client(user).get(url).json()["weeks"][0]
        assert week1["seed"] is None and week1["salt"] is None and week1["rolls"] == 2
        assert world.client(user).get(f"/api/v1/rolls/?campaign={world.campaign.pk}").json()["count"] == 2
    gm = world.client(world.gina).get(url).json()["weeks"][0]
    assert gm["seed"] == RollStream.objects.get(pk=stream.pk).seed and gm["rolls"] == 3
