"""The notification inbox: one service every app calls to tell a person something, in-app and by e-mail.

A notice is stored once per (user, kind, key), so a retried task or a second sweep never
tells anybody twice; its text is written at read time in the reader's language from the
kind and its ``params``. E-mail goes after commit, in the recipient's language, only for
the kinds they chose (every kind until they choose).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.lib.errors import RuleViolation
from campaign.models import Campaign, Membership, Notification, Profile, Week

logger = logging.getLogger(__name__)

Kind = Notification.Kind

#: What each kind says; ``%(...)s`` names come from the notice's params.
TEXTS: dict[str, Any] = {
    Kind.INVITED: gettext_lazy("You are invited to %(campaign)s as %(role)s."),
    Kind.PAIRED: gettext_lazy("Week %(week)s of %(campaign)s: %(warband)s meets %(opponent)s."),
    Kind.REPORT_TO_CONFIRM: gettext_lazy("%(reporter)s reported your battle against %(opponent)s: please confirm it."),
    Kind.DECISION: gettext_lazy("A decision waits for you in %(campaign)s: %(what)s."),
    Kind.DEADLINE: gettext_lazy("Week %(week)s of %(campaign)s ends within 24 hours."),
    Kind.WEEK_RESOLVED: gettext_lazy("Week %(week)s of %(campaign)s was resolved."),
    Kind.WARBAND_APPROVED: gettext_lazy("Your warband %(warband)s was approved."),
    Kind.WARBAND_SENT_BACK: gettext_lazy("Your warband %(warband)s was sent back: %(reason)s"),
}


def notice_text(notice: Notification) -> str:
    """The notice as a sentence in the active language; a param missing shows as empty, never as a crash."""
    params = {k: (str(v) if v is not None else "") for k, v in notice.params.items()}
    if "role" in params:
        params["role"] = str(Membership.Role(params["role"]).label) if params["role"] in Membership.Role.values else ""
    template = str(TEXTS.get(notice.kind, "%(text)s"))
    try:
        return template % params
    except KeyError:
        return str(Kind(notice.kind).label) if notice.kind in Kind.values else notice.kind


def profile_of(user: Any) -> Profile:
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


def wants_email(profile: Profile, kind: str) -> bool:
    return bool(profile.user.email) and (not profile.email_chosen or kind in profile.email_kinds)


def notify(
    *,
    user: Any,
    kind: str,
    key: str,
    campaign: Campaign | None = None,
    params: Mapping[str, Any] | None = None,
    url: str = "",
) -> Notification | None:
    """Put a notice in ``user``'s inbox (once per kind and key); e-mail it after commit if they want it.

    Returns the new notice, or None when this one was already there (or there is nobody to tell).
    """
    if user is None or kind not in Kind.values:
        return None
    data = {"campaign": campaign.name if campaign else "", **dict(params or {})}
    with transaction.atomic():
        notice, created = Notification.objects.get_or_create(
            user=user, kind=kind, key=key[:80], defaults={"campaign": campaign, "params": data, "url": url}
        )
    if created and user.email and wants_email(profile_of(user), kind):
        # robust: a mail server that is down must not turn a stored notice into an error page.
        transaction.on_commit(lambda: notice_email(notification_id=notice.pk), robust=True)
    return notice if created else None


@dataclass(frozen=True)
class Notice:
    """One notice for ``notify_all``: the arguments of ``notify``."""

    user: Any
    kind: str
    key: str
    campaign: Campaign | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    url: str = ""


def notify_all(notices: Iterable[Notice]) -> list[Notification]:
    """``notify`` for many notices at once: one query for those already stored, one INSERT for the new ones.

    For callers whose keys no other transaction can write at the same time (a battle's decisions, under
    its aftermath's lock): a concurrent duplicate would fail the INSERT rather than be skipped.
    """
    wanted = [n for n in notices if n.user is not None and n.kind in Kind.values]
    if not wanted:
        return []
    which = Q()
    for n in wanted:
        which |= Q(user_id=n.user.pk, kind=n.kind, key=n.key[:80])
    seen = set(Notification.objects.filter(which).values_list("user_id", "kind", "key"))
    rows: list[Notification] = []
    for n in wanted:
        ident = (n.user.pk, n.kind, n.key[:80])
        if ident in seen:
            continue
        seen.add(ident)
        data = {"campaign": n.campaign.name if n.campaign else "", **dict(n.params)}
        rows.append(Notification(user=n.user, kind=n.kind, key=ident[2], campaign=n.campaign, params=data, url=n.url))
    Notification.objects.bulk_create(rows)
    profiles: dict[int, Profile] = {}
    for row in rows:
        if row.user.email:
            profile = profiles.get(row.user.pk) or profiles.setdefault(row.user.pk, profile_of(row.user))
            if wants_email(profile, row.kind):
                transaction.on_commit(functools.partial(notice_email, notification_id=row.pk), robust=True)
    return rows


def notify_members(
    *,
    campaign: Campaign,
    kind: str,
    key: str,
    roles: Iterable[str] | None = None,
    params: Mapping[str, Any] | None = None,
    url: str = "",
) -> int:
    """The same notice to every active member of ``campaign`` (in ``roles`` when given); returns how many were new.

    As :func:`notify` for each member, in a few queries for the whole campaign (a league of hundreds is told
    at every week's close): the notices not there yet are inserted together.
    """
    members = Membership.objects.filter(campaign=campaign, left_at__isnull=True).select_related("user")
    if roles is not None:
        members = members.filter(role__in=list(roles))
    if kind not in Kind.values:
        return 0
    users = {m.user_id: m.user for m in members if m.user is not None}
    data = {"campaign": campaign.name if campaign else "", **dict(params or {})}
    key = key[:80]
    with transaction.atomic():
        mine = Notification.objects.filter(kind=kind, key=key, user_id__in=list(users))
        had = set(mine.values_list("user_id", flat=True))
        fresh = [uid for uid in users if uid not in had]
        Notification.objects.bulk_create(
            [Notification(user_id=uid, kind=kind, key=key, campaign=campaign, params=data, url=url) for uid in fresh],
            ignore_conflicts=True,  # a notice that another run put there meanwhile stays the one
        )
        created = dict(mine.filter(user_id__in=fresh).values_list("user_id", "pk"))
    for uid, pk in created.items():
        user = users[uid]
        if user.email and wants_email(profile_of(user), kind):
            transaction.on_commit(partial(notice_email, notification_id=pk), robust=True)
    return len(created)


def _site_url(path: str) -> str:
    base = getattr(settings, "SITE_URL", "") or ""
    return f"{base.rstrip('/')}{path}" if path.startswith("/") else path


def notice_email(*, notification_id: int) -> bool:
    """E-mail one notice if its user wants that kind and it was not sent yet (claimed by a conditional update)."""
    notice = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notice is None or notice.emailed_at is not None:
        return False
    profile = profile_of(notice.user)
    if not wants_email(profile, notice.kind):
        return False
    if not Notification.objects.filter(pk=notice.pk, emailed_at__isnull=True).update(emailed_at=timezone.now()):
        return False
    with translation.override(profile.language or settings.LANGUAGE_CODE):
        text = notice_text(notice)
        body = render_to_string(
            "campaign/email/notice.txt", {"text": text, "url": _site_url(notice.url), "user": notice.user}
        )
        try:
            send_mail(f"[Muster] {text}"[:200], body, None, [notice.user.email])
        except OSError:
            Notification.objects.filter(pk=notice.pk).update(emailed_at=None)  # the next delivery tries again
            raise
    return True


def invitation_email(*, invitation: Any, email: str, link: str, actor: Any) -> bool:
    """Send an invitation link to an address, now (the invitation is stored: call it after its transaction);
    a user who has that address also finds it in their inbox. False when the e-mail could not be sent (the
    server refused it, or the campaign's name cannot be a subject): the organiser must be told, not "sent"."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    for user in get_user_model().objects.filter(email__iexact=email, is_active=True):
        notify(
            user=user,
            kind=Kind.INVITED,
            key=f"invitation:{invitation.pk}",
            campaign=invitation.campaign,
            params={"role": invitation.role},
            url=link,
        )
        language = profile_of(user).language or language

    with translation.override(language):
        body = render_to_string(
            "campaign/email/invitation.txt",
            {"campaign": invitation.campaign, "link": link, "actor": actor, "invitation": invitation},
        )
        subject = _("[Muster] You are invited to %(campaign)s") % {"campaign": invitation.campaign.name}
    try:
        send_mail(subject, body, None, [email])
    except Exception:  # BadHeaderError, SMTP errors, a refused connection: all are "not sent"
        logger.exception("invitation %s: the e-mail to %s could not be sent", invitation.pk, email)
        return False
    return True


def notices_deadline(*, now: datetime | None = None) -> int:
    """Tell the players of every open week whose deadline falls within 24 hours (once per week)."""
    now = now or timezone.now()
    sent = 0
    weeks = Week.objects.filter(
        status=Week.Status.OPEN, deadline__gt=now, deadline__lte=now + timedelta(hours=24)
    ).select_related("campaign")
    for week in weeks:
        sent += notify_members(
            campaign=week.campaign,
            kind=Kind.DEADLINE,
            key=f"week:{week.pk}",
            roles=[Membership.Role.PLAYER],
            params={"week": week.number, "deadline": week.deadline.isoformat()},
            url=f"/campaigns/{week.campaign_id}/",
        )
    return sent


@transaction.atomic
def notifications_read(*, user: Any, ids: Iterable[int] | None = None) -> int:
    """Mark the user's notices read (all unread ones when ``ids`` is None); returns how many changed."""
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    return rows.update(read_at=timezone.now())


@transaction.atomic
def profile_update(
    *, user: Any, language: str | None = None, time_zone: str | None = None, email_kinds: Iterable[str] | None = None
) -> Profile:
    """Change what the user's profile keeps; unknown values are refused by the caller's form, checked again here."""
    profile = Profile.objects.select_for_update().get(pk=profile_of(user).pk)
    if language is not None:
        if language and language not in dict(settings.LANGUAGES):
            raise RuleViolation(_("Unknown language."), code="invalid_language", field="language")
        profile.language = language
    if time_zone is not None:
        if time_zone:
            try:
                ZoneInfo(time_zone)
            except (ZoneInfoNotFoundError, ValueError):
                raise RuleViolation(
                    _("Unknown time zone; use a name such as Europe/Prague."),
                    code="invalid_time_zone",
                    field="time_zone",
                ) from None
        profile.time_zone = time_zone
    if email_kinds is not None:
        kinds = sorted(set(email_kinds))
        unknown = [k for k in kinds if k not in Kind.values]
        if unknown:
            raise RuleViolation(
                _("Unknown kind of notice."), code="invalid_notice_kind", field="email_kinds"
            )
        profile.email_kinds, profile.email_chosen = kinds, True
    profile.save()
    return profile
