"""The table of the "throttle" cache (CACHES["throttle"] without Redis: campaign.envconf.throttle_cache).

Created here, not by a separate ``createcachetable`` step, so every place that migrates has it. The
table is created whatever the cache settings are at migrate time: a deployment that drops Redis
later still finds it. The name is written out because a migration must not follow code changes.
"""

from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations

TABLE = "muster_throttle_cache"


def create_table(apps, schema_editor):
    # Django's own DDL for a cache table; it does nothing when the table already exists.
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, dry_run=False)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [
        ("lib", "0001_idempotency_record_from_campaign"),
    ]

    operations = [
        migrations.RunPython(create_table, drop_table),
    ]
