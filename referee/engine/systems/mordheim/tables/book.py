"""The Mordheim tables (``fixtures/mordheim/tables.json``) as typed objects.

``MordheimTables.from_json`` reads the file once and refuses malformed data
with a :class:`PackError` naming the file and the entry, so a broken pack stops
start-up instead of a post-battle sequence. Result ids are the JSON's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from referee.engine.packfiles import PackError
from referee.engine.systems.mordheim.state import STATS, MordheimSettings, Profile
from referee.engine.systems.mordheim.tables.types import (
    HENCHMAN_ADVANCE_IDS,
    HERO_ADVANCE_IDS,
    HERO_INJURY_IDS,
    CaptureOption,
    Location,
    RaceMaximum,
    Reward,
    SaleBand,
    ScenarioInfo,
    ShardBand,
    SkillInfo,
    XpAward,
    parse_reward,
)
from referee.engine.tables import RollTable, TableError, parse_table


@dataclass(frozen=True)
class MordheimTables:
    """Every Mordheim table the post-battle and pre-battle engine uses."""

    hero_injury: RollTable
    henchman_injury: RollTable
    injury_sub: Mapping[str, RollTable]
    bitter_enmity: RollTable
    capture_options: tuple[CaptureOption, ...]
    pits_lose_values: tuple[int, ...]
    pits_win_gold: int
    pits_win_xp: int
    hero_advance: RollTable
    hero_advance_pairs: Mapping[str, tuple[str, str]]
    henchman_advance: RollTable
    hero_thresholds: tuple[int, ...]
    henchman_thresholds: tuple[int, ...]
    underdog: tuple[tuple[int, int | None, int], ...]
    rating_per_warrior: int
    rating_large: int
    races: Mapping[str, RaceMaximum]
    scenario_table: RollTable
    scenarios: Mapping[str, ScenarioInfo]
    max_dice_kept: int
    shard_bands: tuple[ShardBand, ...]
    locations: Mapping[tuple[int, int], Location]
    sale_bands: tuple[SaleBand, ...]
    sale_rows: Mapping[int, Mapping[str, int]]
    skill_lists: Mapping[str, tuple[str, ...]]
    skills: Mapping[str, SkillInfo]

    @classmethod
    def from_json(cls, raw: Mapping[str, Any], *, file: str = "tables.json") -> MordheimTables:
        where = [""]
        try:
            return _build(raw, where)
        except TableError as exc:
            raise PackError(file, exc.entry, exc.message) from exc
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise PackError(file, where[0], f"malformed data ({exc!r})") from exc

    def race_maximum(self, race: str, settings: MordheimSettings) -> Profile:
        """MH-CAP-06: the racial maximum profile, with the league's rulings on disputed rows."""
        r = self.races.get(race)
        if r is None:
            raise KeyError(f"unknown race {race!r}")
        if r.max is not None:
            prof = r.max
            if race == "halfling":
                prof = prof.with_delta("I", settings.halfling_initiative_max - prof["I"])
            return prof
        if r.candidate is not None and settings.gor_uses_candidate_maximum:
            return r.candidate
        raise KeyError(f"race {race!r} has no verified maximum profile")


def _need(cond: bool, entry: str, message: str) -> None:
    if not cond:
        raise TableError(entry, message)


def _table(
    name: str, raw: Mapping[str, Any], ids: tuple[str, ...] | None = None, dice: str | None = None
) -> RollTable:
    table = parse_table(name, raw, dice=dice)
    if ids is not None:
        found = {e.id for e in table.entries}
        _need(found == set(ids), name, f"expected result ids {sorted(ids)}, found {sorted(found)}")
    return table


def _profile(raw: Any, entry: str) -> Profile:
    _need(
        isinstance(raw, Mapping) and all(isinstance(raw.get(s), int) for s in STATS),
        entry,
        f"a profile needs whole numbers for {', '.join(STATS)}",
    )
    return Profile.from_dict(raw)


def _location(raw: Mapping[str, Any]) -> Location:
    loc_id = str(raw["id"])
    summary = raw.get("summary") or {}
    sub = summary.get("sub_roll")
    sub_table = None
    sub_rewards: dict[str, Reward] = {}
    if sub is not None:
        sub_table = _table(f"exploration.multiples.{loc_id}.sub_roll", sub)
        sub_rewards = {e.id: parse_reward(e.id) for e in sub_table.entries}
    items = tuple(
        parse_reward(str(i["item"]), need=None if i.get("automatic") else int(i["need"]))
        for i in summary.get("items", ())
    )
    count, face = int(raw["count"]), int(raw["face"])
    _need(2 <= count <= 6 and 1 <= face <= 6, f"exploration.multiples.{loc_id}", "count 2-6 and face 1-6")
    return Location(
        loc_id,
        count,
        face,
        str(raw["en"]),
        MappingProxyType(dict(summary)),
        sub_table,
        MappingProxyType(sub_rewards),
        items,
    )


