"""What a person must never read on a page: an engine code, a slug or a rule ID as the words of a choice, a
label or an error. The one checker the whole-game browser tests run on every screen they pass through."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: A rule ID of ../shared/rules/ (MH-INJ-H-11, SC-HTH-13, AD-SET-01, DT-CMB-07, WM-ABL-02).
RULE_ID = re.compile(r"\b(?:MH|WM|SC|DT|AD)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+\b")
#: An engine code or a slug: lower-case words joined by underscores (first_turn, long_sword, not_your_turn).
CODE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")

#: What the page text is read from: every visible text, and the words of every option and button.
_VISIBLE = """() => {
  const parts = [document.body ? document.body.innerText : ""];
  for (const el of document.querySelectorAll("option, button, label, legend, summary, [role=status], .error"))
    parts.push(el.textContent || "");
  return parts.join("\\n");
}"""


def codes_in(text: str, slugs: Iterable[str] = ()) -> list[str]:
    """The codes, slugs and rule IDs found in ``text`` (``slugs``: the pack's own, e.g. card slugs with no
    underscore such as ``necromutant``, matched as whole words)."""
    found = RULE_ID.findall(text) + CODE.findall(text)
    for slug in slugs:
        if slug and re.search(rf"(?<![\w-]){re.escape(slug)}(?![\w-])", text):
            found.append(slug)
    return found


def assert_words_only(page: Any, slugs: Iterable[str] = (), where: str = "") -> None:
    """Fail when the page shows an engine code, a slug or a rule ID (``page``: a Playwright page)."""
    found = codes_in(page.evaluate(_VISIBLE), slugs)
    assert not found, f"{where or page.url}: a person would read codes here: {sorted(set(found))}"
