"""Mordheim on the campaign page and the battle page: standings, my next opponent, reports from both rosters,
confirm or dispute, the aftermath as it happens, and the decisions waiting for me."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.lib.web.common import done, not_found_is_404, refusals_as_messages
from campaign.models import Campaign, CampaignEvent, Week
from campaign.selectors import CampaignAccess, timeline_of
from campaign.selectors.event_html import sentences
from roster.aftermath.decisions import decision_answer
from roster.battles.reports import battle_confirm, battle_dispute
from roster.bridge.packs import SYSTEM, tables_of
from roster.models import Battle, Decision, Warband
from roster.names import STAT_NAMES, injury_text, named, scenario_name, skill_name
from roster.selectors import (
    aftermath_state_of,
    battle_for_viewer,
    battles_of,
    decision_of,
    decisions_of,
    names_in,
    report_as_seen,
    sees_the_sequence,
    standings_of,
    warbands_visible_to,
)
from roster.web.battle_jobs import report_sides
from roster.web.decision_texts import decision_names, kind_title, question_options, with_list_of
from roster.web.prebattle_texts import prebattle_lines

__all__ = ["SYSTEM", "campaign_context"]


def names_of(campaign: Campaign) -> dict[str, Any]:
    tables = tables_of(campaign)
    warbands, warriors = names_in(campaign)
    return {
        "warbands": warbands,
        "warriors": warriors,
        "injury": lambda result: injury_text(tables, result),
        "skill": lambda skill: skill_name(tables, skill),
        "scenario": lambda scenario: scenario_name(tables, scenario),
        "stat": lambda stat: STAT_NAMES.get(stat, stat),
    }


def open_decisions(viewer: Any, campaign: Campaign | None = None) -> list[Decision]:
    return list(decisions_of(viewer=viewer, campaign_id=campaign.pk if campaign is not None else None))


def campaign_context(
    request: HttpRequest, campaign: Campaign, access: CampaignAccess, week: Week | None, events: list[CampaignEvent]
) -> dict[str, Any]:
    mine = sorted(warbands_visible_to(viewer=request.user, campaign_id=campaign.pk, own=True), key=lambda w: w.pk)
    next_battles = []
    if week is not None and mine:
        next_battles = list(
            battles_of(viewer=request.user, campaign_id=campaign.pk, week=week.number, player=request.user)
        )
    pending = []
    if access.is_organiser:
        pending = list(warbands_visible_to(viewer=request.user, campaign_id=campaign.pk, status=Warband.Status.PENDING))
    return {
        "my_warbands": mine,
        "next_battles": next_battles,
        "decisions": open_decisions(request.user, campaign),
        "standings": standings_of(viewer=request.user, campaign_id=campaign.pk),
        "battles": list(battles_of(viewer=request.user, campaign_id=campaign.pk)),
        "pending_warbands": pending,
        "events": sentences(events, names_of(campaign)),
    }


@login_required
@not_found_is_404
def battle_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The battle: both rosters for the report, the report to confirm or dispute, then the aftermath."""
    battle, access = battle_for_viewer(viewer=request.user, battle_id=pk)
    report = getattr(battle, "report", None)
    aftermath = aftermath_state_of(battle)
    players = {w.owner_id for w in (battle.warband_a, battle.warband_b) if w is not None}
    names = names_of(battle.campaign)
    events = list(timeline_of(viewer=request.user, campaign_id=battle.campaign_id, battle=battle.pk))[::-1]
    sees_rosters = sees_the_sequence(battle, request.user, access=access)
    report_data = report_as_seen(battle, request.user, report.data if report else None)
    context = {
        "battle": battle,
        "access": access,
        "report": report,
        "sides": report_sides(battle, report_data) if sees_rosters else [],
        "sees_rosters": sees_rosters,
        "prebattle": prebattle_lines(battle, request.user),
        "may_settle": access.is_organiser and battle.status in (Battle.Status.REPORTED, Battle.Status.DISPUTED),
        "may_prebattle": _may_prebattle(battle, access.is_organiser or request.user.pk in players),
        "aftermath": aftermath,
        "i_play": request.user.pk in players,
        "i_reported": report is not None and report.reporter_id == request.user.pk,
        "scenario": scenario_name(tables_of(battle.campaign), battle.scenario),
        "scenarios": sorted(
            (
                (info.id, named({"en": info.en, "ru": info.ru}))
                for info in tables_of(battle.campaign).scenarios.values()
            ),
            key=lambda pair: pair[1],
        ),
        "events": sentences(events, names),
        "report_names": _report_lines(report_data, names),
        "poll": aftermath is not None and aftermath.applied_at is None,
        "result": _result_text(battle),
    }
    template = (
        "campaign/mordheim/aftermath_part.html" if getattr(request, "htmx", False) else "campaign/mordheim/battle.html"
    )
    return render(request, template, context)


