"""The row recording a table's closing gets a kind of its own, "table_closed": it was "close", which the arena
duel's own command to end the duel is also called, so that command was taken for a marker and left out of every
replay (an undo or a correction after it brought the duel back).

A closed table's closing row is its last command (nothing is added once it is closed); every other "close" row is
a game's command and keeps its kind. The event log chains command ids, never kinds, so no hash changes."""

from django.db import migrations
from django.db.models import Max


def forwards(apps, schema_editor):
    TableCommand = apps.get_model("referee", "TableCommand")
    last = TableCommand.objects.values("session_id").annotate(last=Max("id")).values_list("last", flat=True)
    TableCommand.objects.filter(pk__in=list(last), kind="close", session__status="closed").update(kind="table_closed")


def backwards(apps, schema_editor):
    TableCommand = apps.get_model("referee", "TableCommand")
    TableCommand.objects.filter(kind="table_closed").update(kind="close")


class Migration(migrations.Migration):

    dependencies = [
        ("referee", "0009_rollstream_dice_scheme"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
