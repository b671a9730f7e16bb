"""The web app's pages (included at the site root by campaign/urls.py); the names are what templates reverse."""

from allauth.account import views as allauth_views
from django.urls import include, path

from campaign.web import (
    accounts,
    dice,
    league_week,
    mordheim_pages,
    notices,
    organiser,
    pages,
    pwa,
    warbands,
    weekly_moves,
    weekly_pages,
)
from roster import views as roster_views

urlpatterns = [
    path("", pages.home, name="home"),
    path("campaigns/<int:pk>/", pages.campaign_page, name="campaign-page"),
    path("warbands/<int:pk>/", roster_views.warband_page, name="warband-page"),
    path("warbands/<int:pk>/sheet.pdf", roster_views.warband_sheet, name="warband-sheet"),
    path("campaigns/new/", organiser.campaign_new, name="campaign-new"),
    path("campaigns/<int:pk>/settings/", organiser.campaign_settings_page, name="campaign-settings-page"),
    path("campaigns/<int:pk>/invitations/", organiser.invitations_page, name="invitations-page"),
    path(
        "campaigns/<int:pk>/invitations/<int:invitation_id>/withdraw/",
        organiser.invitation_withdraw,
        name="invitation-withdraw",
    ),
    path("campaigns/<int:pk>/start/", organiser.campaign_start_view, name="campaign-start-page"),
    path("campaigns/<int:pk>/week/", league_week.week_page, name="week-page"),
    path("campaigns/<int:pk>/week/pairings/", league_week.pairings_view, name="week-pairings-page"),
    path("campaigns/<int:pk>/week/close/", league_week.week_close_view, name="week-close-page"),
    path("campaigns/<int:pk>/corrections/", league_week.correction_view, name="correction-page"),
    path(
        "campaigns/<int:pk>/warbands/<int:warband_id>/approve/",
        league_week.warband_approve_view,
        name="warband-approve-page",
    ),
    path("campaigns/<int:pk>/warbands/new/", warbands.warband_new, name="warband-new"),
    path("warbands/<int:pk>/hire/", warbands.hire_page, name="warband-hire-page"),
    path("warbands/<int:pk>/hire/confirm/", warbands.hire_view, name="warband-hire-confirm"),
    path("warbands/<int:pk>/shop/", warbands.shop_page, name="warband-shop-page"),
    path("warbands/<int:pk>/shop/do/", warbands.shop_view, name="warband-shop-do"),
    path("battles/<int:pk>/", mordheim_pages.battle_page, name="battle-page"),
    path("battles/<int:pk>/report/", mordheim_pages.battle_report_view, name="battle-report-page"),
    path("battles/<int:pk>/respond/", mordheim_pages.battle_respond_view, name="battle-respond-page"),
    path("decisions/", mordheim_pages.decisions_page, name="decisions"),
    path("decisions/<int:pk>/answer/", mordheim_pages.decision_answer_view, name="decision-answer-page"),
    path("weeks/<int:pk>/moves/", weekly_moves.week_moves_page, name="week-moves-page"),
    path("weeks/<int:pk>/moves/send/", weekly_moves.move_send_view, name="move-send-page"),
    path(
        "weeks/<int:pk>/decisions/<int:decision_id>/",
        weekly_moves.weekly_decision_view,
        name="weekly-decision-page",
    ),
    path("weeks/<int:pk>/resolve/", weekly_pages.week_resolve_view, name="week-resolve-page"),
    path("weeks/<int:pk>/moves/<int:move_id>/withdraw/", weekly_pages.move_withdraw_view, name="move-withdraw-page"),
    path("dice/", dice.dice_page, name="dice"),
    path("dice/roll/", dice.dice_roll, name="dice-roll"),
    path("campaigns/<int:pk>/fairness/", dice.fairness_page, name="fairness-page"),
    path("join/<str:code>/", accounts.invitation_page, name="invitation-page"),
    path("profile/", accounts.profile_page, name="profile"),
    path("language/", accounts.language_switch, name="language-switch"),
    path("notices/", notices.inbox, name="inbox"),
    path("notices/<int:pk>/open/", notices.notice_open, name="notice-open"),
    path("notices/read/", notices.notices_all_read, name="notices-read"),
    path("manifest.webmanifest", pwa.manifest, name="pwa-manifest"),
    path("sw.js", pwa.service_worker, name="pwa-sw"),
    path("offline/", pwa.offline, name="pwa-offline"),
    # The old names stay: the header, LOGIN_URL and bookmarks use them.
    path("accounts/login/", allauth_views.login, name="login"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    path("accounts/", include("allauth.urls")),
]
