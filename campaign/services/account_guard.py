"""One account rule for every door: the API's token login, the admin login and the web login (allauth).

- **A confirmed address first.** An account with an e-mail address on file (every sign-up has one) gets no
  token and no session until one of its addresses is confirmed; an account an admin made (no address on
  file to confirm) logs in as it always did.
- **Limits an attacker cannot turn against the owner.** Wrong passwords are counted per address (the
  client's IP) and per account *from that address*, in the store every process shares (the "throttle"
  cache: Redis when ``CACHE_URL`` is set, the database otherwise). Past the limit that address waits, the
  wait doubling with each further failure; the owner, from any other address, is never locked out, and a
  success clears the account's count from that address.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext
from rest_framework.throttling import BaseThrottle

from campaign.lib.throttles import shared_cache

BACKOFF_FIRST = 30  # seconds the first refused attempt past a limit waits; doubling from there
BACKOFF_CAP = 3600
FORGET_AFTER = 15 * 60  # a count with no new failure for this long is forgotten


def _clock() -> float:
    return time.time()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def client_address(request: HttpRequest) -> str:
    """Who the client is: its peer address, or the X-Forwarded-For entry ``NUM_PROXIES`` trusts (as the API
    throttles tell clients apart)."""
    return str(BaseThrottle().get_ident(request) or "")  # type: ignore[arg-type]  # reads META and headers only


def _keys(request: HttpRequest, login: str) -> list[tuple[str, int]]:
    address = _digest(client_address(request))
    account = _digest(login.strip().lower())
    return [
        (f"login-fail:addr:{address}", settings.LOGIN_FAILURES_PER_ADDRESS),
        (f"login-fail:acct:{account}:{address}", settings.LOGIN_FAILURES_PER_ACCOUNT),
    ]


def login_wait(request: HttpRequest, login: str) -> int:
    """Seconds this client must wait before it may try ``login`` again; 0 when it may try now."""
    now = _clock()
    waits = [0.0]
    for key, _limit in _keys(request, login):
        entry = shared_cache.get(key)
        if entry:
            waits.append(float(entry.get("until", 0)) - now)
    return max(0, int(max(waits) + 0.999))


def login_failed(request: HttpRequest, login: str) -> None:
    """Count one wrong password for ``login`` from this client; past a limit, start or double its wait."""
    now = _clock()
    for key, limit in _keys(request, login):
        entry = shared_cache.get(key) or {"count": 0, "until": 0}
        entry["count"] += 1
        over = entry["count"] - limit
        if over >= 0:
            entry["until"] = now + min(BACKOFF_FIRST * 2**over, BACKOFF_CAP)
        shared_cache.set(key, entry, timeout=FORGET_AFTER + max(0, int(entry["until"] - now)))


def login_succeeded(request: HttpRequest, login: str) -> None:
    """The right password: this client's count for this account starts again (its address's count stays, so
    an attacker's own account cannot be used to reset the guessing limit)."""
    shared_cache.delete(_keys(request, login)[1][0])


def too_many_attempts_message(wait: int) -> str:
    minutes = max(1, (wait + 59) // 60)
    return gettext("Too many wrong passwords from this address. Try again in %(minutes)d minutes.") % {
        "minutes": minutes
    }


def needs_confirmation(user: Any) -> bool:
    """True when ``user`` has an e-mail address on file and none of them is confirmed."""
    addresses = EmailAddress.objects.filter(user=user)
    return addresses.exists() and not addresses.filter(verified=True).exists()


def account_refusal(user: Any) -> str | None:
    """Why this (correctly authenticated) account may not have a token or a session yet; None when it may."""
    if not user.is_active:
        return gettext("This account is disabled.")
    if needs_confirmation(user):
        return gettext("Confirm your e-mail address first: open the link we sent you, then log in.")
    return None
