"""The live tables' pages (included at the site root by ``campaign.web.urls``), the arena's own with them."""

from django.urls import path

from campaign.tables.web import tables
from campaign.tables.web.urls_arena import arena_urls

urlpatterns = [
    path("campaigns/<int:pk>/tables/", tables.tables_page, name="tables-page"),
    path("campaigns/<int:pk>/tables/new/", tables.table_new, name="table-new"),
    path("tables/<int:pk>/", tables.table_page, name="table-page"),
    path("tables/<int:pk>/live/", tables.table_live, name="table-live"),
    path("tables/<int:pk>/join/", tables.table_join_view, name="table-join-page"),
    path("tables/<int:pk>/start/", tables.table_start_view, name="table-start-page"),
    path("tables/<int:pk>/undo/", tables.table_undo_view, name="table-undo-page"),
    path("tables/<int:pk>/close/", tables.table_close_view, name="table-close-page"),
    path("tables/<int:pk>/commands/<slug:kind>/", tables.table_command_view, name="table-command-page"),
    *arena_urls,
]
