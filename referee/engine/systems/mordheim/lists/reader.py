"""Reading raw JSON values with errors that name the file and the entry (used by :mod:`.parse`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any, NoReturn

from referee.engine.packfiles import PackError
from referee.engine.systems.mordheim.lists.types import Name

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
GC = "a whole number of gold crowns ≥ 0"
RARITY = "null (common) or a rarity number ≥ 2"


class At:
    """Where in which file a value is read, so every refusal can say so."""

    def __init__(self, file: str, entry: str) -> None:
        self.file = file
        self.entry = entry

    def fail(self, message: str) -> NoReturn:
        raise PackError(self.file, self.entry, message)

    def child(self, entry: str) -> At:
        return At(self.file, f"{self.entry}.{entry}" if self.entry else entry)

    def obj(self, raw: Any, required: Collection[str], optional: Collection[str] = ()) -> Mapping[str, Any]:
        if not isinstance(raw, dict):
            self.fail(f"must be a JSON object, not {type(raw).__name__}")
        missing = [k for k in required if k not in raw]
        if missing:
            self.fail(f"is missing {', '.join(missing)}")
        unknown = sorted(set(raw) - set(required) - set(optional))
        if unknown:
            self.fail(f"has unknown field(s) {', '.join(unknown)}")
        return raw

    def whole(
        self,
        raw: Mapping[str, Any],
        key: str,
        *,
        minimum: int = 0,
        what: str = "",
        default: int | None = None,
    ) -> int:
        value = raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.fail(f"{key} must be {what or f'a whole number ≥ {minimum}'}")
        return int(value)

    def opt_whole(self, raw: Mapping[str, Any], key: str, *, minimum: int = 0, what: str = "") -> int | None:
        if raw.get(key) is None:
            return None
        return self.whole(raw, key, minimum=minimum, what=what)

    def flag(self, raw: Mapping[str, Any], key: str, default: bool = False) -> bool:
        value = raw.get(key, default)
        if not isinstance(value, bool):
            self.fail(f"{key} must be true or false")
        return value

    def text(self, raw: Mapping[str, Any], key: str) -> str:
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{key} must be a non-empty string")
        return value

    def opt_text(self, raw: Mapping[str, Any], key: str) -> str:
        return "" if key not in raw else self.text(raw, key)

    def ident(self, raw: Mapping[str, Any], key: str) -> str:
        value = raw.get(key)
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            self.fail(f"{key} must be an id of lower-case letters, digits and underscores")
        return value

    def texts(self, raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.fail(f"{key} must be a list of non-empty strings")
        if len(set(value)) != len(value):
            self.fail(f"{key} lists the same value twice")
        return tuple(value)

    def name(self, raw: Mapping[str, Any], key: str = "name") -> Name:
        at = self.child(key)
        value = at.obj(raw[key], ("en", "ru"))
        return Name(en=at.text(value, "en"), ru=at.text(value, "ru"))

    def array(self, raw: Mapping[str, Any], key: str) -> list[Any]:
        value = raw.get(key, [])
        if not isinstance(value, list):
            self.fail(f"{key} must be a list")
        return value


def labelled(at: At, key: str, index: int, raw: Any) -> At:
    """``heroes[2] (champion)``: the index, and the id once one can be read."""
    label = f"{key}[{index}]"
    if isinstance(raw, dict):
        ident = raw.get("id", raw.get("type", raw.get("item")))
        if isinstance(ident, str):
            label += f" ({ident})"
    return at.child(label)
