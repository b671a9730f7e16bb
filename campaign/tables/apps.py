from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """The live tables of a campaign (Doomtrooper, the skirmish, the arena duel) and the arena's characters."""

    name = "campaign.tables"
    label = "tables"
    verbose_name = _("Tables")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from campaign.tables.services.characters import character_seat_options
        from campaign.tables.services.tables import ARENA, LiveHooks, duel_fought, register_live_hooks

        register_live_hooks(ARENA, LiveHooks(seat_options=character_seat_options, closed=duel_fought))

        from campaign.tables.summaries import register

        register()  # how the live tables' timeline events read

        from campaign.lib.engine_words import register_engine_words
        from campaign.tables.words import doomtrooper

        register_engine_words(doomtrooper.SYSTEM, doomtrooper.WORDS)
