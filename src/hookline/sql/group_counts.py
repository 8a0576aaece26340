"""group_counts: "Which countries have more than 50 cities?", "How many genres have at
least 3 films?": the values of a column whose rows number more (fewer, at least...) than N.

The groups are the values of a text column, never rows of a table of their own (those are
``conditions``' child rows): a column of the counted table itself (a city's country), or
of a table that refers to the counted one by one single-column key and holds nothing else
(a film's director: each row one film of a director, counted once).  Only the whole
question is read so: "which / how many <group> have (made) <comparison> <N> <rows>"; any
other word, a value or a condition, leaves it to the rest of the planner.

Example::

    counted_groups(["which", "countries", "have", "more", "than", "50", "cities"], catalog)
    # QueryPlan(kind="rows", table="city", column=city.country,
    #           filters=[city.country IN (... GROUP BY country HAVING COUNT(*) > 50)])
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog, quote
from hookline.sql.groups import BREAKDOWN_ROWS
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.words import NUMBER_WORDS

__all__ = ["counted_groups"]

_SHAPE = re.compile(
    r"(?P<asks>which|what|how many) (?P<group>[a-z]+(?: [a-z]+)?)"
    r" (?:have|has|had)(?: made)?"
    r" (?P<op>more than|fewer than|less than|over|under|at least|at most|exactly)"
    r" (?P<number>\d+|[a-z]+) (?P<rows>[a-z]+(?: [a-z]+)?)"
)
_OPS = {"more than": ">", "over": ">", "fewer than": "<", "less than": "<", "under": "<",
        "at least": ">=", "at most": "<=", "exactly": "="}  # fmt: skip


def counted_groups(words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    """The plan of "which / how many <group> have more than <N> <rows>" (module doc), or
    None when the question is not exactly that or its group is no column to count by."""
    match = _SHAPE.fullmatch(" ".join(words))
    number = NUMBER_WORDS.get(match.group("number"), match.group("number")) if match else ""
    if match is None or not number.isdigit():
        return None
    vocabulary = Vocabulary.of(catalog)
    counted = vocabulary.table_named(match.group("rows"))
    if counted is None:
        return None
    found = _group_column(match.group("group"), counted, catalog)
    if found is None:
        return None
    column, count = found
    grouped = (
        f"SELECT {quote(column.name)} FROM {quote(column.table)} GROUP BY {quote(column.name)}"
        f" HAVING {count} {_OPS[match.group('op')]} {int(number)}"
    )
    condition = Filter(raw=f"{column.ref} IN ({grouped})", table=column.table)
    if match.group("asks") == "how many":
        return QueryPlan(kind="count_distinct", table=column.table, column=column,
                         filters=[condition])  # fmt: skip
    return QueryPlan(kind="rows", table=column.table, column=column, filters=[condition],
                     limit=BREAKDOWN_ROWS)  # fmt: skip


def _group_column(
    phrase: str, counted: str, catalog: SqlCatalog
) -> tuple[CatalogColumn, str] | None:
    """The one text column ``phrase`` names whose table counts ``counted``'s rows, and the
    count of them for one of its values; None when it names a table of other rows."""
    vocabulary = Vocabulary.of(catalog)
    found = [
        (column, count)
        for column in vocabulary.columns_named(phrase)
        if column.text and not column.prose
        and (count := _count_of(column.table, counted, catalog)) is not None
    ]  # fmt: skip
    named = vocabulary.table_named(phrase)
    if len(found) != 1 or named not in (None, found[0][0].table):
        return None
    return found[0]


def _count_of(table: str, counted: str, catalog: SqlCatalog) -> str | None:
    """How many ``counted`` rows a group of ``table``'s rows holds: its rows (the counted
    table itself), or the distinct rows its one key to ``counted`` refers to (a table of
    that key and the grouped value only)."""
    if table == counted:
        return "COUNT(*)"
    keys = catalog.keys_to(table, counted)
    if len(keys) != 1 or len(keys[0].columns) != 1 or len(catalog.table(table).columns) != 2:
        return None
    return f"COUNT(DISTINCT {quote(table)}.{quote(keys[0].columns[0])})"