def _may_prebattle(battle: Battle, takes_part: bool) -> bool:
    paired = battle.status == Battle.Status.PAIRED and battle.warband_b is not None
    return takes_part and paired and not battle.prebattle


def _result_text(battle: Battle) -> str:
    if not battle.result:
        return ""
    if battle.result == Battle.Result.DRAW:
        return _("a draw")
    winner = battle.warband_a if battle.result == "a" else battle.warband_b
    return _("%(warband)s won") % {"warband": winner.name if winner else ""}


def _report_lines(data: dict[str, Any] | None, names: dict[str, Any]) -> list[str]:
    if not data:
        return []
    lines = []
    for o in data.get("out_of_action", []):
        victim = names["warriors"].get(int(o["victim"]), "?")
        by = names["warriors"].get(int(o["by"])) if o.get("by") else None
        lines.append(
            _("%(victim)s out of action, by %(by)s") % {"victim": victim, "by": by}
            if by
            else _("%(victim)s out of action") % {"victim": victim}
        )
    return lines


@login_required
@require_POST
@not_found_is_404
def battle_respond_view(request: HttpRequest, pk: int) -> HttpResponse:
    battle, _access = battle_for_viewer(viewer=request.user, battle_id=pk)
    with refusals_as_messages(request) as refused:
        if request.POST.get("answer") == "dispute":
            battle_dispute(battle=battle, actor=request.user, reason=request.POST.get("reason", ""))
            text = _("Report disputed: the organiser will settle it.")
        else:
            battle_confirm(battle=battle, actor=request.user)
            text = _("Report confirmed: the aftermath is being rolled.")
    if not refused:
        return done(request, text, reverse("battle-page", args=[pk]))
    return redirect("battle-page", pk)


def decision_rows(decisions: list[Decision]) -> list[dict[str, Any]]:
    rows = []
    for d in decisions:
        names = with_list_of(
            decision_names(d.warband.campaign, d.aftermath.id_map if d.aftermath_id else None), d.warband
        )
        warrior = names.warriors.get(str(d.request.get("warrior"))) if d.request.get("warrior") else None
        questions = question_options(d.kind, d.request, names)
        rows.append({"d": d, "warrior": warrior, "questions": questions, "kind": kind_title(d.kind)})
    return rows


@login_required
def decisions_page(request: HttpRequest) -> HttpResponse:
    decisions = list(decisions_of(viewer=request.user))
    return render(request, "campaign/mordheim/decisions.html", {"rows": decision_rows(decisions)})


@login_required
@require_POST
def decision_answer_view(request: HttpRequest, pk: int) -> HttpResponse:
    """One answer per question (several values where the question picks several)."""
    decision = decision_of(viewer=request.user, decision_id=pk)
    questions = decision.request.get("questions", []) if decision else []
    picked = [request.POST.getlist(f"q_{q['name']}") for q in questions]
    if len(questions) == 1:
        answer: Any = picked[0][0] if questions[0].get("pick", 1) == 1 and picked[0] else picked[0]
    else:
        answer = {
            q["name"]: (p[0] if q.get("pick", 1) == 1 and p else p) for q, p in zip(questions, picked, strict=True)
        }
    with refusals_as_messages(request) as refused:
        decision_answer(decision_id=pk, actor=request.user, answer=answer)
    if not refused:
        return done(request, _("Decision made."), reverse("decisions"))
    return redirect("decisions")
