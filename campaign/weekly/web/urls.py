"""The secret weekly moves' pages (included at the site root by ``campaign.web.urls``)."""

from django.urls import path

from campaign.weekly.web import weekly_gm, weekly_moves, weekly_pages

urlpatterns = [
    path("weeks/<int:pk>/moves/", weekly_moves.week_moves_page, name="week-moves-page"),
    path("weeks/<int:pk>/moves/send/", weekly_moves.move_send_view, name="move-send-page"),
    path(
        "weeks/<int:pk>/decisions/<int:decision_id>/",
        weekly_moves.weekly_decision_view,
        name="weekly-decision-page",
    ),
    path("weeks/<int:pk>/resolve/", weekly_pages.week_resolve_view, name="week-resolve-page"),
    path("weeks/<int:pk>/moves/<int:move_id>/withdraw/", weekly_pages.move_withdraw_view, name="move-withdraw-page"),
    path("campaigns/<int:pk>/characters/", weekly_gm.characters_page, name="characters-page"),
    path("campaigns/<int:pk>/characters/new/", weekly_gm.character_new_view, name="character-new-page"),
    path(
        "campaigns/<int:pk>/characters/<int:character_id>/",
        weekly_gm.character_edit_view,
        name="character-edit-page",
    ),
    path("campaigns/<int:pk>/characters/info/", weekly_gm.info_set_view, name="info-set-page"),
    path("campaigns/<int:pk>/promises/<int:promise_id>/", weekly_gm.promise_view, name="promise-page"),
]
