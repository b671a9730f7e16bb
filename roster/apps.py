from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RosterConfig(AppConfig):
    name = "roster"
    verbose_name = _("Rosters")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from roster.summaries import register

        register()  # how the Mordheim timeline events read

        from campaign.lib.setting_words import register_setting_words
        from roster.setting_words import WORDS

        register_setting_words("mordheim", WORDS)  # the words of the Mordheim settings

        from campaign.selectors.timeline import register_party_rule
        from roster.selectors.battles import party_events_q

        register_party_rule(party_events_q)  # who sees a battle's injuries, deaths and advances
