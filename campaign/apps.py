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

        from allauth.account.signals import email_confirmed
        from django.contrib.auth import get_user_model
        from django.db.models.signals import pre_save

        from campaign.services import tokens

        def _password_saved(sender: object, instance: object, update_fields: object = None, **kwargs: object) -> None:
            tokens.password_saved_revoke(user=instance, update_fields=update_fields)

        def _email_confirmed(sender: object, email_address: object, **kwargs: object) -> None:
            tokens.email_confirmed_revoke(email_address=email_address)

        pre_save.connect(_password_saved, sender=get_user_model(), weak=False, dispatch_uid="muster-password-revoke")
        email_confirmed.connect(_email_confirmed, weak=False, dispatch_uid="muster-email-confirmed-revoke")
