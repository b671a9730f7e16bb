"""The arena's characters in the live tables' own app (label ``tables``): state only, campaign 0012 made the table."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0012_arena_character'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The table already exists under this name: only Django's picture of which app owns it changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='ArenaCharacter',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80, verbose_name='name')),
                        ('sheet', models.JSONField(default=dict, verbose_name='sheet')),
                        ('gear', models.JSONField(blank=True, default=list, verbose_name='gear')),
                        ('persistent_bennies', models.JSONField(blank=True, default=list, verbose_name='persistent bennies')),
                        ('wounds', models.PositiveSmallIntegerField(default=0, verbose_name='wounds')),
                        ('duels', models.PositiveIntegerField(default=0, verbose_name='duels fought')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='arena_characters', to='campaign.campaign')),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='arena_characters', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'campaign_arenacharacter',
                        'ordering': ['campaign_id', 'name', 'id'],
                        'constraints': [models.UniqueConstraint(fields=('campaign', 'name'), name='arena_character_name_unique_in_campaign'), models.CheckConstraint(condition=models.Q(('wounds__lte', 3)), name='arena_character_wounds_at_most_three')],
                    },
                ),
            ],
        ),
    ]
