"""Values spelled like English words: "How many Common gadgets are there?" names the
rarity 'Common', and reading "common" as a function word drops the condition (every
gadget counted).  A word written with a capital inside the question that is such a word
and a whole value of the database, and that no condition of the plan reads, is in doubt
(the planner declines); lower case it stays a function word ("the most common type").

Example::

    named_function_words("How many Common gadgets are there?", plan, catalog)  # ['Common']
"""

from __future__ import annotations

import re

from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import FUNCTION_WORDS

__all__ = ["named_function_words"]

_CAPITALISED = re.compile(r"(?<=[a-z0-9,;] )[A-Z][a-z]+\b")
"""A word with a capital after a word of the same sentence (never its first word)."""


def named_function_words(reading: PlanReading) -> list[str]:
    """The capitalised function words of the question that spell a whole value of the
    database and that no filter of the plan reads."""
    read = " ".join(f"{f.value} {f.raw or ''}" for f in reading.plan.filters).lower()
    return [
        word
        for word in _CAPITALISED.findall(reading.question)
        if word.lower() in FUNCTION_WORDS
        and word.lower() not in read
        and any(m.exact for m in reading.catalog.index.lookup([word.lower()]))
    ]
