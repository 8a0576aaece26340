"""The column of a word nearest to a table's rows: "which city has the most orders" is
the customer's city (one step up from the orders), not a supplier's reached through the
order lines, nor the city of the customer's sales rep (two steps up).  A value the
question reads in a farther column of those words is another thing's place: "How many
receipts are in Dover?" with Dover only a city of a clerk's, never of a receipt's
customer, is no question about the clerks, and is declined (``far_values``).

Example::

    parent_alike(clerk.city, "receipt", catalog)   # customer.city
"""

from __future__ import annotations

from itertools import pairwise

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.key_values import key_held
from hookline.sql.plan import joined_path
from hookline.sql.plan_reading import PlanReading

__all__ = ["far_values", "parent_alike", "parent_side"]


def parent_alike(column: CatalogColumn, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``column``'s words nearest to ``table`` on its own side (``table``
    or its parents, one only), when it is not ``column`` ("which city has the most
    orders": the customer's city, not a supplier's through the order lines, nor the
    city of the customer's sales rep); None when ``column`` is that one, or none is."""
    alike = [(c, len(path)) for c in catalog.columns if c.words == column.words and not c.key
             for path in [_parent_path(table, c.table, catalog)] if path is not None]  # fmt: skip
    nearest = [c for c, steps in alike if steps == min(n for _, n in alike)]
    return nearest[0] if len(nearest) == 1 and nearest[0] is not column else None


def parent_side(source: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` is ``source`` or reached from it through parents only."""
    return _parent_path(source, table, catalog) is not None


def _parent_path(source: str, table: str, catalog: SqlCatalog) -> list[tuple[str, str]] | None:
    """The join from ``source`` to ``table`` (``plan.joined_path``: empty to itself) when
    each of its tables is one the table before it refers to (a parent); else None."""
    path = [] if table == source else joined_path(source, table, catalog)
    tables = [source, *(step for step, _ in path or [])]
    parents = all(catalog.refers_to(child, parent) for child, parent in pairwise(tables))
    return path if path is not None and parents else None


def far_values(reading: PlanReading) -> list[str]:
    """The values the plan reads in a column of another table than its rows' when a
    nearer column of the same words, on the rows' own side, is another one (a label
    names its own table's rows: "the lines of Lamps" is a category's, wherever)."""
    plan, catalog = reading.plan, reading.catalog
    found = []
    for read in plan.filters:
        column = read.column
        if column is None or read.op != "=" or column.table == plan.table:
            continue
        if column.name in catalog.labels.get(column.table, []):
            continue
        if key_held(column, read.value, catalog):
            continue  # "a part called 'bolt'": a key to the parts holds it
        near = parent_alike(column, plan.table, catalog)
        if near is not None and near.table != column.table:
            found.append(read.value)
    return found
