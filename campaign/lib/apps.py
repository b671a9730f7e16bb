from django.apps import AppConfig


class LibConfig(AppConfig):
    """The shared plumbing as an app only so that its one model (``IdempotencyRecord``) has a home."""

    name = "campaign.lib"
    label = "lib"
    verbose_name = "Muster plumbing"
    default_auto_field = "django.db.models.BigAutoField"
