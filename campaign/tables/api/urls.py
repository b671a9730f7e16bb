"""The live tables' API routes (included under ``/api/v1/``): the tables and the arena's characters."""

from django.urls import path

from campaign.tables.api import characters
from campaign.tables.api import views as v

urlpatterns = [
    path("tables/", v.TableListCreateView.as_view(), name="table-list"),
    path("tables/<int:pk>/", v.TableDetailView.as_view(), name="table-detail"),
    path("tables/<int:pk>/join/", v.TableJoinView.as_view(), name="table-join"),
    path("tables/<int:pk>/start/", v.TableStartView.as_view(), name="table-start"),
    path("tables/<int:pk>/close/", v.TableCloseView.as_view(), name="table-close"),
    path("tables/<int:pk>/view/", v.TableViewView.as_view(), name="table-view"),
    path("tables/<int:pk>/events/", v.TableEventsView.as_view(), name="table-events"),
    path("tables/<int:pk>/commands/", v.TableCommandsView.as_view(), name="table-commands"),
    path("tables/<int:pk>/commands/<slug:kind>/", v.TableCommandSendView.as_view(), name="table-command"),
    path("tables/<int:pk>/undo/", v.TableUndoView.as_view(), name="table-undo"),
    path("tables/<int:pk>/amend/", v.TableAmendView.as_view(), name="table-amend"),
    path("tables/<int:pk>/decisions/", v.TableDecisionsView.as_view(), name="table-decisions"),
    path("tables/<int:pk>/decisions/<slug:key>/answer/", v.TableDecisionAnswerView.as_view(),
         name="table-decision-answer"),
    path("tables/<int:pk>/rolls/", v.TableRollsView.as_view(), name="table-rolls"),
    path("tables/<int:pk>/audit/", v.TableAuditView.as_view(), name="table-audit"),
    path("campaigns/<int:pk>/arena-characters/", characters.ArenaCharacterListCreateView.as_view(),
         name="campaign-arena-characters"),
    path("arena-characters/<int:pk>/", characters.ArenaCharacterDetailView.as_view(), name="arena-character-detail"),
]
