"""django-allauth's hooks: after a log-in (or the first one after sign-up) an invitation the visitor opened
waits for them, so "sign up, then join" is one path."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import get_random_string

from campaign.services import account_guard

PENDING_INVITATION = "muster_pending_invitation"


class AccountAdapter(DefaultAccountAdapter):
    def _login_of(self, credentials: dict[str, Any]) -> str:
        return str(credentials.get("email") or credentials.get("username") or "")

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        wait = account_guard.login_wait(request, self._login_of(credentials))
        if wait:
            raise forms.ValidationError(account_guard.too_many_attempts_message(wait), code="too_many_login_attempts")
        super().pre_authenticate(request, **credentials)

    def authenticate(self, request: HttpRequest, **credentials: Any) -> Any:
        user = super().authenticate(request, **credentials)
        if user is not None:
            account_guard.login_succeeded(request, self._login_of(credentials))
        return user

    def authentication_failed(self, request: HttpRequest, **credentials: Any) -> None:
        account_guard.login_failed(request, self._login_of(credentials))

    def get_login_redirect_url(self, request: HttpRequest) -> Any:
        code = request.session.get(PENDING_INVITATION)
        if code:
            return reverse("invitation-page", args=[code])
        return super().get_login_redirect_url(request)

    def get_signup_redirect_url(self, request: HttpRequest) -> Any:
        code = request.session.get(PENDING_INVITATION)
        if code:
            return reverse("invitation-page", args=[code])
        return super().get_signup_redirect_url(request)

    def get_email_verification_redirect_url(self, email_address: Any) -> Any:
        request = self.request
        code = request.session.get(PENDING_INVITATION) if request is not None else None
        if code:
            return reverse("invitation-page", args=[code])
        return super().get_email_verification_redirect_url(email_address)


class LoginForm(AllauthLoginForm):
    """A sign-up's address must be confirmed before its first log-in; an account made by an admin or the API
    (no address on file to confirm) logs in as it always did."""

    def _login_with_password(self, request: HttpRequest, redirect_url: Any, credentials: Any) -> Any:
        user = getattr(self, "user", None)
        if user is not None and not account_guard.needs_confirmation(user):
            self._login.email_verification = EmailVerificationMethod.NONE
        return super()._login_with_password(request, redirect_url, credentials)


class SignupForm(AllauthSignupForm):
    """A sign-up with an address that has an account makes none (allauth tells the owner by e-mail) but costs the
    password hash a new account costs, so the answer's time does not tell that the address is known
    (tests/bench/bench_signup.py measures both)."""

    def try_save(self, request: HttpRequest) -> Any:
        if self.account_already_exists:
            make_password(get_random_string(32))
        return super().try_save(request)
