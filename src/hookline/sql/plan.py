"""QueryPlan: a question's meaning in a few fields, compiled to SQL by the runtime.

A small model cannot write SQL, but a question about a database mostly says *what kind*
of answer it wants (a count, a total, an average, the top N), *of what* (a table, a
measure), *grouped by what* and *filtered by which values*.  ``compile_plan`` turns those
fields into one SQL statement, joining the tables along their foreign keys.

Example::

    plan = QueryPlan(kind="count", table="customers",
                     filters=[Filter(column=catalog.column("customers", "country"), value="Italy")])
    compile_plan(plan, catalog)
    # SELECT COUNT(*) AS customers FROM customers WHERE customers.country = 'Italy'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog

__all__ = ["Filter", "PlanKind", "QueryPlan", "compile_plan", "join_path"]

PlanKind = Literal["count", "count_distinct", "sum", "avg", "max", "min", "rank", "list"]
_AGGREGATES = {"sum": "SUM", "avg": "AVG", "max": "MAX", "min": "MIN"}


@dataclass(kw_only=True)
class Filter:
    """``column = value``, or ``column`` starting with ``value`` (a year, a month)."""

    column: CatalogColumn
    value: str
    prefix: bool = False

    def sql(self) -> str:
        literal = self.value.replace("'", "''")
        if self.prefix:
            return f"CAST({self.column.ref} AS TEXT) LIKE '{literal}%'"
        return f"{self.column.ref} = '{literal}'"


@dataclass(kw_only=True)
class QueryPlan:
    """What to compute (``kind``) over which rows (``table``, ``filters``).

    ``rank`` groups by ``column`` (or by the rows of ``group_table``) and orders
    by ``agg`` of ``measure`` (no measure: the number of ``table``'s rows); ``list``
    orders the rows of ``table`` by ``measure``; ``count_distinct`` counts
    ``column``'s values.
    """

    kind: PlanKind
    table: str
    measure: Measure | None = None
    column: CatalogColumn | None = None
    group_table: str | None = None
    filters: list[Filter] = field(default_factory=list)
    agg: str = "SUM"
    limit: int = 1
    ascending: bool = False

    def tables(self) -> list[str]:
        """Every table the plan touches, its own first."""
        named = [self.table]
        named += [self.measure.table] if self.measure else []
        named += [self.column.table] if self.column else []
        named += [self.group_table] if self.group_table else []
        named += [f.column.table for f in self.filters]
        return list(dict.fromkeys(named))


def compile_plan(plan: QueryPlan, catalog: SqlCatalog) -> str:
    """One SELECT statement for ``plan``; raises ``ValueError`` when tables cannot be joined."""
    joins = _joins(plan.table, plan.tables()[1:], catalog)
    where = " AND ".join(f.sql() for f in plan.filters)
    select, tail = _select(plan, catalog, joined=bool(joins))
    sql = f"SELECT {select} FROM {plan.table}" + "".join(joins)
    if where:
        sql += f" WHERE {where}"
    return sql + tail


def _select(plan: QueryPlan, catalog: SqlCatalog, *, joined: bool) -> tuple[str, str]:
    """The select list and what follows the WHERE clause (GROUP BY, ORDER BY, LIMIT)."""
    rows = _row_count(plan, catalog, joined=joined)
    if plan.kind == "count":
        return f'{rows} AS "{plan.table}"', ""
    if plan.kind == "count_distinct" and plan.column is not None:
        return f'COUNT(DISTINCT {plan.column.ref}) AS "{plan.column.name}_count"', ""
    measure = plan.measure
    if plan.kind in _AGGREGATES and measure is not None:
        name = f"{plan.kind}_{measure.name}"
        return f'ROUND({_AGGREGATES[plan.kind]}({measure.sql}), 2) AS "{name}"', ""
    order = "ASC" if plan.ascending else "DESC"
    labels = _labels(plan, catalog)
    if plan.kind == "list" and measure is not None:
        value = f'{measure.sql} AS "{measure.name}"'
        return f"{labels}, {value}", f' ORDER BY "{measure.name}" {order} LIMIT {plan.limit}'
    value = f"ROUND({plan.agg}({measure.sql}), 2)" if measure else rows
    name = measure.name if measure else plan.table
    groups = plan.column.ref if plan.column else _keys(plan.group_table or plan.table, catalog)
    tail = f' GROUP BY {groups} ORDER BY "{name}" {order} LIMIT {plan.limit}'
    return f'{labels}, {value} AS "{name}"', tail


def _row_count(plan: QueryPlan, catalog: SqlCatalog, *, joined: bool) -> str:
    """COUNT(*), or the distinct keys of the plan's table when joins may repeat its rows."""
    return f"COUNT(DISTINCT {_keys(plan.table, catalog)})" if joined else "COUNT(*)"


def _keys(table: str, catalog: SqlCatalog) -> str:
    key = catalog.table(table).primary_key or [c.name for c in catalog.table(table).columns[:1]]
    return ", ".join(f"{table}.{k}" for k in key)


def _labels(plan: QueryPlan, catalog: SqlCatalog) -> str:
    if plan.column is not None:
        return f'{plan.column.ref} AS "{plan.column.name}"'
    table = plan.group_table or plan.table
    label = [f"{table}.{name}" for name in catalog.label(table)]
    singular = table.rstrip("s") or table
    return " || ' ' || ".join(label) + f' AS "{singular}"'


def _joins(start: str, others: list[str], catalog: SqlCatalog) -> list[str]:
    """``JOIN ... ON ...`` clauses reaching ``others`` from ``start`` along foreign keys."""
    joined, clauses = {start}, []
    for target in others:
        for table, condition in join_path(start, target, catalog):
            if table not in joined:
                joined.add(table)
                clauses.append(f" JOIN {table} ON {condition}")
    return clauses


def join_path(start: str, target: str, catalog: SqlCatalog) -> list[tuple[str, str]]:
    """The shortest chain of (table, join condition) from ``start`` to ``target``."""
    edges = _edges(catalog)
    previous: dict[str, tuple[str, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        table = queue.popleft()
        for neighbour, condition in edges.get(table, []):
            if neighbour not in previous:
                previous[neighbour] = (table, condition)
                queue.append(neighbour)
    if target not in previous:
        raise ValueError(f"no foreign-key path from {start} to {target}")
    path: list[tuple[str, str]] = []
    node = target
    while (step := previous[node]) is not None:
        path.append((node, step[1]))
        node = step[0]
    return path[::-1]


def _edges(catalog: SqlCatalog) -> dict[str, list[tuple[str, str]]]:
    edges: dict[str, list[tuple[str, str]]] = {}
    for table in catalog.schema.tables:
        for fk in table.foreign_keys:
            pairs = zip(fk.columns, fk.ref_columns, strict=False)
            condition = " AND ".join(f"{table.name}.{a} = {fk.ref_table}.{b}" for a, b in pairs)
            edges.setdefault(table.name, []).append((fk.ref_table, condition))
            edges.setdefault(fk.ref_table, []).append((table.name, condition))
    return edges
