"""Per-campaign settings of a game system: the one settings base (pure Python, no Django).

Every GAP and CONFIG item of a system's spec is a field of that system's settings
class (``GameSystem.settings`` in :mod:`referee.engine.game_systems`), whose defaults
are the spec's. A settings class is a frozen dataclass on :class:`SettingsBase`, each
field made by :func:`setting`: it declares its kind (true/false, a whole number, a
text, a choice of codes, a list, a map of names to numbers), its default, its bounds,
its choices and the rule it settles (``ref``). The base validates, reads
(``from_dict``: missing keys take the defaults) and writes (``to_dict``); the organiser's
form and the API schema read the same declarations (:meth:`SettingsBase.specs`).

The words a person reads (a setting's label and help, a choice's words) are not here:
each system has one catalogue of them on the Django side, keyed by field name and
choice code. A bad value raises the one error type, :class:`SettingsInvalid`, with
a code and its parameters that the catalogue puts into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar, Protocol

BOOL, INT, TEXT, CHOICE, LIST, MAP = "bool", "int", "text", "choice", "list", "map"


class SystemSettings(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class SettingsInvalid(ValueError):
    """A settings value a system refuses; ``field`` names it ("" when no single field is at fault).

    ``code`` says what is wrong and ``params`` what is allowed (``minimum``, ``maximum``,
    ``choices``, ``other``), for the words; ``message`` is the English developer's text.
    """

    def __init__(self, field: str, message: str, code: str = "invalid", **params: Any) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Setting:
    """One setting's declaration: what the form, the API schema and the validation read."""

    name: str
    kind: str
    default: Any
    ref: str = ""
    choices: tuple[Any, ...] = ()  # CHOICE: the allowed codes; LIST: the allowed items (empty: any text)
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # None is allowed (an INT: "no limit", "enter it at the table")
    needs: str = ""  # a league setting that only applies to systems with this feature (GameSystem.features)
    ordered: bool = False  # a LIST whose order matters (an order of steps, each once)


def setting(
    default: Any = MISSING,
    ref: str = "",
    *,
    kind: str = "",
    choices: tuple[Any, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
    optional: bool = False,
    needs: str = "",
    ordered: bool = False,
) -> Any:
    """A settings field; its kind follows from the default unless given (``kind=INT`` for an optional number)."""
    if not kind:
        if choices:
            kind = CHOICE
        elif isinstance(default, bool):
            kind = BOOL
        elif isinstance(default, int):
            kind = INT
        elif isinstance(default, str):
            kind = TEXT
        elif isinstance(default, tuple):
            kind = LIST
        else:
            raise TypeError(f"say the kind of a setting whose default is {default!r}")
    spec = {
        "kind": kind,
        "ref": ref,
        "choices": tuple(choices),
        "minimum": minimum,
        "maximum": maximum,
        "optional": optional or default is None,
        "needs": needs,
        "ordered": ordered,
    }
    if kind == MAP:
        return field(default_factory=dict, metadata={"setting": spec})
    return field(default=default, metadata={"setting": spec})


def _spec(f: Field[Any]) -> Setting:
    default = {} if f.default is MISSING else f.default
    return Setting(name=f.name, default=default, **f.metadata["setting"])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bounds(spec: Setting, value: int) -> None:
    low, high = spec.minimum, spec.maximum
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise SettingsInvalid(spec.name, f"must be from {low} to {high}", "between", minimum=low, maximum=high)
        if low is not None:
            raise SettingsInvalid(spec.name, f"must be at least {low}", "at_least", minimum=low)
        raise SettingsInvalid(spec.name, f"must be at most {high}", "at_most", maximum=high)


def check_value(spec: Setting, value: Any) -> None:
    """Refuse ``value`` for ``spec`` with :class:`SettingsInvalid` (its code says what is allowed)."""
    if value is None and spec.optional:
        return
    if spec.kind == BOOL and not isinstance(value, bool):
        raise SettingsInvalid(spec.name, "must be true or false", "bool")
    if spec.kind == TEXT and not isinstance(value, str):
        raise SettingsInvalid(spec.name, "must be a text", "text")
    if spec.kind == INT:
        if not _whole(value):
            raise SettingsInvalid(spec.name, "must be a whole number", "int")
        _bounds(spec, value)
    if spec.kind == CHOICE and (isinstance(value, bool) or value not in spec.choices):
        raise SettingsInvalid(
            spec.name, f"must be one of {', '.join(map(str, spec.choices))}", "one_of", choices=spec.choices
        )
    if spec.kind == LIST:
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise SettingsInvalid(spec.name, "must be a list of texts", "list")
        unknown = sorted(set(value) - set(spec.choices)) if spec.choices else []
        if unknown:
            raise SettingsInvalid(spec.name, f"unknown items: {', '.join(unknown)}", "items_of", choices=spec.choices)
    if spec.kind == MAP:
        low = spec.minimum or 0
        if not isinstance(value, Mapping) or not all(
            isinstance(k, str) and _whole(v) and v >= low for k, v in value.items()
        ):
            raise SettingsInvalid(spec.name, f"must map names to whole numbers of at least {low}", "map", minimum=low)


class SettingsBase:
    """The base of every system's settings (and the league's): frozen dataclasses of :func:`setting` fields.

    A subclass names what it is (``KIND``, for the developer's message) and may add
    checks across fields in :meth:`check` (raising :class:`SettingsInvalid`).
    """

    KIND: ClassVar[str] = "game-system"

    def __post_init__(self) -> None:
        for spec in self.specs():
            check_value(spec, getattr(self, spec.name))
        self.check()

    def check(self) -> None:
        """Checks across fields (none by default)."""

    @classmethod
    def specs(cls) -> tuple[Setting, ...]:
        """Every setting's declaration, in the class's order."""
        return tuple(_spec(f) for f in fields(cls))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in self.specs():
            value = getattr(self, spec.name)
            out[spec.name] = list(value) if isinstance(value, tuple) else dict(value) if spec.kind == MAP else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """Defaults overridden by ``data``; unknown keys and bad values raise :class:`SettingsInvalid`."""
        known = {spec.name: spec for spec in cls.specs()}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise SettingsInvalid(key, f"is not a {cls.KIND} setting", "unknown")
            kwargs[key] = tuple(value) if known[key].kind == LIST and isinstance(value, list) else value
        return cls(**kwargs)

    @classmethod
    def names(cls) -> frozenset[str]:
        return frozenset(spec.name for spec in cls.specs())

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every setting with its default, spec reference and choices (codes)."""
        return [
            {
                "name": s.name,
                "default": list(s.default) if isinstance(s.default, tuple) else s.default,
                "ref": s.ref,
                "choices": list(s.choices),
            }
            for s in cls.specs()
        ]


def specs_of(cls: Any) -> tuple[Setting, ...]:
    """The declarations of a settings class (none for one not on the base, e.g. :class:`NoSettings`)."""
    return cls.specs() if isinstance(cls, type) and issubclass(cls, SettingsBase) else ()


class NoSettings:
    """The settings of a system that has none."""

    def to_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> NoSettings:
        if raw:
            name = sorted(raw)[0]
            raise SettingsInvalid(name, "this game system has no such setting", "unknown")
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
