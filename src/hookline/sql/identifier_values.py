"""Values read in a column of identifiers that the question spells as a name: "How many
kits have a Tremolo style?" where a style's identifier is 'tremolo' and its display name
(the table's label) is "Harp (Tremolo)".  The question's capitalised word is the one of
the names, not of the identifiers; it may mean the rows identified so, or every row whose
name holds the word ("Lute (Tremolo, old)" identified 'tremolo_old') — the plan that
reads only the identifier is in doubt, and the planner declines.

A column of identifiers is one its documentation calls so ("the style's identifier");
a value the question writes as stored ("tremolo", 'tremolo') is the identifier's.

Example::

    identifier_values("How many kits have a Tremolo style?", plan, catalog)   # ['Tremolo']
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog, documented_identifier
from hookline.sql.plan import Filter
from hookline.sql.plan_reading import PlanReading

__all__ = ["identifier_values"]


def identifier_values(reading: PlanReading) -> list[str]:
    """The words of the question read as the value of a column of identifiers, written
    in another case than the value, and as written in a name of the rows (module doc)."""
    question, catalog = reading.question, reading.catalog
    found = []
    for condition in reading.plan.filters:
        written = _written_otherwise(question, condition, catalog)
        if written and _in_names(written, condition, catalog):
            found.append(written)
    return found


def _written_otherwise(question: str, condition: Filter, catalog: SqlCatalog) -> str | None:
    """The question's spelling of ``condition``'s value in a documented column of
    identifiers, when it differs from the value's (else None)."""
    column = condition.column
    if column is None or condition.op != "=" or not documented_identifier(column, catalog.docs):
        return None
    value = str(condition.value)
    said = re.search(rf"(?<![\w'\"]){re.escape(value)}(?![\w'\"])", question, re.IGNORECASE)
    return said.group(0) if said and said.group(0) != value else None


def _in_names(word: str, condition: Filter, catalog: SqlCatalog) -> bool:
    """Whether a label of the rows of ``condition``'s table holds ``word`` as written."""
    assert condition.column is not None
    table = condition.column.table
    label = [c for c in catalog.label(table) if c != condition.column.name]
    spelled = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    for position in catalog.index.words.get(word.casefold(), []):
        t, c, value = catalog.index.values[position]
        if t == table and c in label and spelled.search(value):
            return True
    return False
