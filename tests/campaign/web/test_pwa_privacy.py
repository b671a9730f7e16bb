"""The service worker keeps pages per person and forgets them at logout (issue 30, finding 5): a page a player
saw must not be readable offline by the next person using the browser."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.world import World

pytestmark = pytest.mark.django_db


def test_each_logged_in_page_names_its_viewer_opaquely(world: World) -> None:
    keys = {}
    for user in (world.bob, world.carol):
        web = Client()
        web.force_login(user)
        keys[user.pk] = web.get(f"/campaigns/{world.campaign.pk}/")["X-Muster-Viewer"]
    assert len(set(keys.values())) == 2
    assert all(str(pk) != key and len(key) >= 16 for pk, key in keys.items())
    assert "X-Muster-Viewer" not in Client().get("/accounts/login/")


def test_logging_out_clears_the_browsers_copies(world: World) -> None:
    web = Client()
    web.force_login(world.bob)
    response = web.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'


def test_the_service_worker_keeps_copies_per_viewer(client: Client) -> None:
    script = client.get("/sw.js").content.decode()
    assert 'response.headers.get("X-Muster-Viewer")' in script
    assert "caches.open(PAGES + viewer)" in script
    assert "cache.put(request, copy)" not in script  # no copy into the shared cache any more
