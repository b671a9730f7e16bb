"""Hardened by default when DEBUG is off (issue 30, finding 5): HSTS, the HTTPS redirect and the proxy's SSL
header from the environment; a Content-Security-Policy; ``Cache-Control: private, no-store`` on logged-in pages
and the roster PDF; the API schema served from the committed contract; ``check --deploy`` clean with the
production settings docs/deploy.md documents."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from campaign import envconf
from tests.support.world import World

ROOT = Path(__file__).resolve().parents[2]
# The subprocesses get none of the test process's SECURE_* or DJANGO_* (a browser test sets DJANGO_ALLOW_ASYNC_UNSAFE).

# The production environment docs/deploy.md documents (the names; the values a deployment would give).
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "deploy-check-secret-key-" + "x" * 40 + "-0123456789abcdef",
    "ALLOWED_HOSTS": "muster.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://muster.example.org",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO=https",
    "SITE_URL": "https://muster.example.org",
}


def _settings_of(env: dict[str, str], *names: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "DJANGO_"))}
    code = "import campaign.settings as s; " + "; ".join(f"print(repr(getattr(s, {n!r}, None)))" for n in names)
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "MUSTER_VAR_DIR": str(ROOT / "var"), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()


def test_with_debug_off_hsts_and_the_https_redirect_are_on_by_default() -> None:
    assert _settings_of(PRODUCTION, "SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER") == [
        "31536000",
        "True",
        "('HTTP_X_FORWARDED_PROTO', 'https')",
    ]


def test_the_environment_sets_hsts_the_redirect_and_the_proxy_header() -> None:
    env = {**PRODUCTION, "SECURE_HSTS_SECONDS": "600", "SECURE_SSL_REDIRECT": "0", "SECURE_PROXY_SSL_HEADER": ""}
    assert _settings_of(env, "SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER") == [
        "600",
        "False",
        "None",
    ]


def test_the_proxy_header_helper_refuses_what_it_cannot_read() -> None:
    assert envconf.env_proxy_ssl_header("H", environ_={"H": "HTTP_X_FORWARDED_PROTO=https"}) == (
        "HTTP_X_FORWARDED_PROTO",
        "https",
    )
    assert envconf.env_proxy_ssl_header("H", environ_={}) is None
    with pytest.raises(ImproperlyConfigured, match="H="):
        envconf.env_proxy_ssl_header("H", environ_={"H": "X-Forwarded-Proto"})


def test_check_deploy_is_clean_with_the_documented_production_settings() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "DJANGO_"))}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**clean, "MUSTER_VAR_DIR": str(ROOT / "var"), **PRODUCTION},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_docs_and_the_readme_name_every_hardening_variable() -> None:
    docs = (ROOT / "docs" / "deploy.md").read_text() + (ROOT / "README.md").read_text()
    for name in ("SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER"):
        assert docs.count(f"`{name}`") >= 2, name


@pytest.mark.django_db
def test_logged_in_pages_and_the_pdf_are_private_and_not_stored(world: World) -> None:
    from roster.models import Warband

    warband = Warband.objects.create(campaign=world.campaign, owner=world.bob, list_slug="reikland", name="Hans")
    web = Client()
    web.force_login(world.bob)
    for url in ("/", f"/campaigns/{world.campaign.pk}/", "/profile/", f"/warbands/{warband.pk}/sheet.pdf"):
        response = web.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "private, no-store", url
    api_pdf = world.client(world.bob).get(f"/api/v1/warbands/{warband.pk}/sheet.pdf")
    assert api_pdf.status_code == 200 and api_pdf["Cache-Control"] == "private, no-store"


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy_without_inline_script(client: Client) -> None:
    response = client.get("/accounts/login/")
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'" and "'unsafe-inline'" not in policy
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


@pytest.mark.django_db
def test_the_api_schema_is_the_committed_contract_and_costs_nothing_to_serve(world: World) -> None:
    response = world.client(world.bob).get("/api/v1/schema/")
    assert response.status_code == 200
    body = response.content
    assert body == (ROOT / "docs" / "api" / "openapi.yaml").read_bytes()
    assert "max-age" in response["Cache-Control"]
