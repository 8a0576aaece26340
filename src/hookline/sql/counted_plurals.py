"""counted_plurals: a number before a plural counts those things.  "Gauges with more than
8 readings", where ``reading`` is a column of the child table of samples, counts each
gauge's samples: the plural of a column's singular name after "more than N" names its
rows, never a comparison of the column with N.  Such a plural is read by the plan that
counts the rows of the column's table, though the column itself is not in its SQL.

Example::

    said_plural("readings", ("reading",))            # True
    counted_plural("readings", sql, catalog)         # True when sql counts the samples
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.words import singular

__all__ = ["counted_plural", "one_counted", "said_plural"]

_ONE = re.compile(r" (have|has|had|with) (?:just (?:a single|one)|a single|one single) ")


def one_counted(text: str) -> str:
    """``text`` with a number of rows said as one ("owners with a single pet", "have
    just one pet") said as "exactly one", the comparison of a count it is."""
    return _ONE.sub(r" \1 exactly one ", text)


def said_plural(word: str, name: tuple[str, ...] | list[str]) -> bool:
    """Whether ``word`` says the last word of ``name`` (a column's or measure's words) in
    the plural, and that name is not itself plural ("ratings" for ``rating``)."""
    return bool(name) and word != name[-1] and singular(word) == name[-1]


def counted_plural(phrase: str, sql: str, catalog: SqlCatalog) -> bool:
    """Whether ``phrase`` is the plural of a column's name whose table's rows ``sql``
    (the planned query) counts in a sub-query: "more than 8 readings" read so."""
    last = phrase.split()[-1] if phrase.split() else ""
    read = sql.replace('"', "").lower()
    return any(
        said_plural(last, column.words)
        and re.search(rf"\bcount\(\*\) from {re.escape(column.table.lower())} where\b", read)
        for column in catalog.columns
    )
