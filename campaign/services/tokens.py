"""API tokens, one per device (django-rest-knox), at most ``TOKEN_LIMIT_PER_USER`` live per user; the owner
revokes any or all, and a new password or a newly confirmed address revokes them all."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from knox.models import AuthToken

from campaign.lib.errors import NotFound
from campaign.lib.models import ApiDevice


@transaction.atomic
def auth_token_issue(*, user: Any, limit: int | None, device: str = "") -> tuple[AuthToken, str]:
    """A new token for one more device of ``user``; returns the row and the token string.

    Past ``limit`` live tokens, the least recently used ones are revoked rather than the login
    refused: someone logging in on a new phone must get in, and the device that loses its token
    is the one idle the longest (it logs in again). Tokens renew their expiry on use
    (``AUTO_REFRESH``), so the earliest expiry is the least recent use. Expired tokens go too.
    """
    now = timezone.now()
    tokens = AuthToken.objects.filter(user=user)
    tokens.filter(expiry__lte=now).delete()
    instance, token = AuthToken.objects.create(user=user)
    ApiDevice.objects.update_or_create(token=instance, defaults={"name": device})
    if limit is not None:
        others = (
            tokens.filter(Q(expiry__gt=now) | Q(expiry__isnull=True))
            .exclude(pk=instance.pk)
            .order_by(F("expiry").desc(nulls_first=True), "-created")
            .values_list("pk", flat=True)
        )
        revoked = list(others[limit - 1 :])
        if revoked:
            AuthToken.objects.filter(pk__in=revoked).delete()
    return instance, token


def auth_token_revoke(*, user: Any, device_id: int) -> None:
    """Revoke one of ``user``'s devices; another person's device is as unknown as a device that never was."""
    deleted, _ = AuthToken.objects.filter(user=user, device__pk=device_id).delete()
    if not deleted:
        raise NotFound(gettext("No such device."))


def auth_tokens_revoke_all(*, user: Any) -> int:
    """Revoke every API token of ``user`` (every device logs in again); returns how many went."""
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return int(deleted)


def email_confirmed_revoke(*, email_address: Any) -> None:
    """An address is confirmed: whoever held a token without a confirmed address loses it. That is this account
    when this is its first confirmed address (its tokens were got unconfirmed) and every other account that
    claims the same address unconfirmed."""
    from allauth.account.models import EmailAddress

    owner = email_address.user
    if not EmailAddress.objects.filter(user=owner, verified=True).exclude(pk=email_address.pk).exists():
        auth_tokens_revoke_all(user=owner)
    claimants = (
        EmailAddress.objects.filter(email__iexact=email_address.email, verified=False)
        .exclude(user=owner)
        .values_list("user_id", flat=True)
    )
    AuthToken.objects.filter(user_id__in=list(claimants)).delete()


def password_saved_revoke(*, user: Any, update_fields: Any = None) -> None:
    """Before ``user`` is saved: when the save brings a new password (a change, a reset, the admin,
    ``changepassword``), every API token of the account is revoked. Other web sessions end by themselves
    (Django checks the password's hash in each session; the session that made the change is re-keyed)."""
    if user.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = type(user)._default_manager.filter(pk=user.pk).values_list("password", flat=True).first()
    if stored is not None and stored != user.password:
        auth_tokens_revoke_all(user=user)
