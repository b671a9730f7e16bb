"""Per-campaign settings of each game system, registered by system slug (pure Python, no Django).

Every GAP and CONFIG item of a system's spec is a field of that system's settings
class, whose defaults are the spec's. A settings class is a dataclass-like type with
``to_dict()`` and ``from_dict(raw)`` (missing keys take the defaults; unknown keys
and bad values raise). The campaign stores ``to_dict()``; the engine gets the typed
object back with :func:`settings_for`.

    @register_settings("my_system")
    class MySettings: ...

    settings_for("mordheim", {"occupy_max_turns": 6})   # -> MordheimSettings
    default_settings("weekly_moves")                     # -> WeeklyMovesSettings()

A bad value raises :class:`SettingsInvalid` naming the field at fault, whatever
exception the system's own ``from_dict`` raises. A system that registers nothing
has no settings: only ``{}`` is accepted for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar


class SystemSettings(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class SettingsClass(Protocol):
    def __call__(self) -> SystemSettings: ...

    def from_dict(self, raw: Mapping[str, Any], /) -> SystemSettings: ...


S = TypeVar("S")


class SettingsInvalid(ValueError):
    """A settings value a system refuses; ``field`` names it ("" when no single field is at fault)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class NoSettings:
    """The settings of a system that has none."""

    def to_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> NoSettings:
        if raw:
            name = sorted(raw)[0]
            raise SettingsInvalid(name, "this game system has no such setting")
        return cls()


_REGISTRY: dict[str, Any] = {}
_BUILT_IN_LOADED = False


def register_settings(system: str) -> Callable[[S], S]:
    """Register ``cls`` as the settings class of ``system`` (a later registration replaces it)."""

    def register(cls: S) -> S:
        _REGISTRY[system] = cls
        return cls

    return register


def _known() -> None:
    """The systems whose settings classes live in their own packages: a small explicit table.

    Imported on first use, so importing this module stays cheap and cycle-free; the
    systems' own modules never import the registry.
    """
    global _BUILT_IN_LOADED
    if _BUILT_IN_LOADED:
        return
    from referee.engine.systems.mordheim.state import MordheimSettings
    from referee.engine.systems.weekly_moves.settings import WeeklyMovesSettings

    for system, cls in (("mordheim", MordheimSettings), ("weekly_moves", WeeklyMovesSettings)):
        _REGISTRY.setdefault(system, cls)
    _BUILT_IN_LOADED = True


def settings_class(system: str) -> Any:
    """The settings class registered for ``system`` (:class:`NoSettings` when there is none)."""
    _known()
    return _REGISTRY.get(system, NoSettings)


def registered_systems() -> tuple[str, ...]:
    _known()
    return tuple(sorted(_REGISTRY))


def default_settings(system: str) -> Any:
    """The spec's defaults for ``system``."""
    return settings_class(system).from_dict({})


def _field_of(exc: Exception) -> str | None:
    name = getattr(exc, "field", None)
    return name if isinstance(name, str) and name else None


def settings_for(system: str, raw: Mapping[str, Any] | None) -> Any:
    """``raw`` read by ``system``'s settings class; :class:`SettingsInvalid` names the bad field.

    When the system's own error does not say which field is wrong, each key is tried
    on its own, and the first one refused alone is named.
    """
    cls = settings_class(system)
    raw = dict(raw or {})
    try:
        return cls.from_dict(raw)
    except SettingsInvalid:
        raise
    except (ValueError, TypeError) as exc:
        name = _field_of(exc)
        message = getattr(exc, "message", None) or str(exc)
        if name is None:
            for key in sorted(raw):
                try:
                    cls.from_dict({key: raw[key]})
                except (ValueError, TypeError) as alone:
                    name, message = key, getattr(alone, "message", None) or str(alone)
                    break
        raise SettingsInvalid(name or "", str(message)) from None
