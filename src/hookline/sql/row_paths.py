"""Ways from a plan's rows to its groups or conditions that the question does not choose:
up to a shared parent and down again, to a column of the same words of one of two
tables as near, or through one of two keys to the same table.  Each answers a question
the words do not ask, so the planner declines (``plan_doubts``).

Example::

    groups_of_two_tables(PlanReading("Which state has the most refunds?", plan, catalog))
    # ["state"]: the state of a refund's shop, or of its customer's home?
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.measures import documented_column
from hookline.sql.near_columns import parent_alike, parent_side
from hookline.sql.plan import QueryPlan, join_path, own_key
from hookline.sql.plan_reading import PlanReading

__all__ = ["groups_of_two_tables", "groups_through_children", "shared_parent", "two_keys"]


def groups_through_children(reading: PlanReading) -> list[str]:
    """A ranking whose groups (a column, or a table's rows) its counted (or measured) rows
    reach only by a row they share (a promotion's sales through its start day: up to the
    day, down to the day's sales), or whose group column is of a table reached through
    child rows when the rows' own side has a column of its words (the state of the shop
    a home bought from, for "which state has the most homes").  A bridge of child rows
    stays ("which category has the most orders": each order counted once per category)."""
    plan, catalog, source = reading.plan, reading.catalog, reading.source
    if plan.kind != "rank" or (plan.column is None and plan.group_table is None):
        return []
    target = plan.column.table if plan.column else plan.group_table or source
    said = " ".join(plan.column.words) if plan.column else target
    if target != source and shared_parent(source, target, catalog):
        return [said]
    if plan.column is not None and parent_alike(plan.column, source, catalog) is not None:
        return [said]
    return []


def shared_parent(start: str, target: str, catalog: SqlCatalog) -> bool:
    """Whether the join from ``start`` to ``target`` goes up to a parent and then down to
    another of its children (a promotion and the sales of its start day)."""
    previous, up = start, False
    for table, _ in join_path(start, target, catalog):
        down = catalog.refers_to(table, previous)
        if down and up:
            return True
        up = up or not down
        previous = table
    return False


def groups_of_two_tables(reading: PlanReading) -> list[str]:
    """A ranking grouped by a column whose words name columns of two tables as near to the
    rows counted (the state of a refund's shop, or of its customer's home), or nearer,
    when neither the question nor the documentation says which."""
    plan, catalog, source = reading.plan, reading.catalog, reading.source
    column = plan.column if plan.kind == "rank" else None
    phrase = " ".join(column.words) if column is not None else ""
    if column is None or column.key or documented_column(phrase, catalog) is not None:
        return []
    alike = {c.table for c in catalog.columns if c.words == column.words and not c.key
             and parent_side(source, c.table, catalog)}  # fmt: skip
    chosen = alike & reading.named_tables
    if chosen or column.table not in alike:
        return [] if chosen <= {column.table} else [phrase]
    steps = {t: len(join_path(source, t, catalog)) if t != source else 0 for t in alike}
    nearest = [t for t, n in steps.items() if n == min(steps.values())]
    return [] if nearest == [column.table] else [phrase]


def two_keys(reading: PlanReading) -> list[str]:
    """The value of a condition on a table the rows reach by one of two keys to it (or
    from it), neither named after it (``own_key``) nor of a role the question says (a
    flight's origin or destination airport): which one, the words do not say (of an
    entry's ``account`` and ``to_account``, the join takes ``account``)."""
    plan, catalog, source = reading.plan, reading.catalog, reading.source
    for found in (f for f in plan.filters if f.table_name != source):
        try:
            path = join_path(source, found.table_name, catalog)
        except ValueError:
            continue
        steps = zip([source, *(t for t, _ in path)], (t for t, _ in path), strict=False)
        if any(_unnamed_keys(a, b, plan, catalog) or _unnamed_keys(b, a, plan, catalog)
               for a, b in steps):  # fmt: skip
            return [found.value or found.table_name]
    return []


def _unnamed_keys(child: str, parent: str, plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether ``child`` has several keys to ``parent``, none named after it nor of a
    role the question says (``plan.roles``)."""
    keys = catalog.keys_to(child, parent)
    chosen = any(own_key(fk.columns, parent) or fk in plan.roles for fk in keys)
    return len(keys) > 1 and not chosen
