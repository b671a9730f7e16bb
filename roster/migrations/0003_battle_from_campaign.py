"""Battle and BattleReport join the roster app: state only, the tables keep their names."""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0008_battle_moves_to_roster'),
        ('roster', '0002_historicalwarband_flags_warband_flags_aftermath_and_more'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables already exist under these names: only Django's picture of which app owns them changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Battle',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('status', models.CharField(choices=[('paired', 'Paired'), ('ready', 'Ready to play'), ('reported', 'Reported'), ('confirmed', 'Confirmed'), ('disputed', 'Disputed'), ('resolved', 'Resolved'), ('bye', 'Bye')], default='paired', max_length=10, verbose_name='status')),
                        ('scenario', models.SlugField(blank=True, max_length=60, verbose_name='scenario')),
                        ('prebattle', models.JSONField(blank=True, default=dict, encoder=django.core.serializers.json.DjangoJSONEncoder, verbose_name='pre-battle sequence')),
                        ('result', models.CharField(blank=True, choices=[('', 'Not played yet'), ('a', 'Warband A won'), ('b', 'Warband B won'), ('draw', 'Draw')], default='', max_length=4, verbose_name='result')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('prebattle_at', models.DateTimeField(blank=True, null=True)),
                        ('reported_at', models.DateTimeField(blank=True, null=True)),
                        ('confirmed_at', models.DateTimeField(blank=True, null=True)),
                        ('resolved_at', models.DateTimeField(blank=True, null=True)),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='battles', to='campaign.campaign')),
                        ('paired_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('warband_a', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='battles_as_a', to='roster.warband')),
                        ('warband_b', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='battles_as_b', to='roster.warband')),
                        ('week', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='battles', to='campaign.week')),
                        ('winner', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='battles_won', to='roster.warband')),
                    ],
                    options={
                        'db_table': 'campaign_battle',
                        'ordering': ['week_id', 'id'],
                    },
                ),
                migrations.AlterField(
                    model_name='aftermath',
                    name='battle',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='aftermath', to='roster.battle'),
                ),
                migrations.CreateModel(
                    name='BattleReport',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('data', models.JSONField(encoder=django.core.serializers.json.DjangoJSONEncoder)),
                        ('status', models.CharField(choices=[('submitted', 'Waiting for the opponent'), ('confirmed', 'Confirmed by the opponent'), ('disputed', 'Disputed by the opponent'), ('overridden', 'Settled by the organiser')], default='submitted', max_length=10)),
                        ('dispute_reason', models.TextField(blank=True)),
                        ('submitted_at', models.DateTimeField()),
                        ('responded_at', models.DateTimeField(blank=True, null=True)),
                        ('battle', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='report', to='roster.battle')),
                        ('reporter', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('responder', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'campaign_battlereport',
                    },
                ),
                migrations.AddIndex(
                    model_name='battle',
                    index=models.Index(fields=['campaign', 'status'], name='campaign_ba_campaig_f87987_idx'),
                ),
                migrations.AddConstraint(
                    model_name='battle',
                    constraint=models.CheckConstraint(condition=models.Q(('warband_a', models.F('warband_b')), _negated=True), name='battle_needs_two_warbands'),
                ),
                migrations.AddConstraint(
                    model_name='battle',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'bye'), ('warband_b__isnull', True)), models.Q(models.Q(('status', 'bye'), _negated=True), ('warband_b__isnull', False)), _connector='OR'), name='a_bye_has_no_opponent'),
                ),
                migrations.AddConstraint(
                    model_name='battle',
                    constraint=models.CheckConstraint(condition=models.Q(('result__in', ['', 'a', 'b', 'draw'])), name='battle_result_known'),
                ),
                migrations.AddConstraint(
                    model_name='battle',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('result', 'a'), ('winner', models.F('warband_a'))), models.Q(('result', 'b'), ('winner', models.F('warband_b'))), models.Q(('result__in', ['', 'draw']), ('winner__isnull', True)), _connector='OR'), name='battle_winner_matches_result'),
                ),
            ],
        ),
    ]
