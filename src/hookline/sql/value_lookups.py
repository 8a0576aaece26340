"""Value lookups that answer another question: "what is the <amount> of <rows>" read as
the amount of each row the conditions select, shown as a list of its distinct values.

- a condition on child rows of the looked-up table ("How many people live in the urban
  districts of Northmark?" read as Northmark's own population, on the condition that it
  has an urban district): the condition does not change the parent's amount; the
  question asks for the children's, added up;
- an amount of the many rows of a named parent ("the population of the towns of
  Northmark"): a list of distinct numbers, no row named, is neither each town's amount
  nor their total — which one, the words do not say;
- a count of rows grouped by their own primary key ("which serial has the most parcels",
  ``serial`` the parcels' key): every group is one row, ranked by 1 (``single_row_groups``);
- a count of the different values of a column over rows a condition on a unique column of
  the same table pins to one ("how many different names has the fleet FL-7", ``code``
  unique): always 1, the question asks something else (``pinned_distinct``).

A table keyed by its parent (one row each: a film's review) is the parent's own; a
parent's few rows each ("the mass of Carbon": each of its isotopes) are listed.

Example::

    lookup_doubts(plan, catalog)  # "the population of the towns of Northmark"
    # ["town"]: the looked-up table
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import Filter, QueryPlan, through_children
from hookline.sql.plan_reading import PlanReading

__all__ = ["key_parents", "lookup_doubts", "pinned_distinct", "single_row_groups"]


def lookup_doubts(reading: PlanReading) -> list[str]:
    """The tables whose conditions make the plan's lookup of an amount another question's
    (see the module doc); empty when it names its rows."""
    plan, catalog = reading.plan, reading.catalog
    column = plan.column
    if plan.kind != "rows" or column is None or not column.numeric or column.key:
        return []
    if not plan.filters:
        return []
    children = [
        f.table_name for f in plan.filters
        if f.table_name != plan.table and through_children(plan.table, f.table_name, catalog)
    ]  # fmt: skip
    if children:
        return children
    if any(_names_rows(f, plan.table, catalog) for f in plan.filters):
        return []
    parents = {f.table_name for f in plan.filters} - {plan.table}
    parents |= set(key_parents(plan, plan.table, catalog))
    if all(_few_each(plan.table, p, catalog) for p in parents):
        return []  # "the mass of Carbon": each of its few isotopes; no parent named
    return [plan.table]


_FEW = 10
"""The most rows of a table, on average, to each row of a parent, for a lookup of the
rows of a named parent to list each one's amount."""


def _few_each(table: str, parent: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` has few rows to each row of ``parent`` (its isotopes to an element,
    not its towns to a province)."""
    rows, parents = catalog.rows.get(table, 0), catalog.rows.get(parent, 0)
    return parents > 0 and rows <= _FEW * parents


def _names_rows(condition: Filter, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``condition`` names rows of ``table`` one by one: its label or key, or the
    label of a parent it extends one row for one (a film's title, for its review)."""
    if condition.column is None:
        return False
    if condition.table_name == table:
        own = [*catalog.labels.get(table, []), *catalog.table(table).primary_key]
        return condition.column.name in own
    key = catalog.table(table).primary_key
    return any(set(fk.columns) == set(key) for fk in catalog.keys_to(table, condition.table_name))


def key_parents(plan: QueryPlan, table: str, catalog: SqlCatalog) -> list[str]:
    """The parents whose row a condition of ``plan`` names by ``table``'s own foreign key to
    it (a shot's ``shooter_id`` = 'Elf': the shots of the archer Elf)."""
    said = {
        f.column.name for f in plan.filters
        if f.column is not None and f.column.table == table and f.op == "=" and not f.prefix
    }  # fmt: skip
    return [
        fk.ref_table for fk in catalog.table(table).foreign_keys
        if len(fk.columns) == 1 and fk.columns[0] in said and fk.ref_table != table
    ]  # fmt: skip


def single_row_groups(reading: PlanReading) -> list[str]:
    """The group column of a ranking by a number of the plan's rows that is their own
    whole primary key (every group one row: a count of 1 each); empty otherwise.  A column
    whose values merely happen to be unique today still groups."""
    plan, catalog = reading.plan, reading.catalog
    column = plan.column
    if plan.kind != "rank" or plan.measure is not None or column is None or plan.period:
        return []
    if column.table != plan.table or plan.group_table is not None:
        return []
    key = catalog.table(plan.table).primary_key
    return [column.name] if key == [column.name] else []


_DISTINCT = ("different", "distinct", "unique")


def pinned_distinct(reading: PlanReading) -> list[str]:
    """The word asking for different values of a count of them over the rows an equality
    on a unique column of the same table pins to one row (a count of 1 whatever the data);
    empty otherwise."""
    plan, catalog = reading.plan, reading.catalog
    column = plan.column
    if plan.kind != "count_distinct" or column is None:
        return []
    if not any(_pins_one_row(f, column.table, catalog) for f in plan.filters):
        return []
    said = [w for w in reading.words if w in _DISTINCT]
    return said[:1] or [column.name]


def _pins_one_row(found: Filter, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``found`` is ``column = value`` on a column of ``table`` whose every row
    holds a value of its own (its primary key, or as many distinct values as rows)."""
    column = found.column
    if column is None or column.table != table or found.op != "=" or found.prefix:
        return False
    rows = catalog.rows.get(table, 0)
    unique = column.distinct is not None and column.distinct == column.filled == rows > 1
    return unique or catalog.table(table).primary_key == [column.name]
