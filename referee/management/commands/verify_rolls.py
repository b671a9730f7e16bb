import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from referee.tables.audit import tables_audit
from referee.verify import verify_ledger


class Command(BaseCommand):
    help = (
        "Walk every roll stream's hash chain and recompute every roll whose seed is revealed; audit every "
        "closed live table (its event log, every shuffle, draw and deal). "
        "Exits 0 when everything matches; names the first bad entry of each stream and exits 1 otherwise."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--campaign", type=int, help="only this campaign's streams")

    def handle(self, *args: Any, **options: Any) -> None:
        report, problems = verify_ledger(campaign_id=options["campaign"])
        for problem in problems:
            self.stderr.write(f"BAD {problem}")
        audits = [] if options["campaign"] else tables_audit()
        for audit in audits:
            for message in audit.problems:
                problems.append(message)  # type: ignore[arg-type]
                self.stderr.write(f"BAD table {audit.table}: {message}")
        summary = (
            f"{report.streams} streams, {report.entries} entries checked, "
            f"{report.recomputed} rolls recomputed from revealed seeds, "
            f"{len(audits)} closed tables audited ({sum(a.shuffles for a in audits)} shuffles, "
            f"{sum(a.moves for a in audits)} card moves)"
        )
        if problems:
            self.stderr.write(f"{summary}: {len(problems)} problem(s)")
            sys.exit(1)
        self.stdout.write(f"{summary}: all match")
