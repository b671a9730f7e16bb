"""Each game system's settings through the product path: the API's settings read/write (typed per system) and
the organiser's settings page; a bad value is refused with words saying what is allowed, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils.html import escape

from campaign.models import Campaign, Profile
from campaign.services.campaigns import campaign_create, rules_pack_pinned
from tests.support.world import World

pytestmark = pytest.mark.django_db

# system: (rules pack, a good change, the stored value it leads to, a bad change)
CASES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "mordheim": (
        "mordheim",
        {"arm_wound_restriction": "one_handed_weapons_only", "occupy_max_turns": 6},
        {"arm_wound_restriction": "both"},
    ),
    "weekly_moves": ("weekly_moves", {"death_rule": "preparedness_floor", "info_cap": 2}, {"info_cap": 0}),
    "doomtrooper": ("doomtrooper-sample", {"deck_mode": "app_held", "vp_target": 30}, {"deck_mode": "robots"}),
    "skirmish_cards": (
        "skirmish_cards",
        {"roll_off_die": "d20", "profile_hp": {"gunslinger": 3}},
        {"roll_off_die": "d12"},
    ),
    "arena_duel": (
        "arena_duel_swd",
        {"unskilled_die": 6, "prep_order": ["prep_gambling", "prep_info", "prep_bans", "prep_selection", "prep_final"]},
        {"prep_order": ["prep_bans", "prep_gambling", "prep_info", "prep_selection", "prep_final"]},
    ),
}
# What the refusal says is allowed, in English and in Czech.
ALLOWED = {
    "mordheim": ("A single one-handed weapon; One-handed weapons only", "Jediná jednoruční zbraň"),
    "weekly_moves": ("of at least 1", "alespoň 1"),
    "doomtrooper": ("Must be one of:", "Musí být jedno z:"),
    "skirmish_cards": ("Must be one of:", "Musí být jedno z:"),
    "arena_duel": ("keep that order", "zachovejte toto pořadí"),
}


def _campaign(world: World, slug: str) -> Campaign:
    pack = rules_pack_pinned(slug=CASES[slug][0])
    return campaign_create(name=f"{slug} league", rules_pack=pack, organiser=world.alice, time_zone="UTC")


@pytest.mark.parametrize("slug", list(CASES))
def test_the_api_reads_and_changes_each_systems_settings_typed(world: World, slug: str) -> None:
    campaign = _campaign(world, slug)
    url = f"/api/v1/campaigns/{campaign.pk}/settings/"
    client = world.client(world.alice)
    got = client.get(url).json()
    assert got["system"] == slug
    assert set(got["settings"]) >= set(CASES[slug][1])
    changed = client.patch(url, {"settings": CASES[slug][1]}, format="json")
    assert changed.status_code == 200, changed.json()
    for name, value in CASES[slug][1].items():
        assert changed.json()["settings"][name] == value
        assert Campaign.objects.get(pk=campaign.pk).settings[name] == value


@pytest.mark.parametrize("slug", list(CASES))
@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_api_refuses_a_bad_value_with_words_and_changes_nothing(world: World, slug: str, language: str) -> None:
    campaign = _campaign(world, slug)
    before = Campaign.objects.get(pk=campaign.pk).settings
    bad = CASES[slug][2]
    response = world.client(world.alice).patch(
        f"/api/v1/campaigns/{campaign.pk}/settings/",
        {"settings": bad},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_setting" and list(body["fields"]) == list(bad)
    words = body["fields"][next(iter(bad))][0]
    assert ALLOWED[slug][0 if language == "en" else 1] in words
    assert next(iter(bad)) not in body["detail"]  # the setting's label, not its name
    assert Campaign.objects.get(pk=campaign.pk).settings == before


def test_a_weekly_campaigns_settings_have_no_mordheim_setting(world: World) -> None:
    campaign = _campaign(world, "weekly_moves")
    got = world.client(world.alice).get(f"/api/v1/campaigns/{campaign.pk}/settings/").json()
    assert not {"points_win", "rematch_weeks", "rosters_private", "occupy_max_turns"} & set(got["settings"])
    assert not {"points_win", "rosters_private"} & {d["name"] for d in got["league"]}
    page = world.browser(world.alice).get(f"/campaigns/{campaign.pk}/settings/").content.decode()
    assert 'name="moves_per_week"' in page and 'name="deadline_time"' in page
    assert "<legend>Weekly moves (intrigue)</legend>" in page  # the system's own group, by its name
    for name in ("points_win", "rematch_weeks", "rosters_private", "arm_wound_restriction", "occupy_max_turns"):
        assert f'name="{name}"' not in page


@pytest.mark.parametrize("slug", list(CASES))
def test_the_settings_page_changes_each_systems_settings_and_refuses_a_bad_value(world: World, slug: str) -> None:
    campaign = _campaign(world, slug)
    browser = world.browser(world.alice)
    url = f"/campaigns/{campaign.pk}/settings/"
    form = browser.get(url).context["form"]
    posted = {name: form[name].value() for name in form.fields}
    posted = {k: v for k, v in posted.items() if v is not None and v is not False}
    name, value = next(iter(CASES[slug][1].items()))
    posted[name] = ",".join(value) if isinstance(value, list) else value
    response = browser.post(url, posted, follow=True)
    assert "Settings saved." in response.content.decode(), response.context["form"].errors
    assert Campaign.objects.get(pk=campaign.pk).settings[name] == value
    before = Campaign.objects.get(pk=campaign.pk).settings
    bad_name, bad_value = next(iter(CASES[slug][2].items()))
    posted[bad_name] = ",".join(bad_value) if isinstance(bad_value, list) else bad_value
    refused = browser.post(url, posted)
    assert refused.status_code == 200 and bad_name in refused.context["form"].errors
    assert Campaign.objects.get(pk=campaign.pk).settings == before


@pytest.mark.parametrize(
    ("language", "expected"), [("ru", "Одно одноручное оружие"), ("cs", "Jediná jednoruční zbraň")]
)
def test_the_settings_page_renders_in_russian_and_czech_with_help_and_no_code_as_words(
    world: World, language: str, expected: str
) -> None:
    Profile.objects.update_or_create(user=world.alice, defaults={"language": language})
    page = world.browser(world.alice).get(f"/campaigns/{world.campaign.pk}/settings/")
    html = page.content.decode()
    assert expected in html
    form = page.context["form"]
    for name, field in form.fields.items():
        assert str(field.help_text), name
        assert escape(str(field.help_text)) in html
        for code, said in getattr(field, "choices", []):
            assert str(said) != str(code), (name, code)
            assert f">{code}<" not in html
