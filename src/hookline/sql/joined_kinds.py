"""Readings that answer with less than the question names: a value joined by "and" to the
rows' own noun ("How many shops and kiosks does each town have?", 'kiosk' a kind of shop)
asks for both, never for the kiosks alone; a ranking grouped by a foreign key shows the
key's codes where the question asks for the rows it names ("each town": the town's name,
not its ``place_code``).  Each is declined.

Example::

    joined_kinds(" how many shops and kiosks does each town have ", plan, catalog)
    # ['kiosk']: the plan counts the shops of kind 'kiosk' only
    key_groups(" how many stalls does each town have ", plan, catalog)
    # ['place_code']: grouped by the key, shown as codes
"""

from __future__ import annotations

import re

from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import value_key

__all__ = ["joined_kinds", "key_groups"]


def joined_kinds(reading: PlanReading) -> list[str]:
    """The value of an equality condition said as "<rows> and <value>" or "<value> and
    <rows>", the rows being those of the plan's table: both are asked, not the value's."""
    text, plan = reading.text, reading.plan
    vocabulary = Vocabulary.of(reading.catalog)
    found = []
    for condition in plan.filters:
        if condition.column is None or condition.op != "=" or condition.negated:
            continue
        value = re.escape(value_key(condition.value))
        for match in re.finditer(rf" (\w+) and {value}s? | {value}s? and (\w+) ", text):
            if vocabulary.table_named(match.group(1) or match.group(2)) == plan.table:
                found.append(value_key(condition.value))
    return found


def key_groups(reading: PlanReading) -> list[str]:
    """The grouping column of a ranking when it is a foreign key of one column to a table
    that names its rows by another column, and the question says none of the column's
    words, nor a word they abbreviate ("each town" read as ``place_code``: codes shown where
    names are asked; "each destination" is ``dest``'s codes)."""
    plan, catalog = reading.plan, reading.catalog
    column = plan.column
    if plan.kind != "rank" or column is None or _said(column.words, reading.words):
        return []
    for key in catalog.table(column.table).foreign_keys:
        named = catalog.label(key.ref_table) != key.ref_columns
        if key.columns == [column.name] and named:
            return [column.name]
    return []


def _said(names: list[str], words: tuple[str, ...]) -> bool:
    """Whether a word of ``words`` is, or begins with, one of ``names`` ("destination":
    ``dest``)."""
    return any(word.startswith(name) for name in names for word in words)
