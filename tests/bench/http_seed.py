"""Seed the HTTP benchmarks' own database (run by ``tests.bench.http_server`` with its DATABASE_URL).

The demo (``load_demo``: a Mordheim campaign and a Doomtrooper table), plus: a 15-warrior warband for
bob, one two-seat Doomtrooper table per client that plays table commands, and an intrigue campaign of
weekly moves with one character per phone. Prints what the clients need as one JSON line.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from knox.models import AuthToken

    from campaign.models import Campaign
    from campaign.services import campaign_create, campaign_start, membership_add
    from campaign.tables.services.tables import campaign_table_join, campaign_table_open
    from campaign.weekly.services import character_create
    from referee.served_packs import get_pack
    from referee.services.rules_packs import rules_pack_sync
    from referee.tables.services import table_start
    from roster.models import Holding, Warrior
    from roster.services.warbands import rating_refresh, warband_create

    tables_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    phones = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    call_command("load_packs", verbosity=0)
    call_command("load_demo", verbosity=0)
    users = {u.username: u for u in get_user_model().objects.filter(username__in=["alice", "bob", "carol", "gina"])}
    mordheim = Campaign.objects.get(memberships__user=users["alice"], system="mordheim")
    warband = warband_create(campaign=mordheim, owner=users["bob"], list_slug="reikland", name="Bench fifteen")
    for i in range(15):
        hero = i < 6
        w = Warrior.objects.create(
            warband=warband,
            kind="hero" if hero else "henchman",
            type_slug=("mercenary_captain" if i == 0 else "champion") if hero else "warrior",
            name=f"Bench {i}",
            is_leader=i == 0,
            profile={"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
            race="human",
            xp=i,
            skills=["step_aside"] if hero else [],
        )
        for item in ("sword", "dagger", "helmet"):
            Holding.objects.create(warband=warband, warrior=w, item_slug=item)
    rating_refresh(warband=warband)
    tables = []
    for _ in range(tables_wanted):
        session = campaign_table_open(user=users["bob"], campaign_id=mordheim.pk, system="doomtrooper")
        campaign_table_join(user=users["carol"], session=session)
        table_start(session=session, user=users["bob"], first="s1")
        tables.append(session.pk)
    weekly = get_pack("weekly_moves")
    assert weekly is not None, "the weekly_moves pack is not served"
    weekly_row, _created = rules_pack_sync(pack=weekly)
    intrigue = campaign_create(name="Bench intrigue", rules_pack=weekly_row, organiser=users["alice"])
    membership_add(campaign=intrigue, user=users["gina"], role="gm")
    players = []
    for i in range(phones):
        player, _ = get_user_model().objects.get_or_create(username=f"phone{i}", defaults={"email": ""})
        membership_add(campaign=intrigue, user=player, role="player")
        players.append(player)
    week = campaign_start(campaign=intrigue, actor=users["alice"])
    for i, player in enumerate(players):
        character_create(
            campaign=intrigue, actor=users["gina"], user=player, sheet={"name": f"Phone {i}", "preparedness": 3}
        )

    def token(user: object) -> str:
        return AuthToken.objects.create(user=user)[1]

    print(
        json.dumps(
            {
                "warband": warband.pk,
                "campaign": mordheim.pk,
                "tables": tables,
                "week": week.pk,
                "bob": token(users["bob"]),
                "carol": token(users["carol"]),
                "phones": [token(p) for p in players],
            }
        )
    )


if __name__ == "__main__":
    main()
