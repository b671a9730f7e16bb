from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WeeklyConfig(AppConfig):
    """The secret weekly-moves game (the intrigue system) on the league's weeks."""

    name = "campaign.weekly"
    label = "weekly"
    verbose_name = _("Secret weekly moves")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from campaign.services.resolvers import register_week_resolver
        from campaign.weekly.resolver import resolve_weekly_moves

        register_week_resolver("weekly_moves", resolve_weekly_moves)

        from campaign.weekly.summaries import register

        register()  # how the weekly-moves timeline events read

        from campaign.lib.setting_words import register_setting_words
        from campaign.weekly.setting_words import WORDS

        register_setting_words("weekly_moves", WORDS)  # the words of the weekly-moves settings
