"""Child values: a value read in a column of the counted rows' own table that a table
referring to it lists in a column of the same words ("How many payees were paid by debit
card?": a payee's default pay mode, or its payments'?) — whose value it is, the words do
not say.  They do when the question says it of the rows themselves, by "are in", "is
from", "were on" right after their noun ("How many realms are in Southmark?": a realm's
own zone; its ports' zones would be "realms with ports in Southmark").

Example::

    child_values(" how many payees were paid by debit card ", plan, catalog)   # ['DC']
    child_values(" how many realms are in southmark ", plan, catalog)   # []
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading

__all__ = ["child_values"]

_OF_THE_ROWS = re.compile(r" ([a-z]+) (?:are|is|were|was)(?: there)? (?:in|on|from) ")
"""A noun, a form of "to be" and a preposition of place: what the rows themselves are."""


def child_values(reading: PlanReading) -> list[str]:
    """The value of a condition on the rows' own table that a column of the same words
    of a table referring to it lists too ("payees paid by debit card": a payee's default
    pay mode, or its payments'?), unless the question says it of the rows themselves
    ("realms are in Southmark") (module doc)."""
    plan, catalog = reading.plan, reading.catalog
    if _said_of_the_rows(reading.text, plan.table, catalog):
        return []
    for found in plan.filters:
        column = found.column
        if column is None or found.op != "=" or column.table != plan.table:
            continue
        children = {t.name for t in catalog.schema.tables
                    if any(fk.ref_table == column.table for fk in t.foreign_keys)}  # fmt: skip
        if any(other.words == column.words and found.value in other.values
               and other.table in children - {column.table}
               and not _refers_to(other, column, catalog)
               for other in catalog.columns):  # fmt: skip
            return [found.value]
    return []


def _said_of_the_rows(text: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``text`` says where ``table``'s rows are: its noun, then "are in"."""
    vocabulary = Vocabulary.of(catalog)
    return any(vocabulary.table_named(m.group(1)) == table for m in _OF_THE_ROWS.finditer(text))


def _refers_to(child: CatalogColumn, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``child`` is a foreign key to ``column``, alone or with others (a
    customer's ``country`` naming the country row; a loan's ``(shelf, slot)`` naming a
    book's): its value is the parent row's own, never another meaning."""
    return any(
        fk.ref_table == column.table and child.name in fk.columns
        and fk.ref_columns[fk.columns.index(child.name)] == column.name
        for fk in catalog.table(child.table).foreign_keys
        if len(fk.ref_columns) == len(fk.columns)
    )  # fmt: skip
