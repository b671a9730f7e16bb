"""The battle's jobs on the web besides reading it: the pre-battle sequence (run it, make its choices), the report
from both rosters model by model (a Henchman group of three is three models, each with who took it out), and the
organiser settling a disputed report with a reason. Each posts to the service the API calls."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.lib.web.common import attempt, form_post
from roster.battles.prebattle import battle_prebattle_answer, battle_prebattle_run
from roster.battles.reports import battle_override, battle_report
from roster.models import Battle, Warrior
from roster.names import roster_order
from roster.selectors import battle_for_viewer


def model_label(warrior: Warrior, n: int) -> str:
    """A hero by his name; a model of a group as "Warriors, model 2 of 3"."""
    if warrior.kind == Warrior.Kind.HERO or warrior.count == 1:
        return warrior.name
    return _("%(name)s, model %(n)s of %(count)s") % {"name": warrior.name, "n": n, "count": warrior.count}


def report_sides(battle: Battle, report: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Each warband's warriors on the roster, each model of a group on its own line of the report form, ticked
    as ``report`` (the stored one, when reporting again or correcting it) has them."""
    reported: dict[str, list[str | None]] = {}
    for o in (report or {}).get("out_of_action", []):
        reported.setdefault(str(o.get("victim")), []).append(None if o.get("by") is None else str(o["by"]))
    sides: list[dict[str, Any]] = []
    for warband in (battle.warband_a, battle.warband_b):
        if warband is None:
            continue
        warriors = sorted((w for w in warband.warriors.all() if w.on_roster), key=roster_order)
        models = []
        for w in warriors:
            out = reported.get(str(w.pk), [])
            for n in range(1, w.count + 1):
                by = out[n - 1] if n <= len(out) else None
                label = model_label(w, n)
                models.append({"w": w, "n": n, "key": f"{w.pk}_{n}", "label": label, "out": n <= len(out), "by": by})
        won = (report or {}).get("winner") == str(warband.pk)
        sides.append({"warband": warband, "warriors": warriors, "models": models, "won": won})
    for side in sides:
        side["opponents"] = [w for other in sides if other is not side for w in other["warriors"]]
    return sides


def report_data(battle: Battle, post: QueryDict) -> dict[str, Any]:
    """The form as the report service reads it: one ``{victim, by}`` per model out of action."""
    out = []
    for side in report_sides(battle):
        for model in side["models"]:
            if post.get(f"ooa_{model['key']}"):
                out.append({"victim": model["w"].pk, "by": post.get(f"by_{model['key']}") or None})
    return {
        "winner": post.get("winner") or None,
        "out_of_action": out,
        "scenario": post.get("scenario") or battle.scenario,
    }


def _back(pk: int) -> str:
    return reverse("battle-page", args=[pk])


@form_post
def battle_report_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The report from the form of both rosters: the winner, and per model out of action, by whom."""
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    return attempt(
        request,
        lambda: battle_report(battle=battle, actor=request.user, data=report_data(battle, request.POST)),
        _("Report sent: your opponent is asked to confirm it."),
        _back(pk),
    )


@form_post
def battle_settle_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser settles a report, with a reason for the record: as it was reported, or as corrected here."""
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    data = report_data(battle, request.POST) if request.POST.get("how") == "corrected" else None
    return attempt(
        request,
        lambda: battle_override(battle=battle, actor=request.user, reason=request.POST.get("reason", ""), data=data),
        _("Report settled and confirmed: the aftermath is being rolled."),
        _back(pk),
    )


@form_post
def prebattle_run_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A player of the battle (or the organiser) rolls the pre-battle sequence; the organiser may record an agreed
    scenario instead of the table."""
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    return attempt(
        request,
        lambda: battle_prebattle_run(battle=battle, actor=request.user, scenario=request.POST.get("scenario") or None),
        _("The pre-battle sequence is rolled."),
        _back(pk),
    )


@form_post
def prebattle_answer_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The player a pre-battle choice belongs to makes it (the scenario on a 2 or 12, attack or defend)."""
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    return attempt(
        request,
        lambda: battle_prebattle_answer(
            battle=battle,
            actor=request.user,
            decision=request.POST.get("decision", ""),
            answer=request.POST.get("answer", ""),
        ),
        _("Choice made."),
        _back(pk),
    )
