"""The arena duel's pages (in ``campaign.tables.web.urls``): characters, open, join, commands, declare, amend."""

from django.urls import path

from campaign.tables.web import arena_characters, arena_forms, tables_arena

arena_urls = [
    path("campaigns/<int:pk>/arena-characters/", arena_characters.characters_page, name="arena-characters"),
    path("campaigns/<int:pk>/tables/arena/new/", tables_arena.arena_new, name="arena-new"),
    path("tables/<int:pk>/arena/join/", tables_arena.arena_join, name="arena-join"),
    path("tables/<int:pk>/arena/commands/<slug:kind>/", tables_arena.arena_command, name="arena-command"),
    path("tables/<int:pk>/arena/declare/", tables_arena.arena_declare, name="arena-declare"),
    path("tables/<int:pk>/arena/amend/", arena_forms.arena_amend, name="arena-amend"),
]
