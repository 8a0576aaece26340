"""Questions in two parts that a plan answers in one: a second question joined by "and"
("Which shop sells the most lamps, and what is its city?", "What share of a crate is
straw, and what is the straw?") asks for a second thing no single answer gives, and a value
said to be "in their <column>" ("How many lamps have brass in their name?") asks for the
rows whose names contain it, where a plan's condition matches whole names, or reads another
column.  Each is declined; a value of a column of few values ("North in their region") is
that value.

A second question that names nothing new refers back to the first ("Which shop sells the
most lamps, and how many?", "... and what is it?"): the answer the plan shows.  Two
questions that begin alike ("How many red and how many blue lamps ...") are one question
asked of two values, read elsewhere.

Example::

    second_questions(" which shop sells the most lamps and what is its city ", plan)
    # ['city']
    values_contained(" how many lamps have brass in their name ", plan, catalog)
    # ['name']: the plan's condition is name = 'Brass', or reads another column
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import Vocabulary, is_function
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import KIND_NOUNS, MEASURE_WORDS, value_key

__all__ = ["second_questions", "values_contained"]

_SECOND = re.compile(
    r" and (?:(?:in|for|of|at|on|from|to|by) )?(what|which|who|whom|whose|where|when|how)"
    r"( .*)$"
)
_BACK = frozenset(("it", "its", "they", "their", "them", "he", "she", "his", "her", "one",
                   "ones", "each", "long", "old", "big", "far", "often", "much", "many",
                   "so"))  # fmt: skip
"""Words of a second question that refer back to the first ("and how long was it?")."""
_NAMING = KIND_NOUNS | {w for words in MEASURE_WORDS.values() for w in words}
"""Words that name a column although they carry none alone ("what is its type?")."""
_QUOTED = re.compile(r"'((?:[^']|'')*)'")
_SINGLE_NUMBERS = frozenset(("count", "count_distinct", "sum", "avg", "max", "min"))


def second_questions(reading: PlanReading) -> list[str]:
    """The content words of a second question after "and" ("... and what is its city":
    'city', "... and how much did they spend": 'spend'); empty when there is none, when it
    names nothing (it refers back: "and how many?"), or when both parts begin with the same
    two words ("how many red and how many blue ...").  "... and which are they?" after a
    single number asks for rows the number does not show."""
    match = _SECOND.search(reading.text)
    if match is None:
        return []
    second = match.group(2).split()
    if list(reading.words[:2]) == [match.group(1), *second[:1]]:
        return []
    named = [w for w in second if w not in _BACK and (w in _NAMING or not is_function(w))]
    named += second[-1:] if second[-1:] == ["do"] else []  # "and what does it do?"
    identity = match.group(1) in ("what", "which", "who") and reading.plan.kind in _SINGLE_NUMBERS
    return named or ([match.group(1)] if identity else [])


def values_contained(reading: PlanReading) -> list[str]:
    """The noun of "<value> in their <noun>", <noun> a column of the plan's rows, when the
    plan's condition on that value reads another column, or reads that one whole where its
    values are names (mostly distinct): the question asks for the names containing it."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    found = []
    for condition in plan.filters:
        said = [condition.value] if condition.column else _QUOTED.findall(condition.raw or "")
        for value in () if condition.negated else said:
            key = re.escape(value_key(value.strip("%, ")))
            match = re.search(rf" {key} (?:in|on) (?:their|its) (\w+) ", text) if key else None
            if match is not None and _misread(match.group(1), condition, plan, catalog):
                found.append(match.group(1))
    return found


def _misread(noun: str, condition: Filter, plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether ``condition`` reads none of the plan table's columns ``noun`` names, or one
    of names read whole (see ``values_contained``)."""
    named = [c for c in Vocabulary.of(catalog).columns_named(noun) if c.table == plan.table]
    read = [c for c in named if c == condition.column or c.ref in (condition.raw or "")]
    if not named:
        return False
    return not read or any((c.distinct or 0) * 2 > (c.filled or 0) for c in read)
