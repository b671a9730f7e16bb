"""The one table the shared plumbing keeps: stored answers to retried writes."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from knox.settings import knox_settings


class IdempotencyRecord(models.Model):
    """The stored answer to a write sent with an Idempotency-Key (see campaign.lib.api.idempotency)."""

    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    fingerprint = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField(default=0)
    response_body = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "campaign_idempotencyrecord"  # created by the campaign app; the table kept its name
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_record_per_user_and_key")]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"


class ApiDevice(models.Model):
    """The name the owner gave the device an API token was issued to (knox keeps no name). One per token,
    made with it (``campaign.lib.apps``), gone with it."""

    token = models.OneToOneField(knox_settings.TOKEN_MODEL, on_delete=models.CASCADE, related_name="device")
    name = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return self.name or str(self.pk)
