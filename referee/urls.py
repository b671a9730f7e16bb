"""The referee's API routes (included under ``/api/v1/``): rules packs and your own roll stream."""

from django.urls import path

from referee.api import rulesets, seeds

urlpatterns = [
    path("rulesets/", rulesets.RulesetListView.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", rulesets.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("rulesets/<slug:slug>/tables/<slug:table>/", rulesets.TableView.as_view(), name="ruleset-table"),
    path("rolls/seed/", seeds.MySeedView.as_view(), name="roll-seed"),
    path("rolls/seed/rotate/", seeds.MySeedRotateView.as_view(), name="roll-seed-rotate"),
]
