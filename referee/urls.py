from django.urls import path

from referee.api import rulesets

urlpatterns = [
    path("rulesets/", rulesets.RulesetListView.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", rulesets.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("rulesets/<slug:slug>/tables/<slug:table>/", rulesets.TableView.as_view(), name="ruleset-table"),
]
