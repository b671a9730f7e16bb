"""What the Mordheim engine needs to know about warbands, and the league's rulings.

Snapshots are frozen: the Django side builds them from the roster, hands them to
the engine, and applies the effects the engine returns. ``MordheimSettings``
holds one field for every [INTERP]/[DISC] choice of the spec that a league may
rule differently; the defaults are the spec's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Final, Literal

from referee.engine.system_settings import SettingsBase, setting

STATS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
HERO: Final = "hero"
HENCHMAN: Final = "henchman"
WarriorKind = Literal["hero", "henchman"]

# Warband families whose rules change a post-battle result (captives, exploration).
UNDEAD = "undead"
POSSESSED = "possessed"
SKAVEN = "skaven"
WITCH_HUNTERS = "witch_hunters"
SISTERS = "sisters_of_sigmar"


class SnapshotError(ValueError):
    """A snapshot or settings dict that cannot be read."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The nine characteristics, in the spec's order (M WS BS S T W I A Ld)."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.values) != len(STATS):
            raise SnapshotError(f"a profile needs {len(STATS)} values, got {len(self.values)}")

    def __getitem__(self, stat: str) -> int:
        return self.values[STATS.index(stat)]

    def with_delta(self, stat: str, delta: int) -> Profile:
        i = STATS.index(stat)
        return Profile((*self.values[:i], self.values[i] + delta, *self.values[i + 1 :]))

    def to_dict(self) -> dict[str, int]:
        return dict(zip(STATS, self.values, strict=True))

    @classmethod
    def from_dict(cls, raw: Mapping[str, int]) -> Profile:
        missing = [s for s in STATS if s not in raw]
        if missing:
            raise SnapshotError(f"profile is missing {', '.join(missing)}")
        return cls(tuple(int(raw[s]) for s in STATS))

    @classmethod
    def of(cls, *values: int) -> Profile:
        return cls(tuple(values))


@dataclass(frozen=True, slots=True)
class Hatred:
    """A Bitter Enmity target: kind is a ``bitter_enmity`` result id."""

    kind: str
    target: str


@dataclass(frozen=True, slots=True)
class WarriorFlags:
    """Lasting conditions from injuries and locations."""

    old_battle_wounds: int = 0
    blinded_eye: str | None = None  # "left" / "right"
    stupidity: bool = False
    frenzy: bool = False
    immune_to_fear: bool = False
    causes_fear: bool = False
    hatreds: tuple[Hatred, ...] = ()
    cannot_run: bool = False
    arm_restriction: str | None = None
    missed_games: int = 0
    captive_of: str | None = None  # captor warband id


@dataclass(frozen=True, slots=True)
class WarriorSnapshot:
    """A Hero or a Henchman group as it stands before the post-battle sequence.

    ``raised`` lists characteristics a Henchman group has already raised by an
    advance (MH-ADV-K-02). ``count`` is the number of models of a group.
    """

    id: str
    kind: WarriorKind
    type: str
    race: str
    profile: Profile
    max_profile: Profile
    count: int = 1
    xp: int = 0
    starting_xp: int = 0
    skills: tuple[str, ...] = ()
    skill_lists: tuple[str, ...] = ()
    flags: WarriorFlags = field(default_factory=WarriorFlags)
    is_leader: bool = False
    is_wizard: bool = False
    large: bool = False
    hired_sword: bool = False
    gains_xp: bool = True
    raised: tuple[str, ...] = ()
    models: tuple[str, ...] = ()

    @property
    def is_hero(self) -> bool:
        return self.kind == HERO


@dataclass(frozen=True, slots=True)
class WarbandSnapshot:
    """A warband: ``faction`` is the list family used by special results (``undead``...)."""

    id: str
    rating: int
    list_slug: str
    warriors: tuple[WarriorSnapshot, ...]
    hero_slots_max: int = 6
    shards: int = 0
    faction: str = ""
    hero_skill_lists: tuple[str, ...] = ("combat", "shooting", "academic", "strength", "speed")
    catacomb_entrance: bool = False
    straggler_extra_die: bool = False
    exploration_rerolls: tuple[str, ...] = ()  # extra one-die re-roll sources (Mordheim Map...)
    exploration_adjusts: tuple[str, ...] = ()  # +/-1 to one die sources (Elf Ranger)

    def warrior(self, warrior_id: str) -> WarriorSnapshot:
        for w in self.warriors:
            if w.id == warrior_id:
                return w
        raise SnapshotError(f"warband {self.id} has no warrior {warrior_id!r}")

    def has(self, warrior_id: str) -> bool:
        return any(w.id == warrior_id for w in self.warriors)

    @property
    def leader(self) -> WarriorSnapshot | None:
        return next((w for w in self.warriors if w.is_leader), None)


