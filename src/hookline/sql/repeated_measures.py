"""A total or average of a measure whose rows the plan's joins repeat: a table's amount
(an order's shipping cost, a receipt's total) read through the rows of a table that
refers to it (the order's lines) is counted once per such row, and a whole order's
cost is given to each product on it.  "The total shipping cost of the lamps", "which
category has the highest shipping cost": no join answers those, so the plan is declined.
A condition on the referring rows that one of them per row at most can meet (a
country's language, keyed by the country and the language) repeats nothing, and an
average under a condition is left as it is.

Example::

    # shop: orders(id, shipping), lines(order_id -> orders, product_id -> products)
    repeated_measures(plan_of("total shipping of lamps"), catalog)  # ["shipping"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import Filter, QueryPlan, through_children
from hookline.sql.plan_reading import PlanReading

__all__ = ["repeated_measures"]

_ADDED = ("sum", "avg")


def repeated_measures(reading: PlanReading) -> list[str]:
    """The measure's name when the plan adds up (or averages) a measure per group of a
    table it reaches from the measure's table through rows referring to it, or adds it up
    under a condition on such rows that more than one of them may meet."""
    plan, catalog = reading.plan, reading.catalog
    measure = plan.measure
    if measure is None or not _added(plan):
        return []
    grouped = [plan.table, plan.group_table, plan.column.table if plan.column else None]
    tables = [t for t in grouped if t is not None]
    if plan.kind != "avg":  # an average over the rows a condition keeps: hardly skewed
        tables += [f.table_name for f in plan.filters if not _one_match(measure.table, f, catalog)]
    if any(through_children(measure.table, t, catalog) for t in tables if t != measure.table):
        return [measure.words[0] if measure.words else measure.name]
    return []


def _added(plan: QueryPlan) -> bool:
    """Whether ``plan`` sums or averages its measure (alone, or per group)."""
    if plan.kind in _ADDED:
        return True
    return plan.kind == "rank" and plan.agg.lower() in _ADDED


def _one_match(table: str, found: Filter, catalog: SqlCatalog) -> bool:
    """Whether at most one row of the filter's table, a child of ``table``, meets it: its
    primary key is its key to ``table`` and the filtered column (a country's language)."""
    child = catalog.table(found.table_name)
    if found.column is None or not child.primary_key:
        return False
    return any(
        fk.ref_table == table and set(child.primary_key) <= {*fk.columns, found.column.name}
        for fk in child.foreign_keys
    )
