"""The order a question asks its rows in: "in the order they came out", "in order of
size", "sorted by age", "chronologically".  No plan reads such an order (a list comes in
the order of its rows' names), so a question that says one is declined rather than
answered in another order.

Example::

    asked_order("list the glyphs in the order they were carved".split())  # ["order"]
    asked_order("which glyphs are in the order runes".split())             # []
"""

from __future__ import annotations

import re

__all__ = ["asked_order"]

_ORDER = re.compile(
    r" in (?:the )?(order) (?:they|it|that|of|in) | in (order) of | (sorted) by "
    r"| (chronologically|chronological) | from (oldest|earliest|newest|latest) to "
)


def asked_order(words: list[str]) -> list[str]:
    """The words of ``words`` that ask for an order of the rows (module doc)."""
    found = _ORDER.findall(" " + " ".join(words) + " ")
    return list(dict.fromkeys(w for groups in found for w in groups if w))
