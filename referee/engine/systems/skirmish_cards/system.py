"""The card-initiative skirmish (Dead Man's Hand) as a live system (``referee.engine.live.LiveSystem``).

Seats are the players (one faction each), an optional GM, observers. The scenario's
creatures belong to the GM seat, else to a house seat operated by a named player, else
(``creature_control`` ``named_player``) to that player (SC-SUP-09). The state is
self-contained: the scenario, the profiles used and the league's tables are copied in
when the table is made, so a replay never depends on the pack changing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.live.events import Event
from referee.engine.live.state import PLAYER, TableState
from referee.engine.live.system import Command, CommandError, CommandType, LiveSystem
from referee.engine.rolls import Roller
from referee.engine.system_settings import SettingsInvalid
from referee.engine.systems.skirmish_cards import creatures, decks, flow, initiative
from referee.engine.systems.skirmish_cards.commands import TYPES
from referee.engine.systems.skirmish_cards.handlers import HANDLERS
from referee.engine.systems.skirmish_cards.model import refuse, say
from referee.engine.systems.skirmish_cards.pack import Profile, SkirmishPack, default_pack
from referee.engine.systems.skirmish_cards.settings import SkirmishSettings
from referee.engine.systems.skirmish_cards.views import affordances, view_for


def _character(cid: str, name: str, side: str, profile: Profile) -> dict[str, Any]:
    return {
        "id": cid, "name": name, "side": side, "profile": profile.slug, "hp": profile.hp, "stress": profile.stress,
        "traits": list(profile.traits), "weapons": list(profile.weapons), "weapon": 0, "creature": profile.creature,
        "models": profile.models, "markers": 0, "movement": 0, "out_of_ammo": False, "no_shoot": False, "aim": 0,
        "card": "", "state": "waiting", "declared": [], "used": 0, "budget": 3, "redeclare": False,
        "interrupts": 0, "must_nearest": False, "ducked": None, "mounted": False, "horse": "", "riding": "",
        "fight": "", "contact": "", "removed": False, "flock": "aloft", "target": "", "placed_turn": 0,
    }


class SkirmishLive(LiveSystem):
    slug = "skirmish_cards"
    gm_sees_hidden = False  # LIVE-TABLES §7: off for the player-versus-player card games

    def __init__(self, pack: SkirmishPack | None = None) -> None:
        self._pack = pack

    @property
    def pack(self) -> SkirmishPack:
        if self._pack is None:
            self._pack = default_pack()
        return self._pack

    def with_pack(self, pack: SkirmishPack) -> SkirmishLive:
        """This system reading a league's pack (a pinned version) instead of the shipped one."""
        return SkirmishLive(pack)

    def command_types(self) -> Mapping[str, CommandType]:
        return TYPES

    def settings_from_dict(self, raw: Mapping[str, Any]) -> SkirmishSettings:
        return SkirmishSettings.from_dict(raw)

    def seat_check(self, settings: Any, options: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        """A player's faction and characters: ``{"faction", "characters": [{"id", "name", "profile"}]}``."""
        faction = self.pack.factions.get(str(options.get("faction", "")))
        if faction is None:
            raise CommandError("unknown_faction", "choose a faction of the rules pack", "faction")
        chosen = options.get("characters")
        if not isinstance(chosen, list) or not chosen:
            raise CommandError("no_characters", "list at least one character", "characters")
        out = []
        for i, entry in enumerate(chosen):
            if not isinstance(entry, Mapping) or entry.get("profile") not in faction.profiles or not isinstance(
                    entry.get("id"), str) or not entry["id"]:
                raise CommandError("invalid_character", f"character {i + 1}: an id and a profile of {faction.slug}",
                                   "characters")
            out.append({"id": entry["id"], "name": str(entry.get("name") or entry["id"]), "profile": entry["profile"]})
        return {"faction": faction.slug, "characters": out}

    def new_state(self, *, seats: Mapping[str, str], key: str, settings: Any,
                  options: Mapping[str, Mapping[str, Any]]) -> TableState:
        chosen = settings if isinstance(settings, SkirmishSettings) else SkirmishSettings.from_dict(settings or {})
        pack = self.pack
        try:
            scenario = pack.scenario(chosen.scenario)
        except KeyError:
            raise SettingsInvalid("scenario", "names no scenario of the rules pack", "no_scenario") from None
        state = TableState(system=self.slug, seats=dict(seats), key=key, settings=chosen.to_dict())
        state.turn.phase = "setup"
        state.data = {
            "scenario": {"slug": scenario.slug, "baron": scenario.baron, "victory": scenario.victory,
                         "rules": list(scenario.rules), "creature_player": scenario.creature_player,
                         "hand_size": dict(scenario.hand_size), "creatures": [list(c) for c in scenario.creatures]},
            "tables": {"results": [list(b) for b in pack.results], "modifiers": dict(pack.modifiers),
                       "weapons": dict(pack.weapons), "cards": dict(pack.cards)},
            "profiles": {slug: p.to_dict() for slug, p in pack.profiles.items()},
            "sides": {}, "chars": {}, "order": [], "index": 0, "act": None, "pending": None, "fights": {},
            "results": {}, "chain": [], "private": {}, "placing": [], "plan": [], "rolloffs": {}, "howled": False,
        }
        for seat, role in seats.items():
            if role != PLAYER:
                continue
            mine = self.seat_check(chosen, options.get(seat, {}))
            faction = pack.factions[mine["faction"]]
            state.data["sides"][seat] = self._side("player", seat, faction.slug, faction.colour,
                                                   chosen.faction_cards_in_deck)
            for entry in mine["characters"]:
                if entry["id"] in state.data["chars"]:
                    raise CommandError("duplicate_character", f"two characters are called {entry['id']}", "characters")
                state.data["chars"][entry["id"]] = _character(entry["id"], entry["name"], seat,
                                                              pack.profiles[entry["profile"]])
        return state

    @staticmethod
    def _side(kind: str, seat: str, faction: str, colour: str, faction_cards: bool) -> dict[str, Any]:
        return {"kind": kind, "controller": seat, "faction": faction, "colour": colour,
                "faction_cards": faction_cards and kind == "player", "hand_size": 0, "played": False, "drew": False,
                "eot_done": False, "placed": False, "first_card": "", "first_rank": 0, "start_count": 0,
                "out": False, "tested": False}

    def setup(self, state: TableState, roller: Roller, start: Mapping[str, Any]) -> list[Event]:
        """SC-END-03: refuse to leave setup with a value missing; then decks, hands, the first turn."""
        s, data = state.settings, state.data
        if data["scenario"]["creatures"]:
            factions = {seat: info["faction"] for seat, info in data["sides"].items()}
            side, kind, seat = creatures.controlling_side(state.seats, self.settings_from_dict(s),
                                                          data["scenario"]["creature_player"], factions,
                                                          str(start.get("operator") or ""))
            if side not in data["sides"]:
                data["sides"][side] = self._side(kind, seat, "", "black", False)
            for cid, slug in data["scenario"]["creatures"]:
                data["chars"][cid] = _character(cid, cid, side, Profile(**{**data["profiles"][slug],
                                                                            "name": data["profiles"][slug]["name"]}))
        missing = []
        for c in data["chars"].values():
            c["hp"] = s["profile_hp"].get(c["profile"], c["hp"])
            c["stress"] = s["profile_stress"].get(c["profile"], c["stress"])
            missing += [f"profile_hp.{c['profile']}"] * (c["hp"] is None)
            missing += [f"profile_stress.{c['profile']}"] * (c["stress"] is None)
        for info in data["sides"].values():
            if info["kind"] == "player":
                info["hand_size"] = s["hand_size"].get(info["faction"], data["scenario"]["hand_size"].get(
                    info["faction"]))
                missing += [f"hand_size.{info['faction']}"] * (info["hand_size"] is None)
        if missing:
            raise refuse("values_missing", "fill in these settings before play (SC-END-03): "
                         + ", ".join(sorted(set(missing))), "settings")
        events: list[Event] = []
        for side, info in data["sides"].items():
            info["start_count"] = sum(1 for c in data["chars"].values() if c["side"] == side)
            decks.add_zones(state, side, info["controller"])
        for side in data["sides"]:
            events += decks.build(state, side, roller)
        events.append(say("game.started", "SC-END-02", scenario=data["scenario"]["slug"],
                          victory=data["scenario"]["victory"], rules=data["scenario"]["rules"]))
        return events + initiative.turn_start(state, roller) + flow.settle(state, roller)

    def validate(self, view: TableState, command: Command) -> None:
        HANDLERS[command.kind][0](view, command)

    def apply(self, state: TableState, command: Command, roller: Roller) -> list[Event]:
        events = HANDLERS[command.kind][1](state, command, roller)
        return events + flow.settle(state, roller)

    def view_for(self, state: TableState, viewer: str) -> dict[str, Any]:
        return view_for(state, viewer)

    def affordances(self, view: TableState, viewer: str) -> list[dict[str, Any]]:
        return affordances(view, viewer)


SYSTEM = SkirmishLive()
