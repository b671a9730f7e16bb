from typing import Any

from django.core.management.base import BaseCommand

from referee.served_packs import packs
from referee.services.rules_packs import rules_pack_sync


class Command(BaseCommand):
    help = "Validate the rules packs under fixtures/ and store any new version (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        for pack in packs():
            _, state = rules_pack_sync(pack=pack)
            line = f"{pack.slug} {pack.version} ({pack.system}): {state}"
            if state == "changed":
                line += " (content changed without a new version: bump the version for a rules change)"
                self.stdout.write(self.style.WARNING(line))
            else:
                self.stdout.write(line)
