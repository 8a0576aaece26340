"""value_lists: what a list answers — the rows of its own table its values select
(``own_rows``), or, for "List the book genres", "What are the shop owners?", the
distinct values of one column (``listed_column``).

A list request is read only when nothing follows the thing listed but "in the database"
or "there are": any other word may be a condition this reading would drop.  The column
is the one the plural names, among the columns of the table a word before it names
("book genres": the book table's genre); a plural that names a table, or
several columns, is no list of values.

Example::

    listed_column(["list", "the", "book", "genres"], catalog)
    # QueryPlan(kind="rows", table="book", column=book.genre)
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog, quote
from hookline.sql.links import link_table
from hookline.sql.measures import table_mentions
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan, through_children
from hookline.sql.words import singular

__all__ = ["listed_column", "own_rows"]

LISTED_VALUES = 50
"""Values of a list at most."""
_FILLER = ("the", "all", "me", "are", "were", "of")
_TAILS: tuple[list[str], ...] = (["in", "the", "database"], ["there", "are"], [])
"""What may follow the thing listed: nothing that filters."""


def own_rows(text: str, plan: QueryPlan, found: list[Filter], catalog: SqlCatalog) -> bool:
    """A rows plan answers only with values of its own table and no other table named:
    "Who is the manager of <team>" is a relation it cannot read, not the team's people.
    A list of a column's values (``listed_column``) answers only without conditions."""
    if plan.column is not None:
        return not found
    own = all(
        _own_or_parent(f.table_name, plan.table, catalog)
        or link_table(plan.table, f.table_name, catalog) is not None
        for f in found
    )
    inner = {t for f in found if f.raw for t in _raw_tables(f.raw, catalog)}  # "> 20 orders"
    said = {t for _, t in table_mentions(_values_kinds(text, found, catalog), catalog)}
    return bool(found) and own and said <= {plan.table} | inner


def _values_kinds(text: str, found: list[Filter], catalog: SqlCatalog) -> str:
    """``text`` without the table word right after a value of that table ("the subclasses
    of the <name> class": the value's kind, no other rows asked for)."""
    tables = {f.column.table for f in found if f.column is not None}
    for phrase, table in Vocabulary.of(catalog).tables.items():
        if table in tables:
            text = re.sub(rf" _ {re.escape(phrase)}(?:s|es)? ", " _ ", text)
    return text


def _own_or_parent(table: str, rows: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` is the rows' own, or a parent each row refers to by one foreign
    key and that does not refer back to them ("cities in <country>"; not "the country
    <city> is in" when a country refers to its capital city too)."""
    if table == rows:
        return True
    if any(catalog.column(rows, name).key for name in catalog.label(rows)):
        return False  # rows named by a key: by the parent's code, not their own name
    parents = [fk.ref_table for fk in catalog.table(rows).foreign_keys]
    back = catalog.refers_to(table, rows)
    return parents.count(table) == 1 and not back and not through_children(rows, table, catalog)


def _raw_tables(raw: str, catalog: SqlCatalog) -> set[str]:
    """The tables a sub-query condition reads (``FROM orders WHERE ...``, ``FROM
    membership JOIN clubs ON ...``)."""
    read = {t.name for t in catalog.schema.tables if f"FROM {quote(t.name)} " in raw}
    return read | {t.name for t in catalog.schema.tables if f"JOIN {quote(t.name)} " in raw}


def listed_column(words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    """The distinct values of the one column the listed plural names, or None."""
    thing = _listed(words)
    if thing is None or not 1 <= len(thing) <= 2 or singular(thing[-1]) == thing[-1]:
        return None
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(" ".join(thing)) or vocabulary.table_named(thing[-1]):
        return None  # "list the customers": rows, by their name
    table = vocabulary.table_named(thing[0]) if len(thing) == 2 else None
    if len(thing) == 2 and table is None:
        return None
    found = [c for c in vocabulary.columns_named(thing[-1]) if _listable(c)]
    found = [c for c in found if table is None or c.table == table]
    own = [c for c in found if c.words == [singular(thing[-1])]]  # not a co_owner
    found = own or found
    if len({(c.table, c.name) for c in found}) != 1:
        return None
    return QueryPlan(kind="rows", table=found[0].table, column=found[0], limit=LISTED_VALUES)


def _listed(words: list[str]) -> list[str] | None:
    """The words of the thing a list request names, or None for another question."""
    if words[:1] in (["list"], ["show"]):
        rest = words[1:]
    elif words[:2] == ["what", "are"]:
        rest = words[2:]
    else:
        return None
    start = next((i for i, w in enumerate(rest) if w not in _FILLER), len(rest))
    rest = rest[start:]
    for tail in _TAILS:
        if len(rest) > len(tail) and (not tail or rest[-len(tail) :] == tail):
            return rest[: len(rest) - len(tail)]
    return None


def _listable(column: CatalogColumn) -> bool:
    """A column of names or kinds (text, not a key, a code or a comment) whose values
    fit in one list."""
    if not column.text or column.key or column.opaque or column.prose:
        return False
    return column.distinct is not None and column.distinct <= LISTED_VALUES  # all of them
