"""The roster app's API routes (included under ``/api/v1/``): warbands, battles, aftermaths, decisions."""

from django.urls import path

from roster.api import aftermath, battles, catalogue, commands, pairings, reports, review, sheet, standings, warbands

urlpatterns = [
    path("warbands/", warbands.WarbandListCreateView.as_view(), name="warband-list"),
    path("warbands/<int:pk>/", warbands.WarbandDetailView.as_view(), name="warband-detail"),
    path("warbands/<int:pk>/ledger/", warbands.WarbandLedgerView.as_view(), name="warband-ledger"),
    path("warbands/<int:pk>/history/", warbands.WarbandHistoryView.as_view(), name="warband-history"),
    path("warbands/<int:pk>/sheet.pdf", sheet.WarbandSheetView.as_view(), name="warband-sheet-api"),
    path("warbands/<int:pk>/hire/", commands.HireView.as_view(), name="warband-hire"),
    path("warbands/<int:pk>/dismiss/", commands.DismissView.as_view(), name="warband-dismiss"),
    path("warbands/<int:pk>/buy/", commands.BuyView.as_view(), name="warband-buy"),
    path("warbands/<int:pk>/sell/", commands.SellView.as_view(), name="warband-sell"),
    path("warbands/<int:pk>/search/", commands.SearchView.as_view(), name="warband-search"),
    path("warbands/<int:pk>/move-item/", commands.MoveItemView.as_view(), name="warband-move-item"),
    path("warbands/<int:pk>/submit/", review.SubmitView.as_view(), name="warband-submit"),
    path("warbands/<int:pk>/approve/", review.ApproveView.as_view(), name="warband-approve"),
    path("warbands/<int:pk>/send-back/", review.SendBackView.as_view(), name="warband-send-back"),
    path("warbands/<int:pk>/corrections/", review.CorrectView.as_view(), name="warband-correct"),
    path("battles/<int:pk>/aftermath/", aftermath.AftermathView.as_view(), name="battle-aftermath"),
    path("battles/<int:pk>/aftermath/retry/", aftermath.AftermathRetryView.as_view(), name="battle-aftermath-retry"),
    path(
        "campaigns/<int:pk>/aftermaths/failed/",
        aftermath.FailedAftermathListView.as_view(),
        name="campaign-aftermaths-failed",
    ),
    path("decisions/", aftermath.DecisionListView.as_view(), name="decision-list"),
    path("decisions/<int:pk>/", aftermath.DecisionAnswerView.as_view(), name="decision-answer"),
    path("weeks/<int:pk>/pairings/", pairings.PairingsView.as_view(), name="week-pairings"),
    path("weeks/<int:pk>/pairings/auto/", pairings.AutoPairingsView.as_view(), name="week-pairings-auto"),
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
    path("rulesets/<slug:slug>/catalogue/", catalogue.CatalogueView.as_view(), name="ruleset-catalogue"),
    path(
        "rulesets/<slug:slug>/warband-lists/<slug:list_slug>/",
        catalogue.WarbandListView.as_view(),
        name="ruleset-warband-list",
    ),
]
