"""Who may do what to a warband (object permissions as predicates, django-rules).

Only the owner changes a warband; the organiser may correct it (audited); other
members of the campaign read it unless the campaign keeps rosters private, when
only the owner, the organiser and the GM do. Roles only: ask through :func:`may`.
"""

from __future__ import annotations

from typing import Any

import rules

from campaign.selectors.roles import GM, ORGANISER, role_of, rosters_private


def _role(user: Any, warband: Any) -> str | None:
    return role_of(viewer=user, campaign_id=warband.campaign_id, cached=True)


@rules.predicate
def is_owner(user: Any, warband: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and warband.owner_id == user.pk and _role(user, warband))


@rules.predicate
def is_organiser(user: Any, warband: Any) -> bool:
    return _role(user, warband) == ORGANISER


@rules.predicate
def is_gm(user: Any, warband: Any) -> bool:
    return _role(user, warband) == GM


@rules.predicate
def is_member(user: Any, warband: Any) -> bool:
    return _role(user, warband) is not None


@rules.predicate
def rosters_public(user: Any, warband: Any) -> bool:
    return not rosters_private(warband.campaign)


rules.add_perm("roster.view_warband", is_owner | is_organiser | is_gm | (is_member & rosters_public))
rules.add_perm("roster.change_warband", is_owner)
rules.add_perm("roster.correct_warband", is_organiser)
rules.add_perm("roster.approve_warband", is_organiser)


def may(user: Any, perm: str, warband: Any) -> bool:
    """Whether ``user`` holds ``perm`` on ``warband`` by their campaign role: the predicates alone.

    Never ``User.has_perm``, which answers True to every active superuser before asking any
    backend: being staff or a superuser grants the admin and nothing in the game.
    """
    return bool(rules.has_perm(perm, user, warband))
