"""Hidden rolls get streams of their own (docs/hidden-rolls.md).

Existing streams: a user's own becomes audience ``user``; a week's stays ``public``. Every week not yet
closed gets its GM stream now, before its next hidden roll, so from here on GM-only, blind and secret-move
rolls never land on a stream whose seed every member will see. Rolls already made stay where they are
(the ledger is append-only); the selectors show such a mixed public stream's seed to its GM only.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from referee.engine import fairness


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    RollStream = apps.get_model("referee", "RollStream")
    RollStream.objects.filter(user__isnull=False).update(audience="user")
    for public in RollStream.objects.filter(audience="public", week__isnull=False).exclude(week__status="closed"):
        key = f"{public.key}:gm"
        if RollStream.objects.filter(key=key).exists():
            continue
        seed = fairness.new_seed()
        RollStream.objects.create(
            key=key,
            campaign_id=public.campaign_id,
            week_id=public.week_id,
            audience="gm",
            seed=seed.hex(),
            commitment=fairness.commitment(seed),
            contributions=public.contributions,
            salt=fairness.salt_for(stream=key, contributions=public.contributions).hex(),
        )


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    RollStream = apps.get_model("referee", "RollStream")
    if RollStream.objects.filter(audience__in=["gm", "self", "party"]).exclude(next_seq=0).exists():
        raise RuntimeError("Hidden streams hold rolls; the ledger is append-only, so this cannot be undone.")
    RollStream.objects.filter(audience__in=["gm", "self", "party"]).delete()


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
        migrations.RunPython(forwards, backwards),
        migrations.AddConstraint(
            model_name="rollstream",
            constraint=models.UniqueConstraint(
                condition=models.Q(("audience", "public")), fields=("week",), name="one_public_stream_per_week"
            ),
        ),
        migrations.AddConstraint(
            model_name="rollstream",
            constraint=models.UniqueConstraint(
                condition=models.Q(("audience", "gm")), fields=("week",), name="one_gm_stream_per_week"
            ),
        ),
        migrations.AddConstraint(
            model_name="rollstream",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("audience", "user"), ("user__isnull", False), ("week__isnull", True)),
                    models.Q(
                        models.Q(("audience", "user"), _negated=True),
                        ("campaign__isnull", False),
                        ("user__isnull", True),
                        ("week__isnull", False),
                    ),
                    _connector="OR",
                ),
                name="a_stream_is_a_weeks_or_a_users",
            ),
        ),
    ]
