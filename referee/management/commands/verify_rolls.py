import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from referee.verify import verify_ledger


class Command(BaseCommand):
    help = (
        "Walk every roll stream's hash chain and recompute every roll whose seed is revealed. "
        "Exits 0 when everything matches; names the first bad entry of each stream and exits 1 otherwise."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--campaign", type=int, help="only this campaign's streams")

    def handle(self, *args: Any, **options: Any) -> None:
        report, problems = verify_ledger(campaign_id=options["campaign"])
        for problem in problems:
            self.stderr.write(f"BAD {problem}")
        summary = (
            f"{report.streams} streams, {report.entries} entries checked, "
            f"{report.recomputed} rolls recomputed from revealed seeds"
        )
        if problems:
            self.stderr.write(f"{summary}: {len(problems)} problem(s)")
            sys.exit(1)
        self.stdout.write(f"{summary}: all match")
