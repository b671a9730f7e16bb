"""The bridge between roster rows and the engine's snapshots, both ways.

The engine (``referee.engine.systems.mordheim``) reasons about frozen snapshots;
``apply.py`` there is the reference meaning of every effect on them. Here we
build snapshots from the database, and after effects are applied to the
snapshots we write the differences back, so each effect's meaning lives in one
place. Effects on things snapshots do not hold (gold, items, new recruits) are
persisted by ``roster.aftermath.run``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext as _

from campaign.lib.errors import Conflict
from referee.engine.systems.mordheim.lists.loading import WarbandList
from referee.engine.systems.mordheim.state import (
    HENCHMAN,
    HERO,
    POSSESSED,
    SISTERS,
    SKAVEN,
    STATS,
    UNDEAD,
    WITCH_HUNTERS,
    Hatred,
    MordheimSettings,
    Profile,
    SnapshotError,
    WarbandSnapshot,
    WarriorFlags,
    WarriorSnapshot,
)
from referee.engine.systems.mordheim.tables.book import MordheimTables
from roster.bridge.packs import list_of, settings_of, tables_of
from roster.models import Warband, Warrior

# Which warband lists belong to a family whose rules change post-battle results
# (captives, exploration). Follow-up: carry this as a field of the list data.
FACTIONS = {
    "undead": UNDEAD,
    "cult_of_the_possessed": POSSESSED,
    "skaven_eshin": SKAVEN,
    "witch_hunters": WITCH_HUNTERS,
    "sisters_of_sigmar": SISTERS,
}
ENGINE_FLAGS = {f for f in WarriorFlags.__dataclass_fields__ if f != "missed_games"}


def _profile(raw: Mapping[str, Any]) -> Profile:
    return Profile(tuple(int(raw.get(stat, 0)) for stat in STATS))


def race_base(warrior: Warrior, tables: MordheimTables, settings: MordheimSettings) -> Profile:
    """The racial maximum before any change the warrior's own history made to it."""
    try:
        return tables.race_maximum(warrior.race, settings) if warrior.race else _profile(warrior.profile)
    except KeyError:
        return _profile(warrior.profile)  # no verified maximum: the warrior's own profile caps it


def _max_profile(warrior: Warrior, tables: MordheimTables, settings: MordheimSettings) -> Profile:
    base = race_base(warrior, tables, settings)
    deltas = warrior.flags.get("max_delta", {})
    return Profile(tuple(base[stat] + int(deltas.get(stat, 0)) for stat in STATS))


def _flags(warrior: Warrior) -> WarriorFlags:
    raw = warrior.flags
    return WarriorFlags(
        old_battle_wounds=int(raw.get("old_battle_wounds", 0)),
        blinded_eye=raw.get("blinded_eye"),
        stupidity=bool(raw.get("stupidity", False)),
        frenzy=bool(raw.get("frenzy", False)),
        immune_to_fear=bool(raw.get("immune_to_fear", False)),
        causes_fear=bool(raw.get("causes_fear", False)),
        hatreds=tuple(Hatred(h["kind"], h["target"]) for h in raw.get("hatreds", [])),
        cannot_run=bool(raw.get("cannot_run", False)),
        arm_restriction=raw.get("arm_restriction"),
        missed_games=warrior.missed_games,
        captive_of=raw.get("captive_of"),
    )


def warrior_snapshot(
    warrior: Warrior, *, warband_list: WarbandList, tables: MordheimTables, settings: MordheimSettings
) -> WarriorSnapshot:
    special = ""
    if warband_list.has_type(warrior.type_slug):
        special = " ".join(warband_list.warrior_type(warrior.type_slug).special).lower()
    return WarriorSnapshot(
        id=str(warrior.pk),
        kind=HERO if warrior.kind == Warrior.Kind.HERO else HENCHMAN,
        type=warrior.type_slug,
        race=warrior.race or "",
        profile=_profile(warrior.profile),
        max_profile=_max_profile(warrior, tables, settings),
        count=warrior.count,
        xp=warrior.xp,
        starting_xp=warrior.starting_xp,
        skills=tuple(warrior.skills),
        skill_lists=tuple(warrior.skill_lists),
        flags=_flags(warrior),
        is_leader=warrior.is_leader,
        is_wizard="wizard" in special,
        large=warrior.large,
        gains_xp=warrior.gains_xp,
        raised=tuple(warrior.flags.get("raised", [])),
    )


