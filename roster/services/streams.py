"""Which of the open week's streams a roster roll is drawn from: the one place for every roll of the roster.

In a campaign with public rosters every roll about a warband or a battle goes on the week's public
stream, which every member verifies. When the campaign keeps rosters private (``rosters_private``),
a roll that tells something of a warband goes on a hidden stream whose audience may see that warband:

- a warband's own rolls between battles (a rare-item search, a variable price, a haggle):
  the week's party stream ``warband:<id>``, seen by the owner, the organiser and the GM;
- a battle's aftermath and its decisions: the battle's party stream ``battle:<id>``, seen by the
  two players, the organiser and the GM.

Each is seen whole by its audience only (``docs/hidden-rolls.md``): nobody else learns that the
stream exists, how many rolls it holds, or its seed when the week closes.

A pre-battle sequence goes on its battle's week's public stream with public rosters, and on the battle's
party stream with private ones (its sit-outs and who is present tell of the rosters): the scenario and
who chose it are shown to every member either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from campaign.selectors.roles import rosters_private
from campaign.services.streams import open_week_of, week_party_stream, week_public_stream
from referee.models import RollStream, Visibility
from roster.models import Battle, Warband


def prebattle_rolls_stream(battle: Battle) -> tuple[RollStream, str]:
    """The stream and visibility of a battle's pre-battle rolls: with public rosters its week's public stream
    (the caller checks that week is open), as every member reads the sequence; with private rosters the
    battle's party stream, as who sits out and who is present tell of the rosters
    (``roster.selectors.battles.sees_the_sequence``)."""
    if rosters_private(battle.campaign):
        return battle_rolls_stream(battle)
    return week_public_stream(week=battle.week), Visibility.PUBLIC


def _stream(*, campaign: Any, party: str, viewers: Callable[[], Sequence[Any]]) -> tuple[RollStream, str]:
    """The open week's public stream (public rosters) or its party stream ``party`` for ``viewers()``
    (private rosters; asked only then, so a public campaign loads no owners), and the visibility the
    rolls are stored with. 409 when no week is open."""
    week = open_week_of(campaign_id=campaign.pk)
    if not rosters_private(campaign):
        return week_public_stream(week=week), Visibility.PUBLIC
    return week_party_stream(week=week, party=party, viewers=viewers()), Visibility.GM


def warband_rolls_stream(warband: Warband) -> tuple[RollStream, str]:
    """The stream and visibility of a warband's own rolls (rare searches, variable prices, haggling)."""
    return _stream(campaign=warband.campaign, party=f"warband:{warband.pk}", viewers=lambda: [warband.owner])


def battle_rolls_stream(battle: Battle) -> tuple[RollStream, str]:
    """The stream and visibility of a battle's aftermath and decision rolls: the two players see them."""
    return _stream(campaign=battle.campaign, party=f"battle:{battle.pk}",
                   viewers=lambda: [w.owner for w in (battle.warband_a, battle.warband_b) if w is not None])
