"""The live tables' own rows: the arena duel's characters, which outlive every duel."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaign.models import Campaign


class ArenaCharacter(models.Model):
    """A campaign's Savage Worlds character (arena-duel spec §1): it outlives every duel.

    Owned by one player; its ``sheet`` (attributes, skills, edges, hindrances, arcane gift, power
    points, poison vials: the engine's ``sheets.Character`` shape) is hidden from the other players
    except its final Charisma (AD-INFO-01). ``persistent_bennies`` holds each benny that does not
    expire, with the item it came as, the duel that awarded it and the one that spent it (AD-BEN-03).
    A duel reads it when a fighter takes a seat and writes it back when the duel's table closes.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="arena_characters")
    owner = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="arena_characters")
    name = models.CharField(_("name"), max_length=80)
    sheet = models.JSONField(_("sheet"), default=dict)
    gear = models.JSONField(_("gear"), default=list, blank=True)
    persistent_bennies = models.JSONField(_("persistent bennies"), default=list, blank=True)
    wounds = models.PositiveSmallIntegerField(_("wounds"), default=0)
    duels = models.PositiveIntegerField(_("duels fought"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_arenacharacter"  # the table campaign 0012 made: only its app moved
        ordering = ["campaign_id", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="arena_character_name_unique_in_campaign"),
            models.CheckConstraint(condition=Q(wounds__lte=3), name="arena_character_wounds_at_most_three"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.campaign_id})"
