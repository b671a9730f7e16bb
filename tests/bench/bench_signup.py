"""Sign-up answers in the same time whether or not the address is known (issue 30, finding 5).

An attacker who times ``POST /accounts/signup/`` must not learn which addresses have accounts: a new address
costs a password hash and a user row, a known one (allauth tells its owner by e-mail instead) cost neither and
answered more than ten times faster. Measured with the production password hasher, each way in the same run;
prints both medians and their ratio, asserts nothing about them.

    python -m tests.bench.bench_signup          # BENCH_N=20 sign-ups each way
"""

from __future__ import annotations

import itertools
import os

from tests.bench import django_env

PASSWORD = "correct horse battery staple 42"


def main() -> None:
    if not django_env.setup(need_postgres=False):
        return
    from django.contrib.auth import get_user_model
    from django.test import Client, override_settings

    n = int(os.environ.get("BENCH_N", "20"))
    with (
        django_env.test_database(),
        override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"],  # production's default
            ACCOUNT_RATE_LIMITS={"signup": None, "login_failed": None},
        ),
    ):
        get_user_model().objects.create_user("known", "known@example.org", PASSWORD)
        counter = itertools.count()

        def sign_up(email: str) -> None:
            number = next(counter)
            response = Client().post(
                "/accounts/signup/",
                {"email": email, "username": f"u{number}", "password1": PASSWORD, "password2": PASSWORD},
                REMOTE_ADDR=f"10.9.{number // 250}.{number % 250}",
            )
            assert response.status_code == 302, response.status_code

        known = django_env.median_seconds(lambda: sign_up("known@example.org"), repeat=n)
        new = django_env.median_seconds(lambda: sign_up(f"new{next(counter)}@example.org"), repeat=n)
    print(f"sign-up, known address: median {known * 1000:.1f} ms")
    print(f"sign-up, new address:   median {new * 1000:.1f} ms")
    print(f"ratio new / known: {new / known:.2f} (1.00: the answer tells nothing)")


if __name__ == "__main__":
    main()
