"""Values spelled with a symbol: a word of the question written with a trailing ``#`` or
``+`` ("the key of G#", "rated B+", "written in Q++") names that value, never the shorter
one the words of a question leave once the symbol is dropped ("G", "B").  A plan none of
whose conditions spells the word with its symbol answers another question — it is in
doubt, and the planner declines rather than count the rows of "G".

Example::

    symbol_values("How many songs are in the key of G#?", plan)   # ['G#'] if read as 'G'
"""

from __future__ import annotations

import re

from hookline.sql.plan_reading import PlanReading

__all__ = ["symbol_values"]

_SYMBOLED = re.compile(r"(?<![\w#+])(\w+[#+]+)(?![\w#+])")
"""A word followed by ``#`` or ``+`` signs ("G#", "B+", "Q++"), none after them."""


def symbol_values(reading: PlanReading) -> list[str]:
    """The words of the question spelled with a symbol that no condition of the plan
    spells so (module doc)."""
    said = " ".join(f"{f.value} {f.raw or ''}" for f in reading.plan.filters).casefold()
    return [w for w in _SYMBOLED.findall(reading.question) if w.casefold() not in said]
