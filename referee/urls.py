from django.urls import path

from referee.api import rolls, rulesets, seeds

urlpatterns = [
    path("rulesets/", rulesets.RulesetListView.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", rulesets.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("rulesets/<slug:slug>/tables/<slug:table>/", rulesets.TableView.as_view(), name="ruleset-table"),
    path("rolls/", rolls.RollListCreateView.as_view(), name="roll-list"),
    path("rolls/<int:pk>/", rolls.RollDetailView.as_view(), name="roll-detail"),
    path("rolls/seed/", seeds.MySeedView.as_view(), name="roll-seed"),
    path("rolls/seed/rotate/", seeds.MySeedRotateView.as_view(), name="roll-seed-rotate"),
    path("campaigns/<int:pk>/fairness/", seeds.FairnessView.as_view(), name="campaign-fairness"),
    path("campaigns/<int:pk>/seed-contribution/", seeds.SeedContributionView.as_view(), name="seed-contribution"),
]
