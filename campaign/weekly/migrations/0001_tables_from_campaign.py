"""The weekly moves' models in their own app (label ``weekly``): state only, the tables were made by campaign 0007."""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0008_battle_moves_to_roster'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables already exist under these names: only Django's picture of which app owns them changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Character',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80, verbose_name='name')),
                        ('magic', models.SmallIntegerField(default=0, verbose_name='Magic')),
                        ('shadow', models.SmallIntegerField(default=0, verbose_name='Shadow')),
                        ('might', models.SmallIntegerField(default=0, verbose_name='Might')),
                        ('influence', models.SmallIntegerField(default=0, verbose_name='Influence')),
                        ('preparedness', models.SmallIntegerField(default=1, verbose_name='Preparedness')),
                        ('debt', models.SmallIntegerField(default=0, verbose_name='Debt')),
                        ('xp', models.PositiveIntegerField(default=0, verbose_name='experience')),
                        ('status', models.CharField(choices=[('alive', 'Alive'), ('dead', 'Dead'), ('out', 'Out of the Game')], default='alive', max_length=8, verbose_name='status')),
                        ('ever_out', models.BooleanField(default=False, verbose_name='ever out of the Game')),
                        ('knows_ritual_location', models.BooleanField(default=False, verbose_name="knows the Ritual's location")),
                        ('ritual_source', models.CharField(blank=True, choices=[('', 'Does not know it'), ('computed', 'Computed it'), ('exchange', 'Received it in an Exchange')], default='', max_length=10)),
                        ('abilities', models.JSONField(blank=True, default=list, verbose_name='abilities')),
                        ('ingredients', models.JSONField(blank=True, default=list, verbose_name='ingredients')),
                        ('artifacts', models.JSONField(blank=True, default=list, verbose_name='artifacts')),
                        ('companions', models.JSONField(blank=True, default=list, verbose_name='companions')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='characters', to='campaign.campaign')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='characters', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'campaign_character',
                        'ordering': ['campaign_id', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='InfoHolding',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('companion', models.CharField(blank=True, default='', max_length=40, verbose_name='held by companion')),
                        ('count', models.PositiveSmallIntegerField(default=0, verbose_name='info')),
                        ('gained', models.JSONField(blank=True, default=list, verbose_name='week each level was gained')),
                        ('valid', models.BooleanField(default=True, help_text='False once the subject moved (WM-ABL-02).', verbose_name='valid')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='info_holdings', to='campaign.campaign')),
                        ('holder', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='holdings', to='weekly.character')),
                        ('subject', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='known_by', to='weekly.character')),
                    ],
                    options={
                        'db_table': 'campaign_infoholding',
                        'ordering': ['id'],
                    },
                ),
                migrations.CreateModel(
                    name='Promise',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('week', models.PositiveIntegerField(verbose_name='week')),
                        ('service', models.TextField(verbose_name='service')),
                        ('fulfilled', models.BooleanField(default=False, verbose_name='fulfilled')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('beneficiary', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='promises_received', to='weekly.character')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='promises', to='campaign.campaign')),
                        ('promiser', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='promises_made', to='weekly.character')),
                    ],
                    options={
                        'db_table': 'campaign_promise',
                        'ordering': ['id'],
                    },
                ),
                migrations.CreateModel(
                    name='WeeklyDecision',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveIntegerField(help_text='The plan entry that waits for it.')),
                        ('key', models.CharField(help_text="The engine's decision key.", max_length=200)),
                        ('kind', models.SlugField(max_length=40)),
                        ('rule', models.CharField(blank=True, max_length=20)),
                        ('options', models.JSONField(default=list)),
                        ('context', models.JSONField(blank=True, default=dict)),
                        ('answer', models.JSONField(blank=True, null=True)),
                        ('answered_at', models.DateTimeField(blank=True, null=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('answered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('character', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='weekly_decisions', to='weekly.character')),
                        ('week', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='weekly_decisions', to='campaign.week')),
                    ],
                    options={
                        'db_table': 'campaign_weeklydecision',
                        'ordering': ['week_id', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='WeeklyGame',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('week', models.PositiveIntegerField(default=1, help_text='The week the state is in; per-week counters were reset for it.', verbose_name='week')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('campaign', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='weekly_game', to='campaign.campaign')),
                    ],
                    options={
                        'db_table': 'campaign_weeklygame',
                    },
                ),
                migrations.CreateModel(
                    name='WeeklyMove',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.SlugField(max_length=40, verbose_name='move')),
                        ('payload', models.JSONField(blank=True, default=dict, encoder=django.core.serializers.json.DjangoJSONEncoder, verbose_name='details')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='weekly.character')),
                        ('week', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='weekly_moves', to='campaign.week')),
                    ],
                    options={
                        'db_table': 'campaign_weeklymove',
                        'ordering': ['week_id', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='MoveResult',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveIntegerField()),
                        ('move_key', models.CharField(max_length=60)),
                        ('kind', models.SlugField(max_length=40)),
                        ('status', models.CharField(max_length=10)),
                        ('visible_to', models.JSONField(default=list)),
                        ('events', models.JSONField(blank=True, default=list)),
                        ('errors', models.JSONField(blank=True, default=list)),
                        ('record', models.JSONField(blank=True, default=dict)),
                        ('rolls', models.JSONField(blank=True, default=list)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('audience', models.ManyToManyField(blank=True, related_name='visible_results', to='weekly.character')),
                        ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='results', to='weekly.character')),
                        ('week', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='weekly_results', to='campaign.week')),
                        ('move', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='results', to='weekly.weeklymove')),
                    ],
                    options={
                        'db_table': 'campaign_moveresult',
                        'ordering': ['week_id', 'index'],
                    },
                ),
                migrations.CreateModel(
                    name='WeekResolution',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('status', models.CharField(choices=[('pending', 'Not started'), ('running', 'Running'), ('paused', 'Waiting for a decision'), ('failed', 'Failed'), ('done', 'Done')], default='pending', max_length=8)),
                        ('queue', models.JSONField(blank=True, default=list, help_text='Move ids, first first.', verbose_name="the GM's order")),
                        ('plan', models.JSONField(blank=True, default=dict)),
                        ('settings', models.JSONField(blank=True, default=dict)),
                        ('start_state', models.JSONField(blank=True, default=dict)),
                        ('ledger', models.JSONField(blank=True, default=dict, help_text="The engine's scratch for this week.")),
                        ('next_index', models.PositiveIntegerField(default=0)),
                        ('total', models.PositiveIntegerField(default=0)),
                        ('pauses', models.PositiveIntegerField(default=0, help_text='Times it paused; a run seeing it change reloads.')),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('error', models.TextField(blank=True, verbose_name='why it failed')),
                        ('week', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='weekly_resolution', to='campaign.week')),
                    ],
                    options={
                        'db_table': 'campaign_weekresolution',
                    },
                ),
                migrations.AddConstraint(
                    model_name='character',
                    constraint=models.UniqueConstraint(fields=('campaign', 'user'), name='one_character_per_player_and_campaign'),
                ),
                migrations.AddConstraint(
                    model_name='character',
                    constraint=models.CheckConstraint(condition=models.Q(('status__in', ['alive', 'dead', 'out'])), name='character_status_known'),
                ),
                migrations.AddConstraint(
                    model_name='character',
                    constraint=models.CheckConstraint(condition=models.Q(('ritual_source__in', ['', 'computed', 'exchange'])), name='character_ritual_source_known'),
                ),
                migrations.AddConstraint(
                    model_name='character',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'out'), _negated=True), ('ever_out', True), _connector='OR'), name='an_out_character_was_out'),
                ),
                migrations.AddConstraint(
                    model_name='character',
                    constraint=models.CheckConstraint(condition=models.Q(('ritual_source', ''), ('knows_ritual_location', True), _connector='OR'), name='a_ritual_source_means_known'),
                ),
                migrations.AddIndex(
                    model_name='infoholding',
                    index=models.Index(fields=['campaign', 'holder'], name='campaign_in_campaig_b58724_idx'),
                ),
                migrations.AddConstraint(
                    model_name='infoholding',
                    constraint=models.UniqueConstraint(fields=('holder', 'companion', 'subject'), name='one_holding_per_pair'),
                ),
                migrations.AddConstraint(
                    model_name='infoholding',
                    constraint=models.CheckConstraint(condition=models.Q(('holder', models.F('subject')), _negated=True), name='no_info_about_oneself'),
                ),
                migrations.AddConstraint(
                    model_name='promise',
                    constraint=models.CheckConstraint(condition=models.Q(('promiser', models.F('beneficiary')), _negated=True), name='a_promise_to_another'),
                ),
                migrations.AddIndex(
                    model_name='weeklydecision',
                    index=models.Index(fields=['week', 'answered_at'], name='campaign_we_week_id_95f79b_idx'),
                ),
                migrations.AddConstraint(
                    model_name='weeklydecision',
                    constraint=models.UniqueConstraint(fields=('week', 'key'), name='one_decision_per_week_and_key'),
                ),
                migrations.AddConstraint(
                    model_name='weeklydecision',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('answered_at__isnull', True), ('answered_by__isnull', True)), ('answered_at__isnull', False), _connector='OR'), name='a_decision_answered_with_a_time'),
                ),
                migrations.AddIndex(
                    model_name='weeklymove',
                    index=models.Index(fields=['week', 'character'], name='campaign_we_week_id_8d3c64_idx'),
                ),
                migrations.AddConstraint(
                    model_name='moveresult',
                    constraint=models.UniqueConstraint(fields=('week', 'index'), name='one_result_per_plan_entry'),
                ),
                migrations.AddConstraint(
                    model_name='moveresult',
                    constraint=models.CheckConstraint(condition=models.Q(('status__in', ['resolved', 'invalid', 'lost', 'void', 'deferred'])), name='move_result_status_known'),
                ),
                migrations.AddConstraint(
                    model_name='weekresolution',
                    constraint=models.CheckConstraint(condition=models.Q(('next_index__lte', models.F('total'))), name='resolution_within_its_plan'),
                ),
                migrations.AddConstraint(
                    model_name='weekresolution',
                    constraint=models.CheckConstraint(condition=models.Q(('status', 'pending'), ('started_at__isnull', False), _connector='OR'), name='a_started_resolution_has_a_start'),
                ),
                migrations.AddConstraint(
                    model_name='weekresolution',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'done'), _negated=True), models.Q(('finished_at__isnull', False), ('next_index', models.F('total'))), _connector='OR'), name='a_done_resolution_resolved_everything'),
                ),
            ],
        ),
    ]
