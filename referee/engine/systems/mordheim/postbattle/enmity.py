"""Bitter Enmity (MH-INJ-H-18): whom the Hero now hates."""

from __future__ import annotations

from referee.engine.systems.mordheim.effects import AddHatred
from referee.engine.systems.mordheim.state import HENCHMAN, WarbandSnapshot

RULE = "MH-INJ-H-18"


def hatred_effect(hero: str, kind: str, attacker: str | None, warband: WarbandSnapshot) -> AddHatred | None:
    """The hatred for a ``bitter_enmity`` result against ``attacker`` of ``warband``.

    HATE_INDIVIDUAL needs the attacker; a Henchman's victim hates the enemy leader
    instead. The leader and warband results name the warband (whoever leads it), the
    type result its list.
    """
    if kind == "HATE_INDIVIDUAL":
        if attacker is None:
            return None
        w = warband.warrior(attacker)
        if w.kind == HENCHMAN:
            leader = warband.leader
            return None if leader is None else AddHatred(hero, kind, leader.id, RULE)
        return AddHatred(hero, kind, w.id, RULE)
    target = warband.list_slug if kind == "HATE_WARBAND_TYPE" else warband.id
    return AddHatred(hero, kind, target, RULE)


def hatred_targets(
    hero: str, kind: str, by: str | None, own: str, warbands: tuple[WarbandSnapshot, ...]
) -> tuple[AddHatred | None, list[tuple[str, AddHatred]]]:
    """The hatred when the target is known, else the candidates the player picks from [INTERP]."""
    if by is not None:
        attacker_wb = next((wb for wb in warbands if wb.has(by)), None)
        if attacker_wb is not None:
            effect = hatred_effect(hero, kind, by, attacker_wb)
            if effect is not None:
                return effect, []
    candidates: list[tuple[str, AddHatred]] = []
    for wb in warbands:
        if wb.id == own:
            continue
        if kind == "HATE_INDIVIDUAL":
            for w in wb.warriors:
                e = hatred_effect(hero, kind, w.id, wb)
                if e is not None:
                    candidates.append((w.id, e))
        else:
            e = hatred_effect(hero, kind, None, wb)
            if e is not None:
                candidates.append((wb.id, e))
    if len(candidates) == 1 and kind != "HATE_INDIVIDUAL":
        return candidates[0][1], []
    return None, candidates
