"""ArenaCharacter now belongs to the live tables' app (tables 0001): state only, its table and rows stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0012_arena_character'),
        ('tables', '0001_arena_character_from_campaign'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name='ArenaCharacter')],
        ),
    ]
