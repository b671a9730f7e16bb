"""Issue 13's "done when": a league runs a whole week in the browser alone, on phones (390x844), each person in
their own language. The organiser (English) creates a Mordheim campaign and invites by e-mail; two new players sign
up from the invitation mails (Nadia's browser speaks Russian, Tomas switches to Czech from the menu), found and fill
warbands, get them approved, play, report and confirm, watch the aftermath and answer a decision; the week closes.
Then a weekly-moves campaign: the GM gives them characters, they send, change and withdraw secret moves, the GM
resolves, a strong hit waits for Nadia's decision, and both read their results. Every page visited is checked."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.core import mail

from campaign.models import Campaign, Invitation, Membership, Profile, Week
from campaign.weekly.models import Character, WeeklyDecision, WeeklyMove
from roster.models import Aftermath, Battle, Decision, Warband
from tests.campaign.weekly.conftest import weekly_pack
from tests.e2e.conftest import check_page, log_in
from tests.support.dice import DiceScript
from tests.support.world import PASSWORD, World

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _wait(condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, f"still waiting for {what}"
        time.sleep(0.25)


def _invite_by_mail(alice: Any, url: str, campaign: Campaign, email: str, role: str = "player") -> str:
    alice.goto(f"{url}/campaigns/{campaign.pk}/invitations/")
    alice.select_option("#id_role", role)
    alice.fill("#id_email", email)
    sent = len(mail.outbox)
    alice.click("text=Make an invitation link")
    alice.wait_for_selector(f"text=Invitation sent to {email}.")
    _wait(lambda: len(mail.outbox) > sent, "the invitation mail")
    message = mail.outbox[-1]
    assert message.to == [email]
    link = re.search(r"https?://\S+/join/\S+/", str(message.body))
    assert link is not None, message.body
    return link.group(0)


def _sign_up(page: Any, link: str, username: str, email: str) -> None:
    """From the invitation mail's link: sign up, confirm the address from the second mail, join."""
    page.goto(link)
    check_page(page, f"league-invitation-{username}")
    page.click("main a[href^='/accounts/signup/']")
    page.fill("input[name=email]", email)
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    check_page(page, f"league-signup-{username}")
    sent = len(mail.outbox)
    page.click("main button[type=submit]")
    _wait(lambda: len(mail.outbox) > sent, "the confirmation mail")
    confirm = re.search(r"https?://\S+/accounts/confirm-email/\S+", str(mail.outbox[-1].body))
    assert confirm is not None
    page.goto(confirm.group(0))
    page.click("main button[type=submit]")
    page.wait_for_selector("main form[method=post] button[type=submit]")
    page.click("main form[method=post] button[type=submit]")  # Join


def _found_warband(page: Any, url: str, campaign: Campaign, name: str, captain: str) -> Warband:
    page.goto(f"{url}/campaigns/{campaign.pk}/warbands/new/")
    page.fill("#wb-name", name)
    page.check("#list-reikland")
    check_page(page, f"league-warband-new-{captain}")
    page.click("main form button[type=submit]")
    _wait(lambda: Warband.objects.filter(name=name).exists(), f"the warband {name}")
    warband = Warband.objects.get(name=name)
    for type_slug, hired, count in (("mercenary_captain", captain, 1), ("warrior", f"{captain}'s men", 2)):
        page.goto(f"{url}/warbands/{warband.pk}/hire/?type={type_slug}")
        page.fill("#hire-name", hired)
        if count > 1:
            page.fill("#hire-count", str(count))
        page.click("#hire-confirm")
        _wait(partial(lambda name: warband.warriors.filter(name=name).exists(), hired), f"{hired} hired")
    page.goto(f"{url}/warbands/{warband.pk}/")
    check_page(page, f"league-roster-{captain}")
    page.click(f"form[action='/warbands/{warband.pk}/submit/'] button")
    _wait(lambda: Warband.objects.get(pk=warband.pk).status == "pending", f"{name} submitted")
    return warband


