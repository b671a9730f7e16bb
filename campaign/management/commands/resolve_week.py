"""``manage.py resolve_week --campaign ID``: what the beat sweep does, by hand (the embedded default has no beat)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

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
        started = timezone.now()
        weeks_sweep(campaign=campaign, force=options["now"])
        # A system that resolves in a task (the weekly moves) closes its week after commit, not in the
        # sweep's return value: report what the database says now.
        closed = Week.objects.filter(campaign=campaign, status=Week.Status.CLOSED, closed_at__gte=started)
        resolving = Week.objects.filter(campaign=campaign, status=Week.Status.RESOLVING)
        if not closed and not resolving:
            self.stdout.write("Nothing to resolve: no week is past its deadline.")
        for week in closed.order_by("number"):
            self.stdout.write(self.style.SUCCESS(f"Week {week.number} resolved and closed."))
        for week in resolving.order_by("number"):
            self.stdout.write(f"Week {week.number} is resolving (a worker finishes it; the GM sees progress).")
        current = Week.objects.filter(campaign=campaign, status=Week.Status.OPEN).first()
        if current is not None:
            self.stdout.write(f"Week {current.number} is open until {current.deadline.isoformat()}.")
