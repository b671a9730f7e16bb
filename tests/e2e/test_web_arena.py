"""An arena duel on three phones (390x844), in a real browser: Gina loads both fighters' sheets and opens
the duel, Bob and Carol join with their characters from the campaign's tables list; Bob rolls Notice in
secret, rerolls it with a benny and accepts it, Gina announces its effect; Gambling, bans (one corrected by
Gina from her console) and the selection follow; in the fight the first fighter declares a hold whose
Agility is rerolled and accepted. Each page shows what it should and never the other fighter's hidden
values; every page checked (no sideways scroll, 44 px, axe-core)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.table_models import TableSession
from tests.e2e.conftest import check_page, log_in
from tests.support.world import World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WAIT = 15000
BOB_SECRETS = ("lockpicking", "first_strike", "miracles")
CAROL_SECRETS = ("sailing", "code_of_honour")


def _load_sheet(page: Any, owner: str, name: str, skills: str, edges: str, hindrances: str, arcane: str) -> None:
    page.select_option("#c-owner", label=owner)
    page.fill("#c-name", name)
    page.select_option("#c-agility", "8")
    page.fill("#c-skills", skills)
    page.fill("#c-edges", edges)
    page.fill("#c-hindrances", hindrances)
    page.fill("#c-arcane", arcane)
    page.fill("#c-charisma", "2" if owner == "bob" else "-1")
    page.click("text=Make the character")
    page.wait_for_selector("text=The character is made")


def _send(page: Any, label: str, **selects: Any) -> None:
    form = page.locator("#commands form", has=page.locator(f"button:text-is('{label}')"))
    for name, value in selects.items():
        form.locator(f"[name={name}]").select_option(value)
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"text=Sent: {label}.")


def _click(page: Any, text: str) -> None:
    page.locator(f"button:text-is('{text}')").first.click()
    page.wait_for_selector("text=Sent:")


def _never(page: Any, secrets: tuple[str, ...], where: str) -> None:
    html = page.content()
    for secret in secrets:
        assert secret not in html, f"{where}: {secret} leaked"


def _contest(gina: Any, fighters: list[Any]) -> None:
    """Both fighters accept their opposed roll and Gina compares, until it is decided."""
    for _round in range(10):
        for page in fighters:
            page.reload()
            button = page.locator("button:text-is('Accept Opposed roll')")
            if button.count():
                button.first.click()
                page.wait_for_selector("text=Sent:")
        gina.reload()
        compare = gina.locator("button:has-text('Compare the opposed roll')")
        if not compare.count():
            return
        compare.first.click()
        gina.wait_for_selector("text=Sent:")
    raise AssertionError("the opposed roll never ended")


def test_a_gm_and_two_fighters_run_a_duel_and_each_phone_keeps_its_secrets(
    live_server: Any, phones: Any, world: World
) -> None:
    url = live_server.url
    gina, bob, carol = phones(), phones(), phones()
    for page, name in ((gina, "gina"), (bob, "bob"), (carol, "carol")):
        log_in(page, url, name)
        page.wait_for_selector("text=Your campaigns")

    gina.goto(f"{url}/campaigns/{world.campaign.pk}/arena-characters/")
    _load_sheet(gina, "bob", "Ivan", "fighting d8, notice d10, gambling d6, lockpicking d10", "first strike",
                "loyal", "miracles")
    _load_sheet(gina, "carol", "Olga", "fighting d8, notice d6, gambling d6, sailing d12", "", "code of honour", "")
    assert "lockpicking d10" in gina.inner_text("#characters")
    check_page(gina, "arena-characters-gm")
    carol.goto(f"{url}/campaigns/{world.campaign.pk}/arena-characters/")
    assert "Ivan" in carol.inner_text("#characters") and "Charisma 2" in carol.inner_text("#characters")
    _never(carol, BOB_SECRETS, "the characters page")

    gina.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
    gina.check("#arena-crit")
    gina.click("text=Open an arena duel (you referee it)")
    gina.wait_for_selector("text=Duel opened")
    table = TableSession.objects.get(campaign=world.campaign, system="arena_duel").pk
    for page in (bob, carol):
        # The list links to the duel's join form (a seat needs a character), not to a Join that is refused.
        page.goto(f"{url}/campaigns/{world.campaign.pk}/tables/")
        assert page.locator(f"form[action='/tables/{table}/join/']").count() == 0
        if page is bob:
            check_page(page, "arena-tables-list")
        page.click(f"text=Choose a character to join duel {table}")
        page.wait_for_selector("#join")
        page.click("text=Join the duel")
        page.wait_for_selector("text=You have a seat at the duel.")
    gina.wait_for_selector("#seats-h ~ ul li:has-text('carol')", timeout=WAIT)
    gina.click("text=Open the duel (three bennies each)")
    gina.wait_for_selector("text=The game has started.")

    bob.reload()
    assert "lockpicking d10" in bob.inner_text("#mine") and "3 for this duel" in bob.inner_text("#mine")
    _send(bob, "Roll Notice on the opponent")
    bob.click("text=Reroll Notice (information) with a benny")
    bob.wait_for_selector("text=Sent: Reroll with a benny.")
    mine = bob.inner_text("#mine")
    assert "2 for this duel" in mine and "rerolled once" in mine
    check_page(bob, "arena-bob-rerolled")
    bob.click("text=Accept Notice (information)")
    bob.wait_for_selector("text=accepted, waiting for the GM")

    gina.reload()
    console = gina.inner_text("#gm-console")
    assert "lockpicking d10" in console and "sailing d12" in console and "rerolled once" in console
    gina.fill("[id^=effect-]", "Ivan sizes Olga up.")
    gina.click("text=Announce Notice (information)")
    gina.wait_for_selector("text=Sent: Announce the effect.")
    check_page(gina, "arena-gm-console")
    bob.wait_for_selector("#log li:has-text('The GM: Ivan sizes Olga up.')", timeout=WAIT)

    carol.reload()
    page_text = carol.inner_text("main")
    assert "3 for this duel" in carol.inner_text("#mine") and "sailing d12" in carol.inner_text("#mine")
    assert "Ivan sizes Olga up" not in page_text and "rerolled" not in page_text and "2 for this duel" not in page_text
    _never(carol, BOB_SECRETS, "Carol's duel page")
    _never(bob, CAROL_SECRETS, "Bob's duel page")
    check_page(carol, "arena-carol-prep")

    # A preparation step: Gambling, then the bans and the hidden selection.
    _send(gina, "Next step")
    _contest(gina, [bob, carol])
    gina.reload()
    _send(gina, "Next step")
    pages = {"bob": bob, "carol": carol}
    banner = next(n for n, p in pages.items() if (p.reload() or True) and p.locator(
        "button:text-is('Ban a weapon group')").count())
    _send(pages[banner], "Ban a weapon group", group="bows")
    other = "carol" if banner == "bob" else "bob"
    pages[other].reload()
    _send(pages[other], "Ban a weapon group", group="crossbow")
    _send(pages[other], "No more bans")
    # Gina corrects the first ban from the console: the command's own field, filled in with what was sent.
    gina.reload()
    gina.click("#amend summary")
    correction = gina.locator("#amend form", has=gina.locator("input[value='bows']"))
    correction.locator("input[name=group]").fill("thrown")
    check_page(gina, "arena-gm-correction")
    correction.locator("button[type=submit]").click()
    gina.wait_for_selector("text=The command was corrected.")
    pages[other].reload()
    assert "Banned: thrown, crossbow" in pages[other].inner_text("#duel")
    _send(gina, "Next step")
    bob.reload()
    _send(bob, "Choose my items", items=["long_sword", "leather_armour"])
    carol.reload()
    assert "long_sword" not in carol.inner_text("#fighters")  # hidden until both have chosen
    _send(carol, "Choose my items", items=["spear"])
    bob.reload()
    assert "spear" in bob.inner_text("#fighters")
    gina.reload()
    _send(gina, "Next step")
    _send(gina, "Next step")
    _send(gina, "Give the signal (opposed Notice)")
    _contest(gina, [bob, carol])

    # The first turn: a declaration with a hidden hold, its Agility rerolled with a benny and accepted.
    first = next(n for n, p in pages.items() if (p.reload() or True) and p.locator("#declare").count())
    page, watcher = pages[first], pages["carol" if first == "bob" else "bob"]
    item = "long_sword" if first == "bob" else "spear"
    page.fill("#d-move", "3" if first == "bob" else "22")
    page.select_option("#d-kind", "ready")
    page.select_option("#d-item", item)
    page.fill("#d-trigger", "1")
    page.select_option("#d-hkind", "attack")
    page.select_option("#d-hitem", item)
    page.click("#declare button[type=submit]")
    page.wait_for_selector("text=Declared.")
    assert "triggers at distance 1" in page.inner_text("#mine")
    page.click("text=Reroll Hold: Agility with a benny")
    page.wait_for_selector("text=Sent: Reroll with a benny.")
    page.click("text=Accept Hold: Agility")
    page.wait_for_selector("text=Sent: Accept the roll.")
    assert "rerolled once" in page.inner_text("#mine")
    check_page(page, "arena-fighter-hold")
    watcher.reload()
    seen = watcher.inner_text("main")
    assert "Declared: move to square" in seen and "triggers at distance" not in seen and "Hold" not in seen
    assert watcher.locator("#lane li").count() == 26
    check_page(watcher, "arena-watcher-lane")
    gina.reload()
    assert "triggers at distance 1" in gina.inner_text("#gm-console")