def _mordheim_week(url: str, alice: Any, nadia: Any, tomas: Any) -> None:
    alice.goto(f"{url}/campaigns/new/")
    alice.fill("#id_name", "Spring league")
    alice.select_option("#id_rules_pack", "mordheim")
    alice.click("main button[type=submit]")
    alice.wait_for_selector("text=Standings points for a win.")
    campaign = Campaign.objects.get(name="Spring league")
    nadia_link = _invite_by_mail(alice, url, campaign, "nadia@example.org")
    tomas_link = _invite_by_mail(alice, url, campaign, "tomas@example.org")
    check_page(alice, "league-invitations")

    _sign_up(nadia, nadia_link, "nadia", "nadia@example.org")
    nadia.wait_for_selector("text=Добро пожаловать")  # "Welcome to Spring league." in Russian
    assert nadia.get_attribute("html", "lang") == "ru"
    check_page(nadia, "league-campaign-ru")
    _sign_up(tomas, tomas_link, "tomas", "tomas@example.org")
    tomas.wait_for_selector("text=Welcome to Spring league.")
    tomas.click("summary:has-text('Menu')")
    tomas.select_option("#language-select", "cs")
    tomas.wait_for_selector("summary:has-text('Nabídka')")
    assert Profile.objects.get(user__username="tomas").language == "cs"
    assert set(campaign.memberships.values_list("user__username", flat=True)) >= {"nadia", "tomas"}

    blades = _found_warband(nadia, url, campaign, "Nadia's Blades", "Boris")
    crows = _found_warband(tomas, url, campaign, "Tomas's Crows", "Karel")
    assert nadia.get_attribute("html", "lang") == "ru" and tomas.get_attribute("html", "lang") == "cs"

    alice.goto(f"{url}/campaigns/{campaign.pk}/week/")
    for name in ("Nadia's Blades", "Tomas's Crows"):
        alice.click(f"text=Approve {name}")
        alice.wait_for_selector(f"text={name} approved.")
    alice.goto(f"{url}/campaigns/{campaign.pk}/")
    alice.click("text=Start the campaign")
    alice.wait_for_selector("text=The campaign has started: week 1 is open.")
    alice.click("text=Run the week")
    alice.click("text=Pair automatically")
    alice.wait_for_selector("text=1 pairings made.")
    check_page(alice, "league-week-paired")
    battle = Battle.objects.get(campaign=campaign)

    nadia.goto(f"{url}/campaigns/{campaign.pk}/")
    assert "Турнирная таблица" in nadia.inner_text("main")  # Standings, in Russian
    nadia.goto(f"{url}/battles/{battle.pk}/")
    nadia.select_option("#report-scenario", "skirmish")
    nadia.check(f"#report-win-{blades.pk}")
    karel = crows.warriors.get(name="Karel")
    nadia.check(f"#report-ooa-{karel.pk}_1")  # a box per model: a hero has one
    check_page(nadia, "league-report-ru")
    nadia.click(f"form[action='/battles/{battle.pk}/report/'] button[type=submit]")
    _wait(lambda: hasattr(Battle.objects.get(pk=battle.pk), "report"), "the report")

    tomas.goto(f"{url}/notices/")
    check_page(tomas, "league-inbox-cs")
    tomas.goto(f"{url}/battles/{battle.pk}/")
    assert tomas.get_attribute("html", "lang") == "cs"
    tomas.click("form:has(input[value=confirm]) button")
    _wait(lambda: Aftermath.objects.filter(battle=battle, status="applied").exists(), "the aftermath", 40)
    tomas.goto(f"{url}/battles/{battle.pk}/")
    check_page(tomas, "league-aftermath-cs")

    _wait(lambda: Decision.objects.filter(answerer__username="nadia", answered_at=None).exists(), "a decision")
    decision = Decision.objects.filter(answerer__username="nadia", answered_at=None).order_by("id").first()
    assert decision is not None
    nadia.goto(f"{url}/decisions/")
    check_page(nadia, "league-decisions-ru")
    form = nadia.locator(f"form[action='/decisions/{decision.pk}/answer/']")
    for fieldset in form.locator("fieldset").all():
        fieldset.locator("input").first.check()
    form.locator("button[type=submit]").click()
    _wait(lambda: Decision.objects.get(pk=decision.pk).answered_at is not None, "the answer")

    nadia.goto(f"{url}/campaigns/{campaign.pk}/")
    timeline = nadia.inner_text(".timeline")
    assert "Nadia's Blades" in timeline and "battle_" not in timeline and "INJ_" not in timeline
    assert nadia.locator(".timeline a[href^='/warbands/'], .timeline a[href^='/battles/']").count() > 0

    alice.goto(f"{url}/campaigns/{campaign.pk}/week/")
    alice.click("text=Close week 1")
    alice.wait_for_selector("text=Week 1 closed.")
    check_page(alice, "league-week-closed")


