"""The battle, the weekly moves and the idempotency records leave the campaign app's state (step 2 of 2)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lib', '0001_idempotency_record_from_campaign'),
        ('weekly', '0001_tables_from_campaign'),
        ('campaign', '0008_battle_moves_to_roster'),
        ('roster', '0003_battle_from_campaign'),
    ]

    # The tables already exist under these names: only Django's picture of which app owns them changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name='campaignevent',
                    name='battle',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='events', to='roster.battle'),
                ),
                migrations.RemoveField(
                    model_name='battlereport',
                    name='reporter',
                ),
                migrations.RemoveField(
                    model_name='battlereport',
                    name='responder',
                ),
                migrations.RemoveField(
                    model_name='character',
                    name='campaign',
                ),
                migrations.RemoveField(
                    model_name='character',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='promise',
                    name='promiser',
                ),
                migrations.RemoveField(
                    model_name='weeklymove',
                    name='character',
                ),
                migrations.RemoveField(
                    model_name='moveresult',
                    name='character',
                ),
                migrations.RemoveField(
                    model_name='promise',
                    name='beneficiary',
                ),
                migrations.RemoveField(
                    model_name='infoholding',
                    name='holder',
                ),
                migrations.RemoveField(
                    model_name='moveresult',
                    name='audience',
                ),
                migrations.RemoveField(
                    model_name='weeklydecision',
                    name='character',
                ),
                migrations.RemoveField(
                    model_name='infoholding',
                    name='subject',
                ),
                migrations.RemoveField(
                    model_name='idempotencyrecord',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='infoholding',
                    name='campaign',
                ),
                migrations.RemoveField(
                    model_name='moveresult',
                    name='move',
                ),
                migrations.RemoveField(
                    model_name='moveresult',
                    name='week',
                ),
                migrations.RemoveField(
                    model_name='promise',
                    name='campaign',
                ),
                migrations.RemoveField(
                    model_name='weeklydecision',
                    name='answered_by',
                ),
                migrations.RemoveField(
                    model_name='weeklydecision',
                    name='week',
                ),
                migrations.RemoveField(
                    model_name='weeklygame',
                    name='campaign',
                ),
                migrations.RemoveField(
                    model_name='weeklymove',
                    name='week',
                ),
                migrations.RemoveField(
                    model_name='weekresolution',
                    name='week',
                ),
                migrations.DeleteModel(
                    name='Battle',
                ),
                migrations.DeleteModel(
                    name='BattleReport',
                ),
                migrations.DeleteModel(
                    name='Character',
                ),
                migrations.DeleteModel(
                    name='IdempotencyRecord',
                ),
                migrations.DeleteModel(
                    name='InfoHolding',
                ),
                migrations.DeleteModel(
                    name='MoveResult',
                ),
                migrations.DeleteModel(
                    name='Promise',
                ),
                migrations.DeleteModel(
                    name='WeeklyDecision',
                ),
                migrations.DeleteModel(
                    name='WeeklyGame',
                ),
                migrations.DeleteModel(
                    name='WeeklyMove',
                ),
                migrations.DeleteModel(
                    name='WeekResolution',
                ),
            ],
        ),
    ]