def _scenario(raw: Mapping[str, Any]) -> ScenarioInfo:
    sid = str(raw["id"])
    awards = tuple(XpAward(str(a["id"]), int(a["value"])) for a in raw.get("xp_awards", ()))
    chest_raw = (raw.get("chest") or {}).get("items", ())
    chest = tuple(
        Reward(
            "gold" if c["item"] == "gc" else "shards" if c["item"] == "wyrdstone_shard" else "item",
            str(c["quantity"]),
            "" if c["item"] in ("gc", "wyrdstone_shard") else str(c["item"]),
            str(c["en"]),
            "10" if c["item"] == "gem_10gc" else "",
            None if c.get("automatic") else int(c["need"]),
        )
        for c in chest_raw
    )
    return ScenarioInfo(
        int(raw["number"]),
        sid,
        str(raw["en"]),
        str(raw["ru"]),
        int(raw["table_roll"]),
        awards,
        chest,
        MappingProxyType(dict(raw)),
    )


def _build(raw: Mapping[str, Any], where: list[str]) -> MordheimTables:
    """Parse every section; ``where[0]`` names the section being read, for error messages."""
    where[0] = "serious_injury_hero"
    hero_injury = _table("serious_injury_hero", raw["serious_injury_hero"], HERO_INJURY_IDS)
    sub: dict[str, RollTable] = {}
    for e in hero_injury.entries:
        sr = e.data.get("sub_roll")
        if sr is not None and "results" in sr:
            sub[e.id] = _table(f"serious_injury_hero.{e.id}.sub_roll", sr)
    _need(
        set(sub) == {"INJ_ARM_WOUND", "INJ_MADNESS", "INJ_SMASHED_LEG"},
        "serious_injury_hero",
        "Arm Wound, Madness and Smashed Leg need D6 sub-tables",
    )
    henchman = _table("serious_injury_henchman", raw["serious_injury_henchman"], ("HINJ_REMOVED", "HINJ_OK"))
    enmity = _table(
        "bitter_enmity",
        raw["bitter_enmity"],
        ("HATE_INDIVIDUAL", "HATE_LEADER", "HATE_WARBAND", "HATE_WARBAND_TYPE"),
    )
    where[0] = "captured_options"
    captures = tuple(
        CaptureOption(
            str(o["id"]),
            o.get("restricted_to_captor"),
            bool(o["captive_returns"]),
            o.get("captor_gains_gc"),
            int(o.get("captor_leader_xp", 0)),
        )
        for o in raw["captured_options"]["options"]
    )
    where[0] = "sold_to_pits"
    pits = raw["sold_to_pits"]
    lose_values = tuple(int(v) for v in pits["lose"]["d66_values"])
    _need(
        all(v in hero_injury.valid_values and v <= 35 for v in lose_values),
        "sold_to_pits.lose",
        "d66_values must be valid D66 rolls of 35 or less",
    )
    hero_adv = _table("advance_hero", raw["advance_hero"], HERO_ADVANCE_IDS)
    pairs: dict[str, tuple[str, str]] = {}
    for e in hero_adv.entries:
        entry = f"advance_hero.{e.id}"
        if "sub_roll" in e.data:
            sub_rows = [{**r, "id": r.get("stat")} for r in e.data["sub_roll"]["results"]]
            t = _table(entry + ".sub_roll", {"dice": "D6", "results": sub_rows})
            stats = tuple(str(x.data["stat"]) for x in t.entries)
            _need(len(stats) == 2 and t.entries[0].values == (1, 2, 3), entry, "sub-roll must be 1-3 / 4-6")
            pairs[e.id] = (stats[0], stats[1])
        elif "choice" in e.data:
            pairs[e.id] = (str(e.data["choice"][0]), str(e.data["choice"][1]))
    _need(all(s in STATS for p in pairs.values() for s in p), "advance_hero", "unknown characteristic")
    henchman_adv = _table("advance_henchman", raw["advance_henchman"], HENCHMAN_ADVANCE_IDS)
    where[0] = "xp_thresholds"
    xp = raw["xp_thresholds"]
    hero_t, hench_t = tuple(int(v) for v in xp["hero"]), tuple(int(v) for v in xp["henchman_group"])
    for name, seq in (("hero", hero_t), ("henchman_group", hench_t)):
        _need(
            bool(seq) and list(seq) == sorted(set(seq)),
            f"xp_thresholds.{name}",
            "must be strictly increasing",
        )
    where[0] = "underdog"
    underdog = tuple(
        (int(r["diff_min"]), None if r["diff_max"] is None else int(r["diff_max"]), int(r["xp"]))
        for r in raw["underdog"]["rows"]
    )
    where[0] = "race_maximums"
    races: dict[str, RaceMaximum] = {}
    for r in raw["race_maximums"]["races"]:
        entry = f"race_maximums.{r['id']}"
        mx = None if r["max"] is None else _profile(r["max"], entry)
        cand = _profile(r["candidate_max"], entry) if r.get("candidate_max") else None
        _need(mx is not None or cand is not None, entry, "needs max or candidate_max")
        races[str(r["id"])] = RaceMaximum(str(r["id"]), mx, cand, bool(r.get("verified")))
    scen_table = _table("scenario_table", raw["scenario_table"])
    where[0] = "scenarios"
    scenarios = {str(s["id"]): _scenario(s) for s in raw["scenarios"]}
    for e in scen_table.entries:
        _need(
            e.id == "LOWER_RATING_CHOOSES" or e.id in scenarios,
            f"scenario_table ({e.id})",
            "unknown scenario",
        )
    where[0] = "exploration"
    exp = raw["exploration"]
    bands = tuple(
        ShardBand(
            int(b["total_min"]), None if b["total_max"] is None else int(b["total_max"]), int(b["shards"])
        )
        for b in exp["shards_found"]
    )
    locations: dict[tuple[int, int], Location] = {}
    for loc_raw in exp["multiples"]:
        loc = _location(loc_raw)
        _need(
            (loc.count, loc.face) not in locations,
            f"exploration.multiples.{loc.id}",
            "duplicate dice pattern",
        )
        locations[(loc.count, loc.face)] = loc
    _need(len(locations) == 30, "exploration.multiples", "needs the 30 patterns (2-6 of a kind x 6 faces)")
    where[0] = "wyrdstone_sale"
    sale = raw["wyrdstone_sale"]
    sale_bands = tuple(
        SaleBand(str(b["id"]), int(b["min"]), None if b["max"] is None else int(b["max"]))
        for b in sale["warrior_bands"]
    )
    rows: dict[int, Mapping[str, int]] = {}
    for r in sale["rows"]:
        entry = f"wyrdstone_sale.rows[{r['shards_sold']}]"
        _need(
            set(r["gc_by_band"]) == {b.id for b in sale_bands}, entry, "needs a price for every warrior band"
        )
        rows[int(r["shards_sold"])] = MappingProxyType({k: int(v) for k, v in r["gc_by_band"].items()})
    _need(sorted(rows) == list(range(1, len(rows) + 1)), "wyrdstone_sale.rows", "shards_sold must run 1..n")
    where[0] = "skills"
    lists = {str(sl["id"]): tuple(str(s) for s in sl["skills"]) for sl in raw["skill_lists"]}
    skills = {
        str(s["id"]): SkillInfo(
            str(s["id"]),
            str(s["list"]),
            str(s["en"]),
            str(s["ru"]),
            str(s["effect"]),
            MappingProxyType(dict(s.get("restrictions") or {})),
            MappingProxyType(dict(s.get("campaign_effect") or {})),
        )
        for s in raw["skills"]
    }
    for lid, members in lists.items():
        for sk in members:
            _need(
                sk in skills and skills[sk].list == lid, f"skill_lists.{lid}", f"skill {sk!r} is not defined"
            )
    where[0] = "warband_rating"
    rating = raw["warband_rating"]
    return MordheimTables(
        hero_injury=hero_injury,
        henchman_injury=henchman,
        injury_sub=MappingProxyType(sub),
        bitter_enmity=enmity,
        capture_options=captures,
        pits_lose_values=lose_values,
        pits_win_gold=int(pits["win"]["gold"]),
        pits_win_xp=int(pits["win"]["xp"]),
        hero_advance=hero_adv,
        hero_advance_pairs=MappingProxyType(pairs),
        henchman_advance=henchman_adv,
        hero_thresholds=hero_t,
        henchman_thresholds=hench_t,
        underdog=underdog,
        rating_per_warrior=int(rating["per_warrior"]),
        rating_large=int(rating["large_creature"]),
        races=MappingProxyType(races),
        scenario_table=scen_table,
        scenarios=MappingProxyType(scenarios),
        max_dice_kept=int(exp["dice"]["max_dice_kept"]),
        shard_bands=bands,
        locations=MappingProxyType(locations),
        sale_bands=sale_bands,
        sale_rows=MappingProxyType(rows),
        skill_lists=MappingProxyType(lists),
        skills=MappingProxyType(skills),
    )
