"""referred_kinds: a group column of a word that a sibling key of the same table also has,
referring to a table named after that word — the planner declines (``plan_doubts``
calls this).

"How many pipes of each pipe kind?" grouped by ``pipes.kind`` ('steel', 'clay') when
``pipes.catalog_kind`` refers to a table ``pipe_catalog_kinds``: the words name both
columns, and the documentation's table of kinds is as much the question's.

Example::

    referred_kinds(PlanReading("How many pipes of each pipe kind?", plan, catalog))  # ["kind"]
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import identifier_words, singular

__all__ = ["referred_kinds"]


def referred_kinds(reading: PlanReading) -> list[str]:
    """The group column's words when a sibling key refers to a table of its word and the
    question does not say the sibling's other words; empty otherwise."""
    text, catalog, column = reading.text, reading.catalog, reading.plan.column
    if column is None:
        return []
    for key in catalog.table(column.table).foreign_keys:
        if column.name in key.columns or len(key.columns) != 1:
            continue
        sibling = catalog.column(column.table, key.columns[0])
        if _wider(column, sibling, text) and _named_after(key.ref_table, column):
            return [" ".join(column.words)]
    return []


def _wider(column: CatalogColumn, sibling: CatalogColumn, text: str) -> bool:
    """Whether ``sibling``'s words hold ``column``'s and more, the more unsaid."""
    words, more = set(column.words), set(sibling.words)
    return words < more and not all(f" {w} " in text for w in more - words)


def _named_after(table: str, column: CatalogColumn) -> bool:
    """Whether the words of ``table`` (singular) hold those of ``column``."""
    return set(column.words) <= {singular(w) for w in identifier_words(table)}
