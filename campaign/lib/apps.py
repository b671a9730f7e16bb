from django.apps import AppConfig


class LibConfig(AppConfig):
    """The shared plumbing as an app only so that its one model (``IdempotencyRecord``) has a home."""

    name = "campaign.lib"
    label = "lib"
    verbose_name = "Muster plumbing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # allauth counts its limits (sign-ups, reset e-mails, log-ins per address) in Django's default cache,
        # which is one process's memory without Redis: count them in the store the API throttles use, which
        # every process shares (Redis when CACHE_URL is set, the database otherwise).
        from allauth.core.internal import ratelimit

        from campaign.lib.throttles import shared_cache

        ratelimit.cache = shared_cache

        from django.db.models.signals import post_save
        from knox.models import AuthToken

        post_save.connect(_device_for_token, sender=AuthToken, dispatch_uid="muster-api-device")


def _device_for_token(sender: object, instance: object, created: bool, **kwargs: object) -> None:
    """Every API token, however it was issued, is a device the owner sees on the profile and can revoke."""
    if created:
        from campaign.lib.models import ApiDevice

        ApiDevice.objects.get_or_create(token=instance)
