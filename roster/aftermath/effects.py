"""Persist the engine's post-battle effects on the rosters, in one transaction with the caller.

The warriors' own state (profile, experience, skills, flags, head counts,
captivity) is applied to snapshots by the engine's reference ``apply_effects``
and written back (``roster.bridge.snapshots``); what snapshots do not hold (gold,
items, removals' equipment, new warriors, warband flags) is persisted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simple_history.utils import bulk_update_with_history

from campaign.lib.bulk import rows_update
from referee.engine.systems.mordheim import effects as fx
from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.lists.loading import WarbandList
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot
from referee.engine.systems.mordheim.tables.pack_parser import MordheimPack
from roster.bridge.snapshots import WRITTEN_FIELDS, race_base, warband_snapshot, write_warrior
from roster.bridge.warriors import warrior_new
from roster.models import Holding, Warband, Warrior
from roster.services.treasury import treasury_apply

WEAPONS_AND_ARMOUR = {"close_combat", "missile", "armour"}
WARRIOR_FIELDS = [*WRITTEN_FIELDS, "injuries"]
REMOVED_STATUS = {"retired": Warrior.Status.RETIRED}


class EffectWriter:
    """Applies effects for a set of locked warbands; ``id_map`` maps engine-made ids to new rows."""

    def __init__(
        self,
        *,
        warbands: Sequence[Warband],
        pack: MordheimPack,
        settings: MordheimSettings,
        lists: dict[int, WarbandList],
        id_map: dict[str, int],
    ) -> None:
        self.warbands = {str(w.pk): w for w in warbands}
        self.pack, self.settings, self.lists, self.id_map = pack, settings, lists, id_map
        self._rows: dict[int, Warrior] = {}
        self._dirty: dict[int, Warrior] = {}
        self._holdings: dict[int | None, list[Holding]] | None = None
        self._gone: list[int] = []

    def snapshots(self) -> tuple[WarbandSnapshot, ...]:
        return tuple(
            warband_snapshot(w, warband_list=self.lists[w.pk], tables=self.pack.tables, settings=self.settings)
            for w in self.warbands.values()
        )

    def _warrior(self, engine_id: str) -> Warrior | None:
        pk = self.id_map.get(engine_id) or (int(engine_id) if engine_id.isdigit() else None)
        if pk is None:
            return None
        if pk not in self._rows:
            found = Warrior.objects.filter(pk=pk, warband_id__in=[w.pk for w in self.warbands.values()]).first()
            if found is None:
                return None
            self._rows[pk] = found
        return self._rows[pk]

    def apply(self, effects: Sequence[fx.Effect]) -> None:
        """Apply ``effects`` in order: snapshot state first, then what snapshots do not hold."""
        # The warbands come with their warriors (``warbands_locked``): the writer changes those very rows, so
        # what is read after it (snapshots, rating) sees the changes without reading them again.
        self._rows = {w.pk: w for wb in self.warbands.values() for w in wb.warriors.all()}
        before = self.snapshots()
        after = apply_effects(before, effects)
        unchanged = {s.id: s for wb in before for s in wb.warriors}
        removed = {e.warrior: e for e in effects if isinstance(e, fx.RemoveWarrior)}
        promoted = {e.new_warrior: e.group for e in effects if isinstance(e, fx.PromoteToHero)}
        for e in effects:  # equipment leaves before the warrior does
            self._side_effect(e)
        for old, new in zip(before, after, strict=True):
            warband = self.warbands[old.id]
            new_ids = {w.id for w in new.warriors}
            for snap in old.warriors:
                if snap.id not in new_ids:
                    self._remove(snap.id, removed.get(snap.id))
            for snap in new.warriors:
                if unchanged.get(snap.id) == snap:
                    continue  # untouched by these effects: no write, no history row
                warrior = self._warrior(snap.id) or self._create(warband, snap, promoted.get(snap.id))
                write_warrior(warrior, snap, race_max=race_base(warrior, self.pack.tables, self.settings))
                self.changed(warrior)
            warband.shards = new.shards
        self._deleted()

    def _deleted(self) -> None:
        """Delete the lost equipment in one statement (each still gets its history row)."""
        if self._gone:
            Holding.objects.filter(pk__in=self._gone).delete()
            self._gone = []

    def changed(self, warrior: Warrior) -> None:
        """Mark a warrior's row to be written by ``flush`` (the caller's changes too, e.g. injuries)."""
        self._dirty[warrior.pk] = warrior

    def flush(self, warband_fields: Sequence[str] = ()) -> None:
        """Write what ``apply`` (and the caller) changed: one UPDATE and one history INSERT for every changed
        warrior, the same for the warbands (shards, flags and ``warband_fields``), instead of two a row."""
        warriors, warbands = list(self._dirty.values()), list(self.warbands.values())
        self._dirty = {}
        rows_update(Warrior, warriors, WARRIOR_FIELDS)
        rows_update(Warband, warbands, ["shards", "flags", *warband_fields])
        bulk_update_with_history(warriors, Warrior, [], batch_size=200)  # the history rows alone
        bulk_update_with_history(warbands, Warband, [], batch_size=200)

    def _kept(self, warrior: Warrior) -> Warrior:
        """A new row joins the loaded warriors, so what is read before ``flush`` (snapshots, ratings) has it."""
        self._rows[warrior.pk] = warrior
        loaded = getattr(warrior.warband, "_prefetched_objects_cache", {}).get("warriors")
        if loaded is not None and loaded._result_cache is not None:
            loaded._result_cache.append(warrior)
        return warrior

    def _held(self, warrior: Warrior) -> list[Holding]:
        """The warrior's equipment, from one read of both warbands' holdings."""
        if self._holdings is None:
            self._holdings = {}
            for h in Holding.objects.filter(warband_id__in=[w.pk for w in self.warbands.values()]).order_by("id"):
                self._holdings.setdefault(h.warrior_id, []).append(h)
        return self._holdings.get(warrior.pk, [])

    def _create(self, warband: Warband, snap: Any, group_id: str | None) -> Warrior:
        """A warrior the engine made: a Henchman promoted by the lad's got talent keeps his kit and his cost;
        what the engine changed (profile, experience, skills) is written from the snapshot afterwards."""
        group = self._warrior(group_id) if group_id else None
        warrior = warrior_new(
            warband=warband,
            warrior_type=self.lists[warband.pk].warrior_type(snap.type),
            name=f"{group.name} (promoted)" if group else "",
            kind=Warrior.Kind.HERO,
            is_leader=False,
            **({"cost": group.cost} if group else {}),
        )
        if group is not None:
            for holding in self._held(group):
                Holding.objects.create(
                    warband=warband, warrior=warrior, item_slug=holding.item_slug, price_paid=holding.price_paid
                )
        self.id_map[snap.id] = warrior.pk
        return self._kept(warrior)

    def _remove(self, engine_id: str, effect: fx.RemoveWarrior | None) -> None:
        warrior = self._warrior(engine_id)
        if warrior is None:
            return
        equipment = effect.equipment if effect else "lost"
        if equipment in ("stash", "captor"):
            self._deleted()  # what was lost before goes first, as it did
            self._holdings = None  # moved: read afresh if asked again
        if equipment == "stash":
            warrior.holdings.update(warrior=None)
        elif equipment == "captor" and effect and effect.to_warband in self.warbands:
            warrior.holdings.update(warrior=None, warband=self.warbands[effect.to_warband])
        else:
            self._gone.extend(h.pk for h in self._held(warrior) if h.pk not in self._gone)
        warrior.status = REMOVED_STATUS.get(effect.reason, Warrior.Status.DEAD) if effect else Warrior.Status.DEAD
        if warrior.kind == Warrior.Kind.HENCHMAN:
            warrior.count = 0
        self.changed(warrior)

    def _side_effect(self, e: fx.Effect) -> None:
        if isinstance(e, fx.AddGold):
            treasury_apply(warband=self.warbands[e.warband], amount=e.amount, reason="income", detail=e.source)
        elif isinstance(e, fx.SellShards):
            treasury_apply(
                warband=self.warbands[e.warband], amount=e.gold, reason="wyrdstone_sale", detail=f"{e.shards} shards"
            )
        elif isinstance(e, fx.AddItem):
            holder = self._warrior(e.warrior) if e.warrior else None
            catalogue = self.pack.catalogue
            # What it is worth: a gem's rolled value, else the chart's price (the half it sells for, MH-TRD-06).
            worth = e.value or (catalogue.item(e.item).cost if e.item in catalogue else 0)
            for _unit in range(e.quantity):
                Holding.objects.create(
                    warband=self.warbands[e.warband], warrior=holder, item_slug=e.item[:60], price_paid=worth
                )
            self._holdings = None  # new equipment: read afresh if asked again
        elif isinstance(e, fx.LoseEquipment):
            warrior = self._warrior(e.warrior)
            if warrior is not None:
                self._lose(warrior, e.which)
        elif isinstance(e, fx.SetWarbandFlag):
            warband = self.warbands[e.warband]
            warband.flags = {**warband.flags, e.flag: e.value}  # written by ``flush``
        elif isinstance(e, fx.GainSpell):
            warrior = self._warrior(e.warrior)
            if warrior is not None:
                warrior.flags = {**warrior.flags, "spells_pending": int(warrior.flags.get("spells_pending", 0)) + 1}
                self.changed(warrior)
        elif isinstance(e, fx.AddRecruit):
            self._recruit(e)

    def _lose(self, warrior: Warrior, which: str) -> None:
        catalogue = self.pack.catalogue
        for holding in self._held(warrior):
            item = catalogue.items.get(holding.item_slug)
            if (which == "all" or (item is not None and item.category in WEAPONS_AND_ARMOUR)) and (
                holding.pk not in self._gone
            ):
                self._gone.append(holding.pk)

    def _recruit(self, e: fx.AddRecruit) -> None:
        warband = self.warbands[e.warband]
        warband_list = self.lists[warband.pk]
        if not warband_list.has_type(e.what):
            return  # the list has no such type (a free human henchman is hired by the player as normal)
        self._kept(warrior_new(warband=warband, warrior_type=warband_list.warrior_type(e.what), count=e.count))
