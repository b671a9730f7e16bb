"""On PostgreSQL the database itself refuses to update or delete a ledger row."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION referee_ledger_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION USING
        MESSAGE = 'the roll ledger is append-only: ' || TG_OP || ' refused on referee_ledgerentry',
        ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS referee_ledger_append_only ON referee_ledgerentry;
CREATE TRIGGER referee_ledger_append_only
    BEFORE UPDATE OR DELETE ON referee_ledgerentry
    FOR EACH ROW EXECUTE FUNCTION referee_ledger_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS referee_ledger_append_only ON referee_ledgerentry;
DROP FUNCTION IF EXISTS referee_ledger_append_only();
"""


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("referee", "0002_rollstream_ledgerentry_seedcontribution_and_more")]
    operations = [migrations.RunPython(forwards, backwards)]
