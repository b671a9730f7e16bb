"""Mordheim's pages (included at the site root by ``campaign.web.urls``): warbands, hiring, battles, decisions."""

from django.urls import path

from roster.web import battle_jobs, hiring, mordheim_pages, warbands
from roster.web import views as roster_views

urlpatterns = [
    path("warbands/<int:pk>/", roster_views.warband_page, name="warband-page"),
    path("warbands/<int:pk>/sheet.pdf", roster_views.warband_sheet, name="warband-sheet"),
    path("warbands/<int:pk>/submit/", warbands.submit_view, name="warband-submit-page"),
    path("campaigns/<int:pk>/warbands/new/", warbands.warband_new, name="warband-new"),
    path("warbands/<int:pk>/hire/", hiring.hire_page, name="warband-hire-page"),
    path("warbands/<int:pk>/hire/confirm/", hiring.hire_view, name="warband-hire-confirm"),
    path("warbands/<int:pk>/dismiss/", hiring.dismiss_page, name="warband-dismiss-page"),
    path("warbands/<int:pk>/dismiss/do/", hiring.dismiss_view, name="warband-dismiss-do"),
    path("warbands/<int:pk>/shop/", warbands.shop_page, name="warband-shop-page"),
    path("warbands/<int:pk>/shop/do/", warbands.shop_view, name="warband-shop-do"),
    path("battles/<int:pk>/", mordheim_pages.battle_page, name="battle-page"),
    path("battles/<int:pk>/report/", battle_jobs.battle_report_view, name="battle-report-page"),
    path("battles/<int:pk>/settle/", battle_jobs.battle_settle_view, name="battle-settle-page"),
    path("battles/<int:pk>/prebattle/", battle_jobs.prebattle_run_view, name="prebattle-run-page"),
    path("battles/<int:pk>/prebattle/answer/", battle_jobs.prebattle_answer_view, name="prebattle-answer-page"),
    path("battles/<int:pk>/respond/", mordheim_pages.battle_respond_view, name="battle-respond-page"),
    path("decisions/", mordheim_pages.decisions_page, name="decisions"),
    path("decisions/<int:pk>/answer/", mordheim_pages.decision_answer_view, name="decision-answer-page"),
]
