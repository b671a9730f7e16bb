"""The web app's pages (included at the site root by campaign/urls.py); the names are what templates reverse.

The root keeps the league's own pages; each game system's app brings its pages in its ``web/urls.py``."""

from allauth.account import views as allauth_views
from django.urls import include, path

from campaign.web import accounts, dice, league_week, members, notices, organiser, pages, pwa

urlpatterns = [
    path("", pages.home, name="home"),
    path("campaigns/<int:pk>/", pages.campaign_page, name="campaign-page"),
    path("", include("roster.web.urls")),
    path("", include("campaign.weekly.web.urls")),
    path("", include("campaign.tables.web.urls")),
    path("campaigns/new/", organiser.campaign_new, name="campaign-new"),
    path("campaigns/<int:pk>/settings/", organiser.campaign_settings_page, name="campaign-settings-page"),
    path("campaigns/<int:pk>/invitations/", organiser.invitations_page, name="invitations-page"),
    path(
        "campaigns/<int:pk>/invitations/<int:invitation_id>/withdraw/",
        organiser.invitation_withdraw,
        name="invitation-withdraw",
    ),
    path("campaigns/<int:pk>/finish/", members.campaign_finish_view, name="campaign-finish-page"),
    path("campaigns/<int:pk>/members/", members.members_page, name="members-page"),
    path("campaigns/<int:pk>/members/leave/", members.leave_view, name="member-leave-page"),
    path(
        "campaigns/<int:pk>/members/<int:membership_id>/remove/",
        members.member_remove_view,
        name="member-remove-page",
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
    path(
        "campaigns/<int:pk>/warbands/<int:warband_id>/send-back/",
        league_week.warband_send_back_view,
        name="warband-send-back-page",
    ),
    path("dice/", dice.dice_page, name="dice"),
    path("dice/roll/", dice.dice_roll, name="dice-roll"),
    path("campaigns/<int:pk>/fairness/", dice.fairness_page, name="fairness-page"),
    path("join/<str:code>/", accounts.invitation_page, name="invitation-page"),
    path("profile/", accounts.profile_page, name="profile"),
    path("profile/devices/<int:device_id>/revoke/", accounts.device_revoke_view, name="device-revoke"),
    path("profile/devices/revoke-all/", accounts.devices_revoke_all_view, name="devices-revoke-all"),
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
