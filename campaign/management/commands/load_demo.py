from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from campaign.demo import demo_battle
from campaign.demo_weekly import demo_weekly
from campaign.models import Campaign, Membership, Week
from campaign.services import campaign_create, membership_add
from campaign.services.campaigns import campaign_start
from campaign.services.weeks import week_open_scheduled
from campaign.tables.demo_arena import demo_arena
from campaign.tables.demo_skirmish import demo_skirmish
from campaign.tables.demo_tables import demo_table
from referee.models import RulesPack

DEMO_PASSWORD = "muster-demo"  # noqa: S105 - published demo logins, printed by `make run`
DEMO_USERS = [
    ("alice", "organiser", True),
    ("bob", "player", False),
    ("carol", "player", False),
    ("gina", "gm", False),
]
DEMO_CAMPAIGN = "Demo: Mordheim, the City of the Damned"
# Every Sunday at 20:00 in Prague: the league's deadline, whatever daylight-saving time says.
DEMO_SCHEDULE = {"deadline_weekday": 6, "deadline_time": "20:00"}


class Command(BaseCommand):
    help = "Create the demo users and campaign (idempotent: running it again keeps existing data)."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        call_command("load_packs", stdout=self.stdout)
        users = {}
        for username, _role, staff in DEMO_USERS:
            user, created = get_user_model().objects.get_or_create(
                username=username, defaults={"is_staff": staff, "is_superuser": staff}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        campaign = Campaign.objects.filter(name=DEMO_CAMPAIGN).first()
        if campaign is None:
            pack = RulesPack.objects.filter(slug="mordheim").order_by("-version").first()
            if pack is None:
                raise RuntimeError("The Mordheim rules pack is missing; run `manage.py load_packs`.")
            campaign = campaign_create(
                name=DEMO_CAMPAIGN,
                rules_pack=pack,
                organiser=users["alice"],
                time_zone="Europe/Prague",
                settings=DEMO_SCHEDULE,
            )
        for username, role, _staff in DEMO_USERS:
            if not Membership.objects.filter(campaign=campaign, user=users[username], left_at__isnull=True).exists():
                membership_add(campaign=campaign, user=users[username], role=role)
        if campaign.status == Campaign.Status.DRAFT:
            campaign_start(campaign=campaign, actor=users["alice"])
        elif (
            campaign.status == Campaign.Status.RUNNING
            and not campaign.weeks.exclude(status=Week.Status.CLOSED).exists()
        ):
            week_open_scheduled(campaign=campaign, now=timezone.now())
        week = campaign.weeks.exclude(status=Week.Status.CLOSED).order_by("-number").first()
        if week is not None and week.number == 1:
            demo_battle(campaign=campaign, week=week, users=users)
        table = demo_table(campaign=campaign, users=users)
        self.stdout.write(f"Doomtrooper table {table.pk} is in play (API: /api/v1/tables/{table.pk}/).")
        self.stdout.write(f"Skirmish table {demo_skirmish(campaign=campaign, users=users).pk} is in play.")
        duel = demo_arena(campaign=campaign, users=users)
        self.stdout.write(f"Arena duel {duel.pk} is in its fight (refereed by gina; /tables/{duel.pk}/).")
        intrigue = demo_weekly(users=users, settings=DEMO_SCHEDULE)
        self.stdout.write(f"Weekly-moves campaign: {intrigue.name} (id {intrigue.pk}; /campaigns/{intrigue.pk}/).")
        if week is not None:
            self.stdout.write(f"Week {week.number} is open until {week.deadline.isoformat()} (Sunday 20:00, Prague).")
        self.stdout.write(self.style.SUCCESS(f"Demo campaign ready: {campaign.name} (id {campaign.pk})"))
        self.stdout.write("Demo logins (password muster-demo): alice (organiser), bob and carol (players), gina (GM)")
