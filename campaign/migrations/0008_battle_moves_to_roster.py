"""Battle and BattleReport leave the campaign app's state (step 1 of 2: their foreign keys)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0007_weekly_moves'),
    ]

    # The tables already exist under these names: only Django's picture of which app owns them changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name='battle',
                    name='campaign',
                ),
                migrations.RemoveField(
                    model_name='battle',
                    name='paired_by',
                ),
                migrations.RemoveField(
                    model_name='battle',
                    name='warband_a',
                ),
                migrations.RemoveField(
                    model_name='battle',
                    name='warband_b',
                ),
                migrations.RemoveField(
                    model_name='battle',
                    name='week',
                ),
                migrations.RemoveField(
                    model_name='battle',
                    name='winner',
                ),
                migrations.RemoveField(
                    model_name='battlereport',
                    name='battle',
                ),
            ],
        ),
    ]
