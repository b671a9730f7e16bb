"""Per-campaign settings for the intrigue game: every GAP and CONFIG item of the spec.

Each field's metadata names the spec item it settles (``ref``) and, for enumerations, the
allowed ``choices``. The defaults are the spec's defaults; a league rules differently by
storing a different value, never by changing code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any


class SettingsError(ValueError):
    """A settings value that cannot be used; ``field`` names it."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.field = name
        self.message = message


def _opt(default: Any, ref: str, doc: str, choices: tuple[Any, ...] = (), minimum: int | None = None) -> Any:
    return field(default=default, metadata={"ref": ref, "doc": doc, "choices": choices, "minimum": minimum})


@dataclass(frozen=True)
class WeeklyMovesSettings:
    """Campaign settings; see each field's ``ref`` (GAP-nn / CONFIG rule) and ``doc``."""

    moves_per_week: int = _opt(
        1, "GAP-04 WM-GEN-01", "Moves (not free actions) each actor may submit per week.", minimum=0
    )
    free_actions_per_week: int | None = _opt(
        None, "GAP-04 WM-GEN-01", "Free actions per player per week; None: any number.", minimum=0
    )
    free_action_timing: str = _opt(
        "before",
        "GAP-04 WM-GEN-01",
        "Where a free action goes when its author did not say: before or after their move.",
        ("before", "after"),
    )
    default_move: str = _opt(
        "none",
        "CONFIG (DESIGN §4)",
        "What a player who sent nothing does.",
        ("none", "ingredient_search", "call_of_duty"),
    )
    decision_mode: str = _opt(
        "pause",
        "WM-ABL-03",
        "A decision nobody pre-declared: pause for the answer, or let the engine take "
        "the first valid option.",
        ("pause", "auto"),
    )
    on_invalid_at_resolution: str = _opt(
        "replace",
        "WM-ABL-02",
        "A move invalid by the time it resolves: ask for a replacement, or lose it.",
        ("replace", "lose"),
    )
    replacement_hours: int = _opt(
        24,
        "WM-ABL-02",
        "Hours an actor has to send a replacement for a move that became invalid; then the move is lost.",
        minimum=1,
    )
    submission_info_check: bool = _opt(
        True, "WM-GEN-01", "Check info requirements at submission against the info held then."
    )
    steal_choice: str = _opt(
        "stash_list",
        "GAP-02",
        "How a spy (or a killer, WM-CMB-07) chooses loot: from the stash list shown to "
        "them only, or blind (random).",
        ("stash_list", "blind"),
    )
    spy_target_told_on_success: bool = _opt(False, "GAP-03", "Whether a spied-on target learns of a hit.")
    combat_target_learns_attacker: bool = _opt(True, "GAP-03", "Whether a combat target learns who attacked.")
    spy_miss_requirements: bool = _opt(
        True,
        "GAP-05",
        "After a Spying miss, the target's pick must meet the info requirements "
        "(Info(target->spy), week-1 limit).",
    )
    info_cap: int = _opt(3, "GAP-06", "Highest info level one player can hold about another.", minimum=1)
    steal_counts_same_move_info: bool = _opt(
        True, "GAP-07 WM-SPY-06", "Info gained by an earlier pick of the same move counts toward Steal."
    )
    preparedness_floor: int = _opt(0, "GAP-08", "Lowest Preparedness outside Troubles.")
    preparedness_max: int | None = _opt(None, "GAP-08 GAP-14", "Highest Preparedness; None: no maximum.")
    debt_floor: int = _opt(0, "GAP-08", "Lowest Debt.")
    debt_cap: int = _opt(6, "GAP-08 WM-CNT-02", "Highest Debt (Troubles never push past it).")
    debt_cap_global: bool = _opt(
        True, "GAP-08 WM-DUT-03", "The Debt cap binds every rule, not only Troubles."
    )
    combat_companion_choice: str = _opt(
        "picker",
        "GAP-09 WM-CMB-06",
        "Which companion a Wound pick hits: the picker's choice, or random.",
        ("picker", "random"),
    )
    death_rule: str = _opt(
        "gm",
        "GAP-10 WM-CMB-09",
        "How a player dies: only by GM ruling (Preparedness reaching the floor is "
        "flagged), or automatically when Preparedness reaches the floor.",
        ("gm", "preparedness_floor"),
    )
    ritual_counts_dead: bool = _opt(
        False, "GAP-10 WM-RIT-01", "Computing the Ritual needs shelter info on dead players too."
    )
    troubles_random_excludes_inactive: bool = _opt(
        True, "GAP-11 WM-TRB-05", "Troubles results 3 and 6 never pick a dead player or one out of the Game."
    )
    contradiction_scope: str = _opt(
        "week",
        "GAP-12 WM-TRB-02",
        "What a Troubles result may not contradict: everything the actor submitted "
        "this week, or only the move that caused it.",
        ("week", "move"),
    )
    contradiction_by_analogy: bool = _opt(
        True, "WM-TRB-02", "Result 1 is skipped while the actor raises their own Preparedness."
    )
    troubles_companion_choice: str = _opt(
        "affected",
        "WM-TRB-01",
        "Which healthy companion result 2 wounds: the affected player's choice, or random.",
        ("affected", "random"),
    )
    week1_info_limit_all_sources: bool = _opt(
        True, "GAP-13 WM-INFO-02", "The week-1 limit of 1 info binds every source, not only Spying."
    )
    invalid_info_scope: str = _opt(
        "shelter",
        "WM-ABL-02 WM-INFO-01",
        "An invalidated holding counts as no info for the rules that need the "
        "shelter (combat, Call of duty, Ritual) or for every rule.",
        ("shelter", "all"),
    )
    xp_max: int | None = _opt(None, "GAP-14 WM-CNT-01", "Highest XP; None: no maximum.")
    companion_move_kinds: tuple[str, ...] = _opt(
        ("deadly_combat", "preparation", "help"), "GAP-01", "Which move types a companion may take."
    )
    companion_stats: str = _opt(
        "own",
        "GAP-01",
        "A companion rolls with its own stats (0 when unset) or its master's.",
        ("own", "master"),
    )
    companion_info: str = _opt(
        "master",
        "GAP-01 GAP-15",
        "Whose info a companion acts with: its master's holdings or its own.",
        ("master", "own"),
    )
    companion_prep_source: str = _opt(
        "master", "GAP-01 WM-PREP-02", "Whose ingredient a companion's Preparation spends.", ("master", "own")
    )
    help_miss: str = _opt(
        "as_well",
        "GAP-16 WM-HELP-03",
        "On a Help miss the helped roll still stands (as_well) or is replaced by the miss (instead).",
        ("as_well", "instead"),
    )
    exchange_items_per_side: int = _opt(
        1, "GAP-17 WM-EXCH-01", "Items each side offers in one Exchange.", minimum=1
    )
    exchange_info: str = _opt(
        "either",
        "WM-EXCH-01",
        "Who must hold Info >= 1 on the other: the visiting side (either) or both.",
        ("either", "both"),
    )
    services_refusable: bool = _opt(False, "GAP-17 WM-EXCH-02", "Whether a promised service may be refused.")
    ritual_relay_allowed: bool = _opt(
        False, "WM-EXCH-01 CONFIG", "A Ritual location received by Exchange may be passed on."
    )
    ingredient_choice: str = _opt(
        "random",
        "WM-ING-02 CONFIG",
        "Who picks a found ingredient: drawn from the catalogue, or the GM.",
        ("random", "gm"),
    )
    ingredient_catalogue: tuple[str, ...] = _opt(
        (), "WM-ING-02 CONFIG", "Ingredient slugs to find; empty: the rules pack's catalogue."
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices") or ()
            minimum = f.metadata.get("minimum")
            default = f.default if f.default is not MISSING else None
            if isinstance(default, bool) and not isinstance(value, bool):
                raise SettingsError(f.name, "must be true or false")
            if isinstance(default, tuple) and (
                not isinstance(value, tuple) or not all(isinstance(v, str) for v in value)
            ):
                raise SettingsError(f.name, "must be a list of strings")
            if choices and value not in choices:
                raise SettingsError(f.name, f"must be one of {', '.join(map(str, choices))}")
            if f.type in ("int", "int | None") and value is not None:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsError(f.name, "must be a whole number")
                if minimum is not None and value < minimum:
                    raise SettingsError(f.name, f"must be at least {minimum}")
        if self.preparedness_max is not None and self.preparedness_max <= self.preparedness_floor:
            raise SettingsError("preparedness_max", "must be above preparedness_floor")
        if self.debt_cap <= self.debt_floor:
            raise SettingsError("debt_cap", "must be above debt_floor")
        unknown = set(self.companion_move_kinds) - {
            "deadly_combat",
            "preparation",
            "help",
            "spying",
            "call_of_duty",
            "ingredient_search",
            "exchange",
        }
        if unknown:
            raise SettingsError("companion_move_kinds", f"unknown move types: {', '.join(sorted(unknown))}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WeeklyMovesSettings:
        """Defaults overridden by ``data``; unknown keys and bad values raise :class:`SettingsError`."""
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise SettingsError(key, "is not a weekly-moves setting")
            kwargs[key] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    def with_(self, **changes: Any) -> WeeklyMovesSettings:
        return replace(self, **changes)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every setting with its default, spec reference and description (for the organiser's UI)."""
        out = []
        for f in fields(cls):
            default = f.default
            out.append(
                {
                    "name": f.name,
                    "default": list(default) if isinstance(default, tuple) else default,
                    "ref": f.metadata["ref"],
                    "doc": f.metadata["doc"],
                    "choices": list(f.metadata["choices"]),
                }
            )
        return out
