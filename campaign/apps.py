from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from campaign.league_words import WORDS
        from campaign.lib.setting_words import register_setting_words

        register_setting_words("league", WORDS)  # the words of the league's own settings
