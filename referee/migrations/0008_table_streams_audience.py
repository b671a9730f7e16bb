"""Live tables' streams get their own audience (a table's, sealed until it closes): no campaign, week or user."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0010_event_visibility_staff'),
        ('referee', '0007_table_sessions'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='rollstream',
            name='a_stream_is_a_weeks_or_a_users',
        ),
        migrations.AlterField(
            model_name='rollstream',
            name='audience',
            field=models.CharField(choices=[('public', 'Every member of the campaign'), ('gm', "The campaign's GM"), ('self', "One member (the stream's viewer) and the GM"), ('party', "The stream's viewers, the organiser and the GM"), ('user', "One user's own stream, outside campaigns"), ('table', "A live table's stream: its rolls sealed until the table closes")], default='public', max_length=8, verbose_name='audience'),
        ),
        migrations.AddConstraint(
            model_name='rollstream',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('audience', 'user'), ('user__isnull', False), ('week__isnull', True)), models.Q(('audience', 'table'), ('campaign__isnull', True), ('user__isnull', True), ('week__isnull', True)), models.Q(models.Q(('audience__in', ['user', 'table']), _negated=True), ('campaign__isnull', False), ('user__isnull', True), ('week__isnull', False)), _connector='OR'), name='a_stream_is_a_weeks_a_users_or_a_tables'),
        ),
    ]
