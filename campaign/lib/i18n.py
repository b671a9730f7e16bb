"""Helpers for text in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language


def localized(names: Mapping[str, Any] | None) -> str:
    """The name in the active language (``{"en": ..., "ru": ..., "cs": ...}``), falling back to English."""
    if not names:
        return ""
    lang = (get_language() or "en").split("-")[0]
    return str(names.get(lang) or names.get("en") or next(iter(names.values())))
