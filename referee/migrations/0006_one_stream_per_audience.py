"""One public and one GM stream per week; a stream is a week's or a user's (docs/hidden-rolls.md)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("referee", "0005_gm_streams_for_open_weeks")]

    operations = [
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
