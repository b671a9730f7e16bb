"""IdempotencyRecord in the shared plumbing's app: state only, the table was made by campaign 0003."""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0003_idempotency_record'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The tables already exist under these names: only Django's picture of which app owns them changes.
    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='IdempotencyRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=100)),
                        ('fingerprint', models.CharField(max_length=64)),
                        ('response_status', models.PositiveSmallIntegerField(default=0)),
                        ('response_body', models.JSONField(blank=True, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'campaign_idempotencyrecord',
                        'constraints': [models.UniqueConstraint(fields=('user', 'key'), name='one_record_per_user_and_key')],
                    },
                ),
            ],
        ),
    ]
