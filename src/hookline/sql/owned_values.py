"""A value said as one of a table's rows, "the province of Westmark", read in another
table's column (a town also named Westmark): the question filters on the province, the
plan on the town. Declined, unless the noun names the value's column itself ("the
country of France" read in a ``country`` column) or the rows the plan answers with ("the
capital city of Freedonia": a city, the value a country's).

Example::

    # towns(id, name, province -> provinces.id), provinces(id, name)
    owned_values(PlanReading("How many towns does the province of Westmark have?", plan, catalog))
    # ["the province of westmark"] when the plan reads 'Westmark' in towns.name
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import question_words

__all__ = ["owned_values"]


def owned_values(reading: PlanReading) -> list[str]:
    """Each "the NOUN of VALUE" whose noun names a table other than the one of the
    column the plan reads VALUE in."""
    plan, catalog = reading.plan, reading.catalog
    found: list[str] = []
    answered = set(plan.answer_tables())
    for condition in plan.filters:
        if condition.op != "=" or condition.number or condition.column is None:
            continue
        said = " ".join(question_words(str(condition.value)))
        pattern = rf" the ((?:[a-z]+ )?[a-z]+) of (?:the )?{re.escape(said)} "
        for match in re.finditer(pattern, reading.text):
            if _owned_elsewhere(match.group(1), condition, answered, catalog):
                found.append(match.group(0).strip())
    return found


def _owned_elsewhere(noun: str, condition: Filter, answered: set[str], catalog: SqlCatalog) -> bool:
    """Whether ``noun`` (its last word, or the two) names a table other than the one
    ``condition`` reads and those ``answered``, and not the column it reads."""
    vocabulary = Vocabulary.of(catalog)
    column = condition.column
    if column is None:
        return False
    for phrase in (noun, noun.split()[-1]):
        named = vocabulary.columns_named(phrase)  # "the colour of": a column answered
        if column in named or any(c.table in answered and not c.key for c in named):
            return False
        table = vocabulary.table_named(phrase)
        if table is not None:
            return table != column.table and table not in answered
    return False
