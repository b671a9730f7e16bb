"""``manage.py resolve_week --campaign ID``: what the beat sweep does, by hand (the embedded default has no beat)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaign.models import Campaign, Week
from campaign.services.weeks import weeks_sweep


class Command(BaseCommand):
    help = (
        "Resolve the campaign's weeks past their deadline (and any stuck resolving past its timeout), "
        "opening the next week; --now resolves the open week even before its deadline."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--campaign", type=int, required=True, help="the campaign's id")
        parser.add_argument("--now", action="store_true", help="resolve the open week now, deadline or not")

    def handle(self, *args: Any, **options: Any) -> None:
        campaign = Campaign.objects.filter(pk=options["campaign"]).first()
        if campaign is None:
            raise CommandError(f"No campaign with id {options['campaign']}.")
        closed = weeks_sweep(campaign=campaign, force=options["now"])
        if not closed:
            self.stdout.write("Nothing to resolve: no week is past its deadline.")
        for week in closed:
            self.stdout.write(self.style.SUCCESS(f"Week {week.number} resolved and closed."))
        current = Week.objects.filter(campaign=campaign, status=Week.Status.OPEN).first()
        if current is not None:
            self.stdout.write(f"Week {current.number} is open until {current.deadline.isoformat()}.")
