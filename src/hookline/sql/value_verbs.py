"""value_verbs: words a question says that a plan accepts yet never reads — its answer
would be another question's, so the planner declines (``plan_doubts`` calls this).

- a verb that carries no column ("fly", "sells") that is a form of a word of a listed
  value of the rows' own table (a list of a stall's states holding 'selling', say),
  no column of those values read: "how many stalls sell" counted as every stall;
- "<table> values" counted as the rows of that table ("how many device values": the
  values recorded of the devices, never the devices themselves).

Example::

    value_verbs(" how many stalls sell ", plan, catalog)   # ["sell"]
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn
from hookline.sql.mentions import Vocabulary, is_function
from hookline.sql.plan_reading import PlanReading
from hookline.sql.verb_forms import verb_bases
from hookline.sql.words import value_parts

__all__ = ["value_verbs"]

_VALUES = re.compile(r" ([a-z]+) values? ")
"""A noun followed by "value(s)": the values of the noun's things, not the things."""


def value_verbs(reading: PlanReading) -> list[str]:
    """The words of the question the plan never reads (see the module doc)."""
    return _unread_value_verbs(reading) + _values_counted(reading)


def _unread_value_verbs(reading: PlanReading) -> list[str]:
    """A verb of no column whose base is that of a listed value of an unread column of
    the plan's table ("stalls sell": a ``selling`` value)."""
    words, catalog, taken = reading.words, reading.catalog, reading.value_positions
    read = reading.read_sql
    columns = [c for c in catalog.table_columns(reading.plan.table) if c.values and not c.key]
    found = []
    for index, word in enumerate(words):
        if index in taken or not is_function(word) or len(word) < 3:  # a verb of no column
            continue
        bases = set(verb_bases(word))
        for column in columns:
            said = column.ref.replace('"', "").lower() in read
            if not said and bases & _value_bases(column):
                found.append(word)
                break
    return found


def _value_bases(column: CatalogColumn) -> set[str]:
    """The verb bases of the words of ``column``'s listed values ("selling" -> sell)."""
    words = {p for v in column.values for p in value_parts(v)}
    return {b for w in words if len(w) > 4 and w.endswith("ing") for b in verb_bases(w)[1:]}


def _values_counted(reading: PlanReading) -> list[str]:
    """ "how many <table> values" counted as that table's rows."""
    plan = reading.plan
    if plan.measure is not None or plan.kind not in ("count", "rank"):
        return []
    vocabulary = Vocabulary.of(reading.catalog)
    return [
        f"{m.group(1)} values"
        for m in _VALUES.finditer(reading.text)
        if vocabulary.table_named(m.group(1)) == plan.table
    ]