def warband_snapshot(
    warband: Warband,
    *,
    warband_list: WarbandList,
    tables: MordheimTables,
    settings: MordheimSettings,
    rating: int | None = None,
) -> WarbandSnapshot:
    """The warband as it stands, with only warriors on the roster (captives included)."""
    warriors = sorted((w for w in warband.warriors.all() if w.on_roster), key=lambda w: w.pk)
    common = ("combat", "shooting", "academic", "strength", "speed")
    own = tuple(sl.id for sl in warband_list.skill_lists)
    return WarbandSnapshot(
        id=str(warband.pk),
        rating=warband.rating if rating is None else rating,
        list_slug=warband.list_slug,
        warriors=tuple(
            warrior_snapshot(w, warband_list=warband_list, tables=tables, settings=settings) for w in warriors
        ),
        hero_slots_max=warband_list.max_heroes,
        shards=warband.shards,
        faction=FACTIONS.get(warband.list_slug, ""),
        hero_skill_lists=(*common, *own),
        catacomb_entrance=bool(warband.flags.get("catacomb_entrance")),
        straggler_extra_die=bool(warband.flags.get("straggler_extra_die")),
    )


def flags_to_json(snapshot: WarriorSnapshot, base: Mapping[str, Any], *, race_max: Profile) -> dict[str, Any]:
    """The warrior's ``flags`` column after the engine changed its snapshot (keeps non-engine keys)."""
    out = {k: v for k, v in base.items() if k not in ENGINE_FLAGS}
    for key, value in asdict(snapshot.flags).items():
        if key == "missed_games":
            continue
        if key == "hatreds":
            value = [{"kind": h["kind"], "target": h["target"]} for h in value]
        if value not in (None, False, 0, [], ()):
            out[key] = value
        else:
            out.pop(key, None)
    deltas = {s: snapshot.max_profile[s] - race_max[s] for s in STATS if snapshot.max_profile[s] != race_max[s]}
    if deltas:
        out["max_delta"] = deltas
    else:
        out.pop("max_delta", None)
    if snapshot.raised:
        out["raised"] = list(snapshot.raised)
    return out


WRITTEN_FIELDS = ["profile", "xp", "starting_xp", "count", "skills", "skill_lists", "missed_games", "flags", "status"]


def write_warrior(warrior: Warrior, snapshot: WarriorSnapshot, *, race_max: Profile) -> None:
    """Set on ``warrior`` what the engine may have changed (the caller saves, see WRITTEN_FIELDS)."""
    warrior.profile = snapshot.profile.to_dict()
    warrior.xp = snapshot.xp
    warrior.starting_xp = snapshot.starting_xp
    warrior.count = snapshot.count
    warrior.skills = list(snapshot.skills)
    warrior.skill_lists = list(snapshot.skill_lists)
    warrior.missed_games = snapshot.flags.missed_games
    warrior.flags = flags_to_json(snapshot, warrior.flags, race_max=race_max)
    warrior.status = Warrior.Status.CAPTIVE if snapshot.flags.captive_of else Warrior.Status.ACTIVE


def snapshot_of(warband: Warband) -> WarbandSnapshot:
    """The warband and every warrior still on its roster, read with its campaign's pinned rules; 409 when
    the engine cannot read it (a refusal a person can act on, not a 500)."""
    campaign = warband.campaign
    try:
        return warband_snapshot(
            warband, warband_list=list_of(warband), tables=tables_of(campaign), settings=settings_of(campaign)
        )
    except SnapshotError as exc:
        raise Conflict(
            _("Warband %(name)s cannot be read by the rules engine: %(problem)s")
            % {"name": warband.name, "problem": exc},
            code="roster_unreadable",
        ) from None
