"""Hidden rolls get streams of their own (docs/hidden-rolls.md): the data.

Existing streams: a user's own becomes audience ``user``; a week's stays ``public``. Every week not yet
closed gets its GM stream now, before its next hidden roll, so from here on GM-only, blind and secret-move
rolls never land on a stream whose seed every member will see. Rolls already made stay where they are
(the ledger is append-only); the selectors show such a mixed public stream's seed to its GM only.
"""

from django.db import migrations

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
    dependencies = [("referee", "0004_hidden_roll_streams")]
    operations = [migrations.RunPython(forwards, backwards)]
