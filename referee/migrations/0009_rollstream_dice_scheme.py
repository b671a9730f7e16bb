"""Roll streams record their dice scheme: every existing stream keeps scheme 1 (its rolls were drawn from 32-bit
words), streams opened from now on use scheme 2 (one byte a die up to 256 sides; referee/engine/dice/hmac_streams.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('referee', '0008_table_streams_audience'),
    ]

    operations = [
        migrations.AddField(
            model_name='rollstream',
            name='scheme',
            field=models.PositiveSmallIntegerField(
                default=1,
                help_text='How the HMAC blocks become faces (referee/engine/dice/hmac_streams.py): fixed when it opens.',
                verbose_name='dice scheme',
            ),
        ),
        migrations.AlterField(
            model_name='rollstream',
            name='scheme',
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text='How the HMAC blocks become faces (referee/engine/dice/hmac_streams.py): fixed when it opens.',
                verbose_name='dice scheme',
            ),
        ),
    ]
