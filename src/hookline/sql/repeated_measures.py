"""A total or average of a measure whose rows the plan's joins repeat: a table's amount
(an order's shipping cost, a receipt's total) read through the rows of a table that
refers to it (the order's lines) is counted once per such row, and a whole order's
cost is given to each product on it.  "The total shipping cost of the lamps", "which
category has the highest shipping cost": no join answers those, so the plan is declined.

Example::

    # shop: orders(id, shipping), lines(order_id -> orders, product_id -> products)
    repeated_measures(plan_of("total shipping of lamps"), catalog)  # ["shipping"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import QueryPlan, through_children

__all__ = ["repeated_measures"]

_ADDED = ("sum", "avg")


def repeated_measures(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The measure's name when ``plan`` adds up (or averages) a measure and reaches
    another table it reads from the measure's table through rows referring to it."""
    measure = plan.measure
    if measure is None or not _added(plan):
        return []
    others = [t for t in plan.tables() if t != measure.table]
    if any(through_children(measure.table, t, catalog) for t in others):
        return [measure.words[0] if measure.words else measure.name]
    return []


def _added(plan: QueryPlan) -> bool:
    """Whether ``plan`` sums or averages its measure (alone, or per group)."""
    if plan.kind in _ADDED:
        return True
    return plan.kind == "rank" and plan.agg.lower() in _ADDED
