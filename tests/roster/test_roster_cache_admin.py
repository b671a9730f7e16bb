"""An edit in the Django admin changes a roster as a service does: no reader is served the roster of before."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from roster.documents import cache as documents
from roster.models import Warband, Warrior
from tests.roster.helpers import hire, reikland
from tests.support.world import World

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    documents._RECENT.clear()
    yield
    cache.clear()
    documents._RECENT.clear()


@pytest.fixture
def admin(db: Any) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "x"))
    return client


def _form_data(admin: Client, url: str) -> dict[str, Any]:
    """What the admin's change form sends back unchanged: every field (and inline) as the page shows it."""
    response = admin.get(url)
    assert response.status_code == 200
    data: dict[str, Any] = {}
    forms = [response.context["adminform"].form]
    for formset in response.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        data.update(
            {management.add_prefix(n): f.value() for n, f in management.fields.items() for f in [management[n]]}
        )
        forms.extend(formset.formset.forms)
    for form in forms:
        for bound in form:
            value = bound.value()
            if value is None:
                continue
            if isinstance(value, bool):
                if value:
                    data[bound.html_name] = "on"
                continue
            data[bound.html_name] = value  # as the page renders it (JSON fields already as text)
    return data


def _read(world: World, warband: Warband, capture: Callable[..., Any]) -> dict[str, Any]:
    with capture(execute=True):
        response = world.client(world.carol).get(f"/api/v1/warbands/{warband.pk}/")
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def _names(body: dict[str, Any]) -> list[str]:
    return sorted(str(w["name"]) for w in body["warriors"])


def test_a_warrior_renamed_in_the_admin_is_what_the_next_reader_sees(
    world: World, admin: Client, django_capture_on_commit_callbacks: Any
) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    champion = hire(warband, "champion")
    before = _read(world, warband, django_capture_on_commit_callbacks)  # cached now
    url = f"/admin/roster/warrior/{champion.pk}/change/"
    data = {**_form_data(admin, url), "name": "Renamed in the admin"}
    assert admin.post(url, data).status_code == 302
    after = _read(world, warband, django_capture_on_commit_callbacks)
    assert "Renamed in the admin" in _names(after)
    assert _names(after) != _names(before)


def test_a_warband_edited_in_the_admin_with_its_warriors_inline_is_what_the_next_reader_sees(
    world: World, admin: Client, django_capture_on_commit_callbacks: Any
) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    cached = _read(world, warband, django_capture_on_commit_callbacks)
    url = f"/admin/roster/warband/{warband.pk}/change/"
    data = {**_form_data(admin, url), "name": "Edited in the admin", "warriors-0-xp": "7"}
    version = Warband.objects.get(pk=warband.pk).version
    assert admin.post(url, data).status_code == 302
    after = _read(world, warband, django_capture_on_commit_callbacks)
    assert after["name"] == "Edited in the admin"
    assert [w["xp"] for w in after["warriors"]] == [7]
    assert after != cached
    assert Warband.objects.get(pk=warband.pk).version > version


def test_a_warrior_deleted_in_the_admin_is_gone_for_the_next_reader(
    world: World, admin: Client, django_capture_on_commit_callbacks: Any
) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")
    champion = hire(warband, "champion")
    assert "champion" in str(_read(world, warband, django_capture_on_commit_callbacks))
    response = admin.post(f"/admin/roster/warrior/{champion.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Warrior.objects.filter(pk=champion.pk).exists()
    after = _read(world, warband, django_capture_on_commit_callbacks)
    assert champion.pk not in [w["id"] for w in after["warriors"]]
