"""Hidden rolls get streams of their own (docs/hidden-rolls.md): a stream's audience and viewers, and
a week may have several streams. The data follows in 0005, the constraints in 0006 (PostgreSQL will not
build an index on a table with pending trigger events in the same transaction as the data change)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0009_models_move_to_their_apps"),
        ("referee", "0003_ledger_append_only"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="rollstream",
            name="audience",
            field=models.CharField(
                choices=[
                    ("public", "Every member of the campaign"),
                    ("gm", "The campaign's GM"),
                    ("self", "One member (the stream's viewer) and the GM"),
                    ("party", "The stream's viewers, the organiser and the GM"),
                    ("user", "One user's own stream, outside campaigns"),
                ],
                default="public",
                max_length=8,
                verbose_name="audience",
            ),
        ),
        migrations.AddField(
            model_name="rollstream",
            name="viewers",
            field=models.ManyToManyField(
                blank=True,
                help_text="Who sees this hidden stream besides the GM (and, for a party, the organiser).",
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="rollstream",
            name="week",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="roll_streams",
                to="campaign.week",
            ),
        ),
    ]