def find_warrior(
    warbands: tuple[WarbandSnapshot, ...], warrior_id: str
) -> tuple[WarbandSnapshot, WarriorSnapshot]:
    """The warband and warrior for an id across all warbands."""
    for wb in warbands:
        for w in wb.warriors:
            if w.id == warrior_id:
                return wb, w
    raise SnapshotError(f"no warrior {warrior_id!r} in any warband")


def find_warband(warbands: tuple[WarbandSnapshot, ...], warband_id: str) -> WarbandSnapshot:
    for wb in warbands:
        if wb.id == warband_id:
            return wb
    raise SnapshotError(f"no warband {warband_id!r}")


ARM_SINGLE = "single_one_handed_weapon"
ARM_ONE_HANDED = "one_handed_weapons_only"


@dataclass(frozen=True)
class MordheimSettings(SettingsBase):
    """Per-campaign rulings. Each field names the rule whose [INTERP]/[DISC] it settles (``ref``)."""

    KIND: ClassVar[str] = "Mordheim"

    # S1's "a single one-handed weapon" (default) or the SEED's wording.
    arm_wound_restriction: str = setting(ARM_SINGLE, "MH-INJ-H-07", choices=(ARM_SINGLE, ARM_ONE_HANDED))
    # A second Blinded result retires the Hero; his equipment "lost" or "stash".
    second_blinding_retires: bool = setting(True, "MH-INJ-H-11")
    retired_hero_equipment: str = setting("lost", "MH-INJ-H-11", choices=("lost", "stash"))
    # One pre-battle D6 per Old Battle Wound (False: one roll however many).
    old_battle_wound_roll_each: bool = setting(True, "MH-INJ-H-12")
    # A Hero who loses a pit fight keeps non-weapon, non-armour equipment.
    pit_loser_keeps_other_equipment: bool = setting(True, "MH-INJ-H-24")
    # Miss-next-game results do not add up (True would add them).
    missed_games_stack: bool = setting(False, "MH-INJ-H-28")
    # Captured heroes still earn this battle's XP (the spec is silent; he did survive).
    captive_gains_battle_xp: bool = setting(True)
    # The underdog bonus goes only to warriors earning survival XP.
    underdog_requires_survival: bool = setting(True, "MH-UND-03")
    # Henchman XP counts once per model in the rating.
    rating_henchman_xp_per_model: bool = setting(True, "MH-XP-08")
    # MH-ADV-K-08 / every "re-roll until": attempts before giving up.
    reroll_guard: int = setting(200, "MH-ADV-K-08", minimum=1)
    # Incompatible skills may both be owned (with a warning).
    allow_incompatible_skills: bool = setting(True, "MH-SKL-03")
    # Haggle uses per Hero per post-battle sequence.
    haggle_uses_per_hero: int = setting(1, "MH-SKL-05", minimum=0)
    # Each searching Wyrdstone Hunter gives a re-roll (False: one per warband).
    wyrdstone_hunter_rerolls_stack: bool = setting(True, "MH-SKL-06")
    # [FILL:S1 only]: dice kept for exploration.
    exploration_max_dice_kept: int = setting(6, "MH-INC-03", minimum=1)
    # Heroes who sat the battle out add an exploration die.
    exploration_absent_heroes_roll: bool = setting(False, "MH-INC-02")
    # Hired Swords count towards the sale band; Heroes missing games do.
    wyrdstone_sale_hired_swords_count: bool = setting(False, "MH-WYR-05")
    wyrdstone_sale_count_missing: bool = setting(True, "MH-WYR-05")
    # +1 XP per counter carried (False: +1 per carrier).
    wyrdstone_hunt_xp_per_counter: bool = setting(True, "MH-SCN3-05")
    # Counters at least 10" from an edge (True: S7's "more than").
    wyrdstone_counter_edge_strict: bool = setting(False, "MH-SCN3-01")
    # D6 needed for the Sword in the chest (SEED 4+, English 3+).
    hidden_treasure_sword_need: int = setting(4, "MH-SCN7-05", minimum=1, maximum=6)
    # Occupy lasts this many turns per player.
    occupy_max_turns: int = setting(8, "MH-SCN8-04", minimum=1)
    # An enemy Hero taken OOA by no recorded model counts for the other side in a two-warband game.
    unattributed_ooa_counts: bool = setting(True, "MH-SCN6-04")
    # Halfling Initiative maximum (S1 9, S5 8); Gor uses S1's unverified row.
    halfling_initiative_max: int = setting(9, "MH-CAP-06", minimum=1, maximum=10)
    gor_uses_candidate_maximum: bool = setting(True, "MH-CAP-06")
