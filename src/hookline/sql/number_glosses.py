"""A value read in one column that the documentation gives as the meaning of a number
code of another: "How many gadgets have a blue finish?" with a ``finish`` column
documented "1 red, 2 green, 3 blue" and the word 'blue' also a value of a gadget's
tags.  The number column lists no values (it is no short text list), so the word is
linked to the tag; the question meant the code 3.  When the number column's table is
one the question names or the plan reads, the word has two readings and the plan is
declined (``plan_doubts``).

Example::

    # shop: gadget(id), finish(gadget_id, finish), tag(gadget_id, tag)
    number_gloss_doubts(" how many gadgets have a blue finish ", plan, catalog)  # ['blue']
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import table_mentioned
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import fold, value_key

__all__ = ["number_gloss_doubts", "number_glosses"]

_CODE = re.compile(r"(?:^|[:;,(] ?)(\d+) ([a-z][a-z' -]*?)(?=[,;.(]| or | and |$)")


def number_glosses(catalog: SqlCatalog) -> dict[str, list[str]]:
    """Each phrase the documentation glosses a code of a number column with (a list of
    two codes or more: "1 light, 2 medium, 3 dark"), with the tables of those columns; a
    key's numbers name rows ("1 North, 2 South" of a region's id), never codes."""
    return catalog.cached("number glosses", _read_number_glosses)


def _read_number_glosses(catalog: SqlCatalog) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    if catalog.docs is None:
        return found
    for column in (c for c in catalog.columns if c.numeric and not c.values and not c.key):
        described = fold(catalog.docs.descriptions.get(f"{column.table}.{column.name}", ""))
        codes = _CODE.findall(described)
        if len({code for code, _ in codes}) < 2:
            continue
        for _, phrase in codes:
            found.setdefault(phrase.strip(), []).append(column.table)
    return found


def number_gloss_doubts(reading: PlanReading) -> list[str]:
    """The values the plan reads in a column that a number column of another table, one
    the question names (or the plan reads), glosses as one of its codes."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    said = [f for f in plan.filters if f.column is not None and f.op == "=" and not f.raw]
    glosses = number_glosses(catalog) if said else {}
    if not glosses:
        return []
    read = reading.read_sql
    found = []
    for condition in said:
        tables = [
            t for t in glosses.get(value_key(condition.value), []) if t != condition.table_name
        ]
        if any(_named_or_read(t, text, read, catalog) for t in tables):
            found.append(condition.value)
    return found


def _named_or_read(table: str, text: str, read: str, catalog: SqlCatalog) -> bool:
    """Whether ``text`` names ``table`` or the plan's SQL (``read``) reads its rows."""
    name = re.escape(table.lower())
    return table_mentioned(table, text, catalog) or bool(
        re.search(rf"\b(from|join) {name}\b", read)
    )
