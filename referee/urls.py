"""The referee's API routes (included under ``/api/v1/``): rules packs and your own roll stream."""

from django.urls import path

from referee.api import catalogue, rulesets, seeds

urlpatterns = [
    path("rulesets/", rulesets.RulesetListView.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", rulesets.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("rulesets/<slug:slug>/tables/<slug:table>/", rulesets.TableView.as_view(), name="ruleset-table"),
    path("rulesets/<slug:slug>/catalogue/", catalogue.CatalogueView.as_view(), name="ruleset-catalogue"),
    path(
        "rulesets/<slug:slug>/warband-lists/<slug:list_slug>/",
        catalogue.WarbandListView.as_view(),
        name="ruleset-warband-list",
    ),
    path("rolls/seed/", seeds.MySeedView.as_view(), name="roll-seed"),
    path("rolls/seed/rotate/", seeds.MySeedRotateView.as_view(), name="roll-seed-rotate"),
]
