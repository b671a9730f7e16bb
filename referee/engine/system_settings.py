"""Per-campaign settings of a game system: the contract and the reading (pure Python, no Django).

Every GAP and CONFIG item of a system's spec is a field of that system's settings
class (``GameSystem.settings`` in :mod:`referee.engine.game_systems`), whose defaults
are the spec's. A settings class is a dataclass-like type with ``to_dict()`` and
``from_dict(raw)`` (missing keys take the defaults; unknown keys and bad values
raise). The campaign stores ``to_dict()``; :func:`read_settings` gives the typed
object back.

A bad value raises :class:`SettingsInvalid` naming the field at fault, whatever
exception the system's own ``from_dict`` raises. A system without settings uses
:class:`NoSettings`: only ``{}`` is accepted for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class SystemSettings(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


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


def _field_of(exc: Exception) -> str | None:
    name = getattr(exc, "field", None)
    return name if isinstance(name, str) and name else None


def read_settings(cls: Any, raw: Mapping[str, Any] | None) -> Any:
    """``raw`` read by the settings class ``cls``; :class:`SettingsInvalid` names the bad field.

    When the system's own error does not say which field is wrong, each key is tried
    on its own, and the first one refused alone is named.
    """
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
