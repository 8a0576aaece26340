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

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan import join_path, reachable, through_children
from hookline.sql.plan_reading import PlanReading

__all__ = ["far_values", "parent_alike", "parent_side"]


def parent_alike(column: CatalogColumn, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``column``'s words nearest to ``table`` on its own side (``table``
    or its parents, one only), when it is not ``column`` ("which city has the most
    orders": the customer's city, not a supplier's through the order lines, nor the
    city of the customer's sales rep); None when ``column`` is that one, or none is."""
    alike = [c for c in catalog.columns if c.words == column.words and not c.key
             and parent_side(table, c.table, catalog)]  # fmt: skip
    steps = [len(join_path(table, c.table, catalog)) if c.table != table else 0 for c in alike]
    nearest = [c for c, n in zip(alike, steps, strict=True) if n == min(steps)]
    return nearest[0] if len(nearest) == 1 and nearest[0] is not column else None


def parent_side(source: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` is ``source`` or reached from it through parents only."""
    if table == source:
        return True
    return reachable(source, table, catalog) and not through_children(source, table, catalog)


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
        near = parent_alike(column, plan.table, catalog)
        if near is not None and near.table != column.table:
            found.append(read.value)
    return found
