"""A seeded league for the schemathesis run, so most operations get past 404.

A running Mordheim campaign (Alice organises, Gina is its GM, Bob and Carol play) with a battle
reported and waiting for Bob's answer, another played to its aftermath, an open invitation and
rolls of every visibility; and an intrigue (weekly-moves) campaign with characters and a move.
Built through the real services, as the demo is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from knox.models import AuthToken

from campaign.models import Week
from campaign.services import campaign_create, campaign_start, membership_add
from campaign.services.members import invitation_create
from campaign.services.rolls import roll_ad_hoc
from campaign.weekly.services import character_create, move_submit
from referee.served_packs import get_pack
from referee.services.rules_packs import rules_pack_sync
from roster.battles.pairings import pairings_set
from roster.battles.reports import battle_confirm, battle_report
from roster.models import Battle, Decision, Warband
from roster.services.hiring import warband_hire
from roster.services.trading import warband_buy
from roster.services.warbands import warband_approve, warband_create, warband_submit
from tests.support.world import make_user

KIT = [
    ("mercenary_captain", "Captain", 1, ["sword"]),
    ("champion", "Champion", 1, ["axe"]),
    ("warrior", "Swords", 3, ["sword"]),
]


@dataclass
class Seeded:
    users: dict[str, Any]
    ids: dict[str, Any] = field(default_factory=dict)

    def token(self, role: str) -> str | None:
        user = self.users.get(role)
        if user is None:
            return None
        _instance, token = AuthToken.objects.create(user=user)
        return token


def _pack(slug: str) -> Any:
    pack = get_pack(slug)
    assert pack is not None
    row, _created = rules_pack_sync(pack=pack)
    return row


def _warband(campaign: Any, owner: Any, organiser: Any, name: str) -> Warband:
    warband = warband_create(campaign=campaign, owner=owner, list_slug="reikland", name=name)
    for type_slug, warrior_name, count, kit in KIT:
        warrior = warband_hire(warband=warband, actor=owner, type_slug=type_slug, name=warrior_name, count=count)
        for item in kit:
            warband_buy(warband=warband, actor=owner, item_slug=item, warrior=warrior.pk)
    warband_submit(warband=warband, actor=owner)
    warband_approve(warband=warband, actor=organiser)
    return warband


def _out_of_action(winner: Warband, loser: Warband) -> list[dict[str, Any]]:
    by = winner.warriors.get(type_slug="mercenary_captain").pk
    return [{"victim": w.pk, "by": by} for w in loser.warriors.filter(kind="hero")]


def seed() -> Seeded:
    """The league; call with Celery eager (the aftermath runs in-process)."""
    names = ("alice", "bob", "carol", "gina", "dave", "erin")
    users = {name: make_user(name) for name in names}
    alice, bob, carol, gina, dave, erin = (users[n] for n in names)
    mordheim = campaign_create(name="Schemathesis league", rules_pack=_pack("mordheim"), organiser=alice)
    for user in (bob, carol, dave, erin):
        membership_add(campaign=mordheim, user=user, role="player")
    gm = membership_add(campaign=mordheim, user=gina, role="gm")
    week = campaign_start(campaign=mordheim, actor=alice)
    bobs, carols = _warband(mordheim, bob, alice, "Bob's"), _warband(mordheim, carol, alice, "Carol's")
    daves, erins = _warband(mordheim, dave, alice, "Dave's"), _warband(mordheim, erin, alice, "Erin's")
    waiting, played = pairings_set(week=week, actor=alice, pairs=[(bobs.pk, carols.pk), (daves.pk, erins.pk)])
    battle_report(
        battle=waiting,
        actor=carol,
        data={"scenario": "skirmish", "winner": carols.pk, "out_of_action": _out_of_action(carols, bobs)},
    )
    battle_report(
        battle=played,
        actor=dave,
        data={"scenario": "skirmish", "winner": daves.pk, "out_of_action": _out_of_action(daves, erins)},
    )
    battle_confirm(battle=played, actor=erin)
    invitation = invitation_create(campaign=mordheim, actor=alice, max_uses=None)
    rolls = [
        roll_ad_hoc(user=bob, notation="2d6", purpose="adhoc", visibility=v, campaign=mordheim).pk
        for v in ("public", "gm", "blind", "self")
    ]
    roll_ad_hoc(user=bob, notation="d66", purpose="adhoc")

    intrigue = campaign_create(name="Schemathesis intrigue", rules_pack=_pack("weekly_moves"), organiser=alice)
    for user in (bob, carol):
        membership_add(campaign=intrigue, user=user, role="player")
    membership_add(campaign=intrigue, user=gina, role="gm")
    intrigue_week = campaign_start(campaign=intrigue, actor=alice)
    bob_c = character_create(campaign=intrigue, actor=gina, user=bob, sheet={"name": "Bob", "preparedness": 3})
    character_create(campaign=intrigue, actor=gina, user=carol, sheet={"name": "Carol", "preparedness": 3})
    move = move_submit(week=intrigue_week, actor=bob, kind="ingredient_search", payload={})

    decision = Decision.objects.filter(aftermath__battle=played).order_by("id").first()
    seeded = Seeded(users={"organiser": alice, "player": bob, "gm": gina})
    seeded.ids = {
        "campaign": mordheim.pk,
        "intrigue": intrigue.pk,
        "week": week.pk,
        "intrigue_week": intrigue_week.pk,
        "warband": bobs.pk,
        "battle": waiting.pk,
        "played_battle": played.pk,
        "decision": decision.pk if decision else 1,
        "membership": gm.pk,
        "invitation": invitation.pk,
        "code": invitation.code,
        "roll": rolls[0],
        "character": bob_c.pk,
        "move": move.pk,
    }
    assert Week.objects.filter(status=Week.Status.OPEN).count() == 2
    assert Battle.objects.count() == 2
    return seeded


def path_ids(seeded: Seeded, path: str) -> dict[str, Any]:
    """The seeded ids to put in ``path``'s parameters (an intrigue path gets the intrigue's)."""
    ids = seeded.ids
    intrigue = any(part in path for part in ("/characters", "/moves", "/results", "/resolution", "/resolve",
                                              "/queue", "/decisions/{decision_id}", "weeks/{id}/decisions"))
    out: dict[str, Any] = {}
    if path.startswith("/api/v1/campaigns/{id}"):
        out["id"] = ids["intrigue"] if intrigue else ids["campaign"]
    elif path.startswith("/api/v1/weeks/{id}"):
        out["id"] = ids["intrigue_week"] if intrigue else ids["week"]
    elif path.startswith("/api/v1/warbands/{id}"):
        out["id"] = ids["warband"]
    elif path.startswith("/api/v1/battles/{id}/aftermath"):
        out["id"] = ids["played_battle"]
    elif path.startswith("/api/v1/battles/{id}"):
        out["id"] = ids["battle"]
    elif path.startswith("/api/v1/decisions/{id}"):
        out["id"] = ids["decision"]
    elif path.startswith("/api/v1/characters/{id}"):
        out["id"] = ids["character"]
    elif path.startswith("/api/v1/rolls/{id}"):
        out["id"] = ids["roll"]
    elif path.startswith("/api/v1/invitations/{code}"):
        out["code"] = ids["code"]
    elif path.startswith("/api/v1/rulesets/{slug}"):
        out["slug"] = "mordheim"
    if "{table}" in path:
        out["table"] = "serious_injury_hero"
    if "{membership_id}" in path:
        out["membership_id"] = ids["membership"]
    if "{invitation_id}" in path:
        out["invitation_id"] = ids["invitation"]
    if "{move_id}" in path:
        out["move_id"] = ids["move"]
    return out
