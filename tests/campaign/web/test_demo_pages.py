"""The demo as a new user meets it (found trying `make run`): every page linked from the home page, as each
demo user, answers, and the decisions waiting for bob are titled in the page's language."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

_SKIP = re.compile(r"logout|/admin/|\.webmanifest|sw\.js|/static/|^https?:|^mailto:|^#")


def _client(name: str, language: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=name))
    client.post("/language/", {"language": language})
    return client


@pytest.fixture
def demo() -> None:
    call_command("load_demo", verbosity=0)


@pytest.mark.parametrize("name", ["alice", "bob", "carol", "gina"])
def test_every_page_linked_from_home_answers_for_each_demo_user_in_czech(demo: None, name: str) -> None:
    client = _client(name, "cs")
    seen: dict[str, int] = {}
    queue, came_from = ["/"], {"/": "/"}
    while queue and len(seen) < 120:
        url = queue.pop(0)
        if url in seen:
            continue
        response = client.get(url)
        seen[url] = response.status_code
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for href in re.findall(r'<a [^>]*href="([^"]+)"', response.content.decode()):
            path = urljoin(url, href.replace("&amp;", "&")).split("#")[0]
            if not _SKIP.search(href) and path not in seen and path not in queue:
                queue.append(path)
                came_from.setdefault(path, url)
    broken = {url: (code, came_from[url]) for url, code in seen.items() if code >= 400}
    assert len(seen) > 15 and not broken, broken


def test_the_decisions_page_titles_each_decision_in_the_page_s_language(demo: None) -> None:
    """Found trying the demo as bob in Czech: the titles were the kinds' slugs, "Ws or bs", "Sell wyrdstone"."""
    from roster.models import Aftermath, Decision, Warband

    bob = get_user_model().objects.get(username="bob")
    warband, aftermath = Warband.objects.get(owner=bob), Aftermath.objects.first()
    assert aftermath is not None
    question = {"name": "choice", "options": [{"value": "0", "label": "0"}]}
    for kind in ("ws_or_bs", "sell_wyrdstone"):
        Decision.objects.create(
            aftermath=aftermath,
            key=f"try-{kind}",
            kind=kind,
            warband=warband,
            chooser="player",
            answerer=bob,
            request={"questions": [question]},
        )
    page = _client("bob", "cs").get("/decisions/").content.decode()
    titles = [t.strip() for t in re.findall(r"<h2>([^<:]+)", page)]
    assert "Boj zblízka nebo Střelba" in titles and "Prodat úlomky pokřiveného kamene" in titles, titles


def test_a_page_a_player_may_not_open_says_so_in_the_page_s_language(demo: None) -> None:
    """Found trying the demo as bob: the organiser's week page answered a bare English "403 Forbidden"."""
    from campaign.management.commands.load_demo import DEMO_CAMPAIGN
    from campaign.models import Campaign

    response = _client("bob", "cs").get(f"/campaigns/{Campaign.objects.get(name=DEMO_CAMPAIGN).pk}/week/")
    page = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="cs">' in page and "Moje kampaně" in page and "Nepovoleno" in page
