from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = _("Referee")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A malformed rules pack must stop start-up with a message naming the file and entry,
        # not surface later as a 500 in the middle of a battle's aftermath.
        from referee.served_packs import packs

        packs()

        from campaign.lib.setting_words import register_setting_words
        from referee.tables import settings_arena, settings_doomtrooper, settings_skirmish

        register_setting_words("arena_duel", settings_arena.WORDS)  # the words of the live tables' settings
        register_setting_words("doomtrooper", settings_doomtrooper.WORDS)
        register_setting_words("skirmish_cards", settings_skirmish.WORDS)
