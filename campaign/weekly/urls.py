"""The secret weekly moves' API routes (included under ``/api/v1/``)."""

from django.urls import path

from campaign.weekly.api import characters as weekly_characters
from campaign.weekly.api import moves as weekly_moves
from campaign.weekly.api import weeks as weekly_weeks

urlpatterns = [
    path("weeks/<int:pk>/moves/", weekly_moves.WeekMovesView.as_view(), name="week-moves"),
    path("weeks/<int:pk>/moves/<int:move_id>/", weekly_moves.WeekMoveDetailView.as_view(), name="week-move"),
    path("weeks/<int:pk>/results/", weekly_weeks.WeekResultsView.as_view(), name="week-results"),
    path("weeks/<int:pk>/resolution/", weekly_weeks.ResolutionView.as_view(), name="week-resolution"),
    path("weeks/<int:pk>/resolve/", weekly_weeks.ResolveView.as_view(), name="week-resolve"),
    path("weeks/<int:pk>/queue/", weekly_weeks.QueueView.as_view(), name="week-queue"),
    path("weeks/<int:pk>/decisions/", weekly_weeks.WeekDecisionListView.as_view(), name="week-decisions"),
    path(
        "weeks/<int:pk>/decisions/<int:decision_id>/answer/",
        weekly_weeks.WeekDecisionAnswerView.as_view(),
        name="week-decision-answer",
    ),
    path("campaigns/<int:pk>/characters/", weekly_characters.CharacterListView.as_view(), name="campaign-characters"),
    path("characters/<int:pk>/", weekly_characters.CharacterDetailView.as_view(), name="character-detail"),
    path("characters/<int:pk>/info/", weekly_characters.CharacterInfoView.as_view(), name="character-info"),
    path("promises/<int:pk>/", weekly_characters.PromiseView.as_view(), name="promise-detail"),
]