def _weekly_week(url: str, alice: Any, gina: Any, nadia: Any, tomas: Any, dice: DiceScript) -> None:
    alice.goto(f"{url}/campaigns/new/")
    alice.fill("#id_name", "Court intrigue")
    alice.select_option("#id_rules_pack", "weekly_moves")
    alice.click("main button[type=submit]")
    campaign = Campaign.objects.get(name="Court intrigue")
    alice.goto(f"{url}/campaigns/{campaign.pk}/invitations/")
    links = {}
    for role, uses in (("gm", "1"), ("player", "2")):
        alice.select_option("#id_role", role)
        alice.fill("#id_max_uses", uses)
        alice.click("text=Make an invitation link")
        made = partial(lambda r: Invitation.objects.filter(campaign=campaign, role=r).exists(), role)
        _wait(made, f"a {role} link")
        links[role] = f"{url}/join/{Invitation.objects.get(campaign=campaign, role=role).code}/"
        assert links[role] in [i.input_value() for i in alice.locator("input.invite-link").all()]
    gm_link, player_link = links["gm"], links["player"]
    for page, link in ((gina, gm_link), (nadia, player_link), (tomas, player_link)):
        page.goto(link)
        page.click("main form[method=post] button[type=submit]")
    _wait(lambda: campaign.memberships.filter(left_at=None).count() == 4, "everyone joined")
    assert campaign.memberships.get(user__username="gina").role == Membership.Role.GM
    alice.goto(f"{url}/campaigns/{campaign.pk}/")
    alice.click("text=Start the campaign")
    alice.wait_for_selector("text=The campaign has started: week 1 is open.")
    week = Week.objects.get(campaign=campaign, number=1)

    gina.goto(f"{url}/campaigns/{campaign.pk}/characters/")
    for username, name in (("nadia", "Natasha"), ("tomas", "Tomasz")):
        gina.select_option("#new-user", label=username)
        gina.fill("#new-name", name)
        gina.fill("#cnew-magic", "1")
        gina.click("text=Create the character")
        gina.wait_for_selector(f"text={name} is in the game.")
    check_page(gina, "weekly-characters-gm")
    natasha, tomasz = Character.objects.get(name="Natasha"), Character.objects.get(name="Tomasz")

    moves = f"{url}/weeks/{week.pk}/moves/"
    nadia.goto(f"{url}/campaigns/{campaign.pk}/")
    assert "Турнирная таблица" not in nadia.inner_text("main")  # its own game, not Mordheim's tables
    nadia.goto(moves)
    assert "Поиск ингредиентов" in nadia.inner_text("#send-h + p + details summary")
    check_page(nadia, "weekly-moves-ru")
    nadia.click("#form-ingredient_search button[type=submit]")  # the strong-hit choice left for later
    _wait(lambda: WeeklyMove.objects.filter(character=natasha).count() == 1, "Natasha's move")
    nadia.goto(moves)
    nadia.click("#form-preparation summary")
    nadia.click("#form-preparation button[type=submit]")
    _wait(lambda: WeeklyMove.objects.filter(character=natasha).count() == 2, "Natasha's free action")
    preparation = WeeklyMove.objects.get(character=natasha, kind="preparation")
    nadia.goto(moves)
    nadia.click(f"form[action='/weeks/{week.pk}/moves/{preparation.pk}/withdraw/'] button")
    _wait(lambda: not WeeklyMove.objects.filter(pk=preparation.pk).exists(), "the withdrawal")

    tomas.goto(moves)
    tomas.click("#form-spying summary")
    tomas.select_option("#spying-target", natasha.key)
    tomas.click("#form-spying button[type=submit]")
    _wait(lambda: WeeklyMove.objects.filter(character=tomasz, kind="spying").exists(), "Tomasz's move")
    tomas.goto(moves)
    assert "Špehování" in tomas.inner_text("#moves-h + ul")
    spying = WeeklyMove.objects.get(character=tomasz)
    tomas.select_option("#ingredient_search-mode", "hold")
    tomas.select_option("#ingredient_search-change", str(spying.pk))
    tomas.click("#form-ingredient_search button[type=submit]")  # changes the spying into a search
    _wait(lambda: WeeklyMove.objects.get(pk=spying.pk).kind == "ingredient_search", "the change")
    check_page(tomas, "weekly-moves-cs")

    gina.goto(moves)
    assert gina.locator("#moves-h + ul > li").count() == 2
    check_page(gina, "weekly-gm-desk")
    dice.then(6, 6, 6, 6)  # both searches hit strong; Natasha left her choice for later
    gina.click("text=Resolve the week now")
    _wait(lambda: WeeklyDecision.objects.filter(week=week, answered_at=None).exists(), "Natasha's decision")

    nadia.goto(moves)
    check_page(nadia, "weekly-decision-ru")
    nadia.locator("form[action*='/decisions/'] input[type=radio]").first.check()
    nadia.click("form[action*='/decisions/'] button[type=submit]")
    _wait(lambda: Week.objects.get(pk=week.pk).status == Week.Status.CLOSED, "the week to close", 40)
    for page, name, lang in ((nadia, "weekly-results-ru", "ru"), (tomas, "weekly-results-cs", "cs")):
        page.goto(moves)
        assert page.get_attribute("html", "lang") == lang
        assert page.locator("#res-h + ul > li").count() >= 1
        check_page(page, name)


@pytest.mark.parametrize("viewport", ["phone"])
def test_a_league_runs_a_whole_week_in_the_browser_on_phones_each_in_their_language(
    live_server: Any, person: Callable[[str], Any], world: World, eager_celery: None, dice: DiceScript, viewport: str
) -> None:
    weekly_pack()  # the intrigue game's rules pack is installed, as a deployment loads it
    url = live_server.url
    alice, gina = person("en-GB"), person("en-GB")
    nadia, tomas = person("ru-RU"), person("en-GB")
    log_in(alice, url, "alice")
    alice.wait_for_selector("text=Your campaigns")
    log_in(gina, url, "gina")
    gina.wait_for_selector("text=Your campaigns")
    _mordheim_week(url, alice, nadia, tomas)
    _weekly_week(url, alice, gina, nadia, tomas, dice)
