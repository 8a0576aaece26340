"""Counts and rankings that cannot differ: doubts the planner declines on.

A ranking by the number of rows a group reaches means nothing when every group reaches
at most one of them (a venture counted through its one leader among the workers, a
credit row counted through the one work it names), and a "highest" value summed over a
child's rows adds up alternatives (the charges an ion can take), not amounts (the pay
of a worker's months).  Nor does a count of the rows a unique column's value selects:
"How many Elves are there?" counted as the one row of a table of kinds whose code is
'ELF' is 1 whatever the data holds — the things of that kind are what is asked.
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import Filter, join_path
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import value_key

_HIGHEST = (" highest ", " lowest ", " largest ", " smallest ", " greatest ", " biggest ")
_TIME_WORDS = ("date", "year", "season", "month", "day", "time", "period")


def single_count_doubts(reading: PlanReading) -> list[str]:
    """The words of the question such a ranking (or count) answers wrongly."""
    return _counts_of_one(reading) + _summed_alternatives(reading) + _one_row_counted(reading)


def _one_row_counted(reading: PlanReading) -> list[str]:
    """The values of a count of rows one of whose conditions names one row: a value of the
    counted table's label, or of a column holding each value once that is the row's name
    too (a code 'ELF' of the row named Elf), unless the question says "named" or "called"
    (then one is the answer)."""
    plan, text = reading.plan, reading.text
    if plan.kind not in ("count", "count_distinct") or " named " in text or " called " in text:
        return []
    return [f.value for f in plan.filters if _names_one_row(f, plan.table, reading.catalog)]


def _names_one_row(found: Filter, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``found`` selects the one row of ``table`` it names (see above)."""
    column, rows = found.column, catalog.rows.get(table, 0)
    if column is None or column.table != table or found.op != "=" or found.prefix:
        return False
    if column.key or rows < 2 or column.distinct != rows:
        return False
    label = catalog.label(table)
    matches = catalog.index.lookup(value_key(found.value).split())
    return column.name in label or any(
        m.exact and (m.table, m.column) in {(table, name) for name in label} for m in matches
    )


def _counts_of_one(reading: PlanReading) -> list[str]:
    """A count ranking whose joins from the counted rows reach the groups only by foreign
    keys of the groups' side (one counted row per group at most)."""
    plan, catalog = reading.plan, reading.catalog
    group = plan.group_table
    if plan.kind != "rank" or plan.measure is not None or group in (None, plan.table):
        return []
    assert group is not None
    try:
        path = join_path(plan.table, group, catalog)
    except ValueError:
        return []
    previous = plan.table
    for table, condition in path:
        if not _joined_by_own_key(table, previous, condition, catalog):
            return []
        previous = table
    return [plan.table]


def _joined_by_own_key(table: str, parent: str, condition: str, catalog: SqlCatalog) -> bool:
    """Whether ``condition`` joins ``table`` to ``parent`` by a foreign key of ``table``."""
    return any(
        fk.ref_table == parent
        and all(catalog.column(table, c).ref in condition for c in fk.columns)
        for fk in catalog.table(table).foreign_keys
    )


def _summed_alternatives(reading: PlanReading) -> list[str]:
    """A "highest" measure summed over the rows of a child table of the group alone, with
    no date: a list of the group's values (its states), not of amounts to add up."""
    plan, catalog = reading.plan, reading.catalog
    measure = plan.measure
    if plan.kind != "rank" or plan.agg != "SUM" or measure is None:
        return []
    group = plan.group_table or plan.table
    if measure.table == group or not any(word in reading.text for word in _HIGHEST):
        return []
    keys = catalog.table(measure.table).foreign_keys
    if [fk.ref_table for fk in keys] != [group] or _dated(measure.table, catalog):
        return []  # rows of events (another parent, or a date): their amounts add up
    return [" ".join(measure.words)]


def _dated(table: str, catalog: SqlCatalog) -> bool:
    """Whether a table has a column of a date or a period (its rows are amounts over time)."""
    return any(
        c.date or any(word in c.name.lower() for word in _TIME_WORDS)
        for c in catalog.columns
        if c.table == table
    )
