"""The campaign app's API routes (included under ``/api/v1/``)."""

from django.urls import path

from campaign.api import campaigns, fairness, members, rolls, timeline, weeks

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
    path("weeks/<int:pk>/close/", weeks.WeekCloseView.as_view(), name="week-close"),
    path("campaigns/<int:pk>/timeline/", timeline.TimelineView.as_view(), name="campaign-timeline"),
    path("rolls/", rolls.RollListCreateView.as_view(), name="roll-list"),
    path("rolls/<int:pk>/", rolls.RollDetailView.as_view(), name="roll-detail"),
    path("campaigns/<int:pk>/fairness/", fairness.FairnessView.as_view(), name="campaign-fairness"),
    path("campaigns/<int:pk>/seed-contribution/", fairness.SeedContributionView.as_view(), name="seed-contribution"),
]
