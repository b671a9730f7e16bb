"""Small plumbing every app's web pages share: a service's refusal shown on the page it came from, 404s kept
secret. It needs no app (``campaign.lib``), so a game system's pages use it as the root's do."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from campaign.lib.errors import DomainError, NotFound

F = TypeVar("F", bound=Callable[..., HttpResponse])
T = TypeVar("T")


def back_to(request: HttpRequest, default: str) -> str:
    """Where the form came from (a safe ``next`` or the referring page of this site), else ``default``."""
    for candidate in (request.POST.get("next"), request.GET.get("next"), request.headers.get("referer")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return candidate
    return default


def not_found_is_404(view: F) -> F:
    """A selector's NotFound (a campaign the viewer may not know of) becomes the site's 404 page."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound:
            raise Http404 from None

    return wrapped  # type: ignore[return-value]


def form_post(view: F) -> F:
    """A view a form posts to: logged in, POST only, and a selector's NotFound the site's 404."""
    return cast(F, login_required(require_POST(not_found_is_404(view))))


@contextmanager
def refusals_as_messages(request: HttpRequest) -> Iterator[list[DomainError]]:
    """Run a service; a refusal (400/403/409) becomes an error message on the page, and nothing changed.

    The list it yields holds the refusal, so the caller can tell whether the command went through.
    """
    caught: list[DomainError] = []
    try:
        yield caught
    except NotFound:
        raise Http404 from None
    except DomainError as exc:
        caught.append(exc)
        messages.error(request, exc.detail)


def done(request: HttpRequest, text: str, to: str) -> HttpResponse:
    """A command went through: say so and show the page again (htmx follows the redirect)."""
    messages.success(request, text)
    return redirect(to)


def attempt(
    request: HttpRequest,
    write: Callable[[], T],
    text: str | Callable[[T], str],
    to: str | Callable[[T], str],
    back: str | None = None,
) -> HttpResponse:
    """Run one service write: its refusal shown on ``back`` (default ``to``) with nothing changed; else ``text``
    said and on to ``to`` (either may be a function of the write's result). The shape every posting form of
    the site shares."""
    with refusals_as_messages(request) as refused:
        result = write()
    if refused:
        if back is None:
            assert isinstance(to, str), "a destination made from the write's result needs a ``back``"
            back = to
        return redirect(back)
    return done(request, text(result) if callable(text) else text, to(result) if callable(to) else to)


def as_int(value: Any, default: int = 0) -> int:
    """A posted whole number, or ``default`` when it is missing or not one (ids that then match nothing)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def as_id(value: Any) -> int | None:
    """A posted id, or None when left empty (the stash, a bye, nobody)."""
    number = as_int(value, 0)
    return number or None
