"""The campaign app's API routes (included under ``/api/v1/``)."""

from django.urls import path

from campaign.api import battles, campaigns, members, reports, standings, weeks

urlpatterns = [
    path("campaigns/", campaigns.CampaignListCreateView.as_view(), name="campaign-list"),
    path("campaigns/<int:pk>/", campaigns.CampaignDetailView.as_view(), name="campaign-detail"),
    path("campaigns/<int:pk>/settings/", campaigns.CampaignSettingsView.as_view(), name="campaign-settings"),
    path("campaigns/<int:pk>/start/", campaigns.CampaignStartView.as_view(), name="campaign-start"),
    path("campaigns/<int:pk>/finish/", campaigns.CampaignFinishView.as_view(), name="campaign-finish"),
    path("campaigns/<int:pk>/members/", members.MemberListView.as_view(), name="campaign-members"),
    path(
        "campaigns/<int:pk>/members/<int:membership_id>/remove/",
        members.MemberRemoveView.as_view(),
        name="campaign-member-remove",
    ),
    path("campaigns/<int:pk>/leave/", members.LeaveView.as_view(), name="campaign-leave"),
    path("campaigns/<int:pk>/invitations/", members.InvitationListCreateView.as_view(), name="campaign-invitations"),
    path(
        "campaigns/<int:pk>/invitations/<int:invitation_id>/revoke/",
        members.InvitationRevokeView.as_view(),
        name="campaign-invitation-revoke",
    ),
    path("invitations/<str:code>/", members.InvitationByCodeView.as_view(), name="invitation-detail"),
    path("invitations/<str:code>/accept/", members.InvitationAcceptView.as_view(), name="invitation-accept"),
    path("campaigns/<int:pk>/weeks/", weeks.WeekListView.as_view(), name="campaign-weeks"),
    path("weeks/<int:pk>/", weeks.WeekDetailView.as_view(), name="week-detail"),
    path("weeks/<int:pk>/pairings/", weeks.PairingsView.as_view(), name="week-pairings"),
    path("weeks/<int:pk>/pairings/auto/", weeks.AutoPairingsView.as_view(), name="week-pairings-auto"),
    path("campaigns/<int:pk>/battles/", battles.BattleListView.as_view(), name="campaign-battles"),
    path("battles/<int:pk>/", battles.BattleDetailView.as_view(), name="battle-detail"),
    path("battles/<int:pk>/prebattle/", battles.PrebattleView.as_view(), name="battle-prebattle"),
    path("battles/<int:pk>/prebattle/answer/", battles.PrebattleAnswerView.as_view(), name="battle-prebattle-answer"),
    path("battles/<int:pk>/correct/", battles.BattleCorrectView.as_view(), name="battle-correct"),
    path("battles/<int:pk>/report/", reports.BattleReportView.as_view(), name="battle-report"),
    path("battles/<int:pk>/confirm/", reports.BattleConfirmView.as_view(), name="battle-confirm"),
    path("battles/<int:pk>/dispute/", reports.BattleDisputeView.as_view(), name="battle-dispute"),
    path("battles/<int:pk>/override/", reports.BattleOverrideView.as_view(), name="battle-override"),
    path("campaigns/<int:pk>/standings/", standings.StandingsView.as_view(), name="campaign-standings"),
    path("campaigns/<int:pk>/timeline/", standings.TimelineView.as_view(), name="campaign-timeline"),
]

# The secret weekly moves (campaign/weekly/api/).
from campaign.weekly.api import characters as weekly_characters  # noqa: E402
from campaign.weekly.api import moves as weekly_moves  # noqa: E402
from campaign.weekly.api import weeks as weekly_weeks  # noqa: E402

urlpatterns += [
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
