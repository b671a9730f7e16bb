"""Who may do what to a warband (object permissions as predicates, django-rules).

Only the owner changes a warband; the organiser may correct it (audited); other
members of the campaign read it unless the campaign keeps rosters private, when
only the owner, the organiser and the GM do.
"""

from __future__ import annotations

from typing import Any

import rules

from campaign.models import Membership


def _role(user: Any, warband: Any) -> str | None:
    if not getattr(user, "is_authenticated", False):
        return None
    cache = getattr(user, "_muster_roles", None)
    if cache is None:
        cache = {}
        user._muster_roles = cache
    key = warband.campaign_id
    if key not in cache:
        membership = Membership.objects.filter(user=user, campaign_id=key, left_at__isnull=True).first()
        cache[key] = membership.role if membership else None
    return cache[key]


@rules.predicate
def is_owner(user: Any, warband: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and warband.owner_id == user.pk and _role(user, warband))


@rules.predicate
def is_organiser(user: Any, warband: Any) -> bool:
    return _role(user, warband) == Membership.Role.ORGANISER


@rules.predicate
def is_gm(user: Any, warband: Any) -> bool:
    return _role(user, warband) == Membership.Role.GM


@rules.predicate
def is_member(user: Any, warband: Any) -> bool:
    return _role(user, warband) is not None


@rules.predicate
def rosters_public(user: Any, warband: Any) -> bool:
    return not bool((warband.campaign.settings or {}).get("rosters_private", False))


rules.add_perm("roster.view_warband", is_owner | is_organiser | is_gm | (is_member & rosters_public))
rules.add_perm("roster.change_warband", is_owner)
rules.add_perm("roster.correct_warband", is_organiser)
rules.add_perm("roster.approve_warband", is_organiser)
