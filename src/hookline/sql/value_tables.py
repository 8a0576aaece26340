"""Tables of a row's values: one row per value of a parent row (a film's genres as the
film's key and one genre), so a ranking "by genre" groups by the value, never by the rows.

A table is such a list of ``parent``'s values when its one foreign key to ``parent`` and
one more column, a text column that refers to nothing, make its primary key. A count
ranking the linker grouped by that table's rows ("the genre with the most films": one
row per film and genre, each reaching one film) is grouped by its value column instead,
when the question says that column's name: then each genre counts its films.

Example::

    plan = QueryPlan(kind="rank", table="films", group_table="film_genres")
    value_groups(" which genre has the most films ", plan, catalog).column.name  # 'genre'
"""

from __future__ import annotations

from dataclasses import replace

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.words import singular

__all__ = ["value_column", "value_groups"]


def value_groups(text: str, plan: QueryPlan | None, catalog: SqlCatalog) -> QueryPlan | None:
    """``plan`` grouped by the value column of its group table (module doc) when that
    table lists values of the counted rows and ``text`` (spaced words) names the column;
    else ``plan`` unchanged."""
    if plan is None or plan.kind != "rank" or plan.measure is not None:
        return plan
    group = plan.group_table
    if group is None or group == plan.table:
        return plan
    column = value_column(group, plan.table, catalog)
    if column is None or not _named(column, text):
        return plan
    return replace(plan, group_table=None, column=column)


def value_column(table: str, parent: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The value column of ``table`` when its rows list values of ``parent``'s rows."""
    found = catalog.table(table)
    keys = [fk for fk in found.foreign_keys if fk.ref_table == parent]
    if len(keys) != 1 or len(found.foreign_keys) != 1:
        return None
    others = [name for name in found.primary_key if name not in keys[0].columns]
    if len(others) != 1 or len(found.primary_key) != len(keys[0].columns) + 1:
        return None
    column = catalog.column(table, others[0])
    return column if column.text and not column.prose else None


def _named(column: CatalogColumn, text: str) -> bool:
    """Whether ``text`` says the column's name (its last word, singular or plural)."""
    words = {singular(word) for word in text.split()}
    return bool(column.words) and singular(column.words[-1]) in words
