"""Plain words that are values too.  In a column of tens of thousands of lower-case values
(every word of a dictionary, every tag of a corpus) most English words are a value: "How
many synsets are in the animal file?" finds a row whose word is 'file' and counts none.
A name a question means to filter by is written as one (capitalised, quoted or in digits);
a plain lower-case word found only among so many values is not taken as a condition — the
plan that reads it as one is in doubt.

Example::

    plain_word_values("How many synsets are in the animal file?", plan, catalog)   # ['file']
"""

from __future__ import annotations

import re

from hookline.sql.plan import Filter
from hookline.sql.plan_reading import PlanReading

__all__ = ["plain_word_values"]

_MANY = 5000
"""Distinct values from which a column holds most words of a language."""


def plain_word_values(reading: PlanReading) -> list[str]:
    """The values of the plan's conditions that the question writes as plain lower-case
    words, each found in a column of at least ``_MANY`` distinct values (module doc)."""
    question = reading.question
    return [f.value for f in reading.plan.filters if _many_values(f) and _plain(f.value, question)]


def _many_values(found: Filter) -> bool:
    column = found.column
    return column is not None and found.op == "=" and (column.distinct or 0) >= _MANY


def _plain(value: str, question: str) -> bool:
    """Whether ``value`` is lower-case letters that ``question`` writes bare (not quoted)."""
    if not re.fullmatch(r"[a-z][a-z ]*", value):
        return False
    bare = rf"(?<![\w'\"\u2018\u201c]){re.escape(value)}(?![\w'\"\u2019\u201d])"
    return re.search(bare, question) is not None
