"""The condition of a comparison with a number ("more than 5"): a column or a measure
compared, or the number of a child table's rows of each row ("customers with more than 5
orders"; through a link table its distinct rows, "performers in more than 2 shows"), read
as the row's documented count of them when it keeps one
(``documented_counts``: "sets with more than 5000 icons" is their own total).

Example::

    compared("orders", ">", "5", plan, catalog)
    # Filter(raw='(SELECT COUNT(*) FROM orders WHERE ...) > 5', table='customers')
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog, quote
from hookline.sql.documented_counts import documented_count
from hookline.sql.links import linked_count
from hookline.sql.never import child_key
from hookline.sql.plan import Filter, QueryPlan

__all__ = ["compared"]


def compared(
    thing: Measure | CatalogColumn | str,
    op: str,
    number: str,
    plan: QueryPlan,
    catalog: SqlCatalog,
    text: str = "",
) -> Filter | None:
    """``thing op number`` for the rows of ``plan``; ``thing`` a table: its rows per row
    of the plan's (the plan's own count of them when documented); None when no key or
    link table joins them."""
    if isinstance(thing, CatalogColumn):
        return Filter(column=thing, value=number, op=op, number=True)
    if isinstance(thing, Measure):
        return Filter(raw=f"{thing.sql} {op} {number}", table=thing.table)
    own = documented_count(plan.table, thing, catalog)  # the rows' own count of them
    if own is not None:
        return Filter(column=catalog.column(own.table, own.name), value=number, op=op, number=True)
    key = child_key(plan.table, thing, catalog, text)
    linked = linked_count(plan.table, thing, catalog, distinct=True) if key is None else None
    if key is None and linked is None:
        return None
    count = linked or f"(SELECT COUNT(*) FROM {quote(thing)} WHERE {key})"
    return Filter(raw=f"{count} {op} {number}", table=plan.table)
