"""QueryPlan: a question's meaning in a few fields, compiled to SQL by the runtime.

A small model cannot write SQL, but a question about a database mostly says *what kind*
of answer it wants (a count, a total, an average, the top N), *of what* (a table, a
measure), *grouped by what* and *filtered by which values*.  ``compile_plan`` turns those
fields into one SQL statement, joining the tables along their foreign keys (of two keys
to one table, the one named after it: an entry's ``account``, not its ``to_account``).

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

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog, quote
from hookline.sql.row_codes import row_code
from hookline.sql.runner import ForeignKey
from hookline.sql.words import identifier_words, singular

__all__ = [
    "Filter",
    "PlanKind",
    "QueryPlan",
    "compile_plan",
    "filter_on_value",
    "join_path",
    "join_steps",
    "joined_path",
    "own_key",
    "parent_chains",
    "reachable",
    "through_children",
]

PlanKind = Literal["count", "count_distinct", "sum", "avg", "max", "min", "rank", "list", "rows"]
_AGGREGATES = {"sum": "SUM", "avg": "AVG", "max": "MAX", "min": "MIN"}


@dataclass(kw_only=True)
class Filter:
    """``column op value`` (``=`` by default; ``number`` compares as a number), or
    ``column`` starting with ``value`` (``prefix``: a year, a month), or a ready SQL
    condition ``raw`` on ``table`` (a documented synonym, a sub-question)."""

    column: CatalogColumn | None = None
    value: str = ""
    prefix: bool = False
    op: str = "="
    number: bool = False
    raw: str | None = None
    table: str | None = None
    absent: bool = False
    """Whether the value says a thing is absent ("no parking": its column's 'no')."""

    @property
    def table_name(self) -> str:
        """The table the condition reads."""
        if self.column is not None:
            return self.column.table
        assert self.table is not None, "a raw filter names its table"
        return self.table

    @property
    def negated(self) -> bool:
        """Whether the condition says what is not (``!=``, ``NOT ...``, ``IS NULL``)."""
        raw = (self.raw or "").upper()
        return (
            self.absent
            or self.op == "!="
            or raw.lstrip("(").startswith("NOT ")
            or raw.endswith(" IS NULL")
        )

    def sql(self) -> str:
        if self.raw is not None or self.column is None:
            return f"({self.raw})"
        literal = self.value.replace("'", "''")
        if self.prefix:
            return f"CAST({self.column.ref} AS TEXT) LIKE '{literal}%'"
        if self.number:
            return f"{self.column.ref} {self.op} {float(self.value):g}"
        return f"{self.column.ref} {self.op} '{literal}'"


def filter_on_value(
    chosen: tuple[CatalogColumn, str], op: str, catalog: SqlCatalog
) -> Filter | None:
    """``column = value``; in a column of comma-separated lists that also holds the
    value as a member ("Acme, Zenith Ltd"), the cells listing it (None when negated)."""
    column, value = chosen
    plural = bool(column.values)  # a short list ("sunday", "sundays"), not every word
    spellings = catalog.index.spellings(column.table, column.name, value, plural=plural)
    if len(spellings) > 1:
        return _any_spelling(column, spellings, op)
    if not catalog.index.in_lists(column.table, column.name, value):
        return Filter(column=column, value=value, op=op)
    if op != "=":
        return None
    ref, literal = column.ref, value.replace("'", "''").replace("%", "")
    likes = [f"{ref} LIKE '{p}'" for p in (f"{literal}, %", f"%, {literal}", f"%, {literal}, %")]
    return Filter(raw=" OR ".join([f"{ref} = '{literal}'", *likes]), table=column.table)


def _any_spelling(column: CatalogColumn, spellings: list[str], op: str) -> Filter | None:
    """``column`` holding any of the ``spellings`` of one value (its rows spelled "Acme
    Ltd." too); None when negated (which rows are meant, is not read)."""
    if op != "=":
        return None
    literals = ", ".join("'" + s.replace("'", "''") + "'" for s in spellings)
    return Filter(raw=f"{column.ref} IN ({literals})", table=column.table)


@dataclass(kw_only=True)
class QueryPlan:
    """What to compute (``kind``) over which rows (``table``, ``filters``).

    ``rank`` groups by ``column`` (or by the rows of ``group_table``) and orders
    by ``agg`` of ``measure`` (no measure: the number of ``table``'s rows); ``list``
    orders the rows of ``table`` by ``measure``; ``rows`` names the rows of ``table``
    the filters select (by their label, at most ``limit``); ``count_distinct`` counts
    ``column``'s values.  ``via`` is the chain of tables the joins from ``table`` follow
    when there are several (the nation of a sale's customer, not of its supplier);
    ``roles`` the foreign keys they take where a table has several to one parent (a
    route's source airport, not its destination: ``hookline.sql.roles``).
    ``period`` (4, 7, 10) groups a date ``column`` by its first characters: the year,
    month or day of an ISO date.  ``avg`` without a measure is the average number of the
    rows per value of ``column`` ("the average number of films per genre").
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
    via: tuple[str, ...] = ()
    roles: tuple[ForeignKey, ...] = ()
    period: int = 0

    def tables(self) -> list[str]:
        """Every table the plan touches, its own first: ``answer_tables`` and those of its
        conditions."""
        named = self.answer_tables() + [f.table_name for f in self.filters]
        return list(dict.fromkeys(named))

    def answer_tables(self) -> list[str]:
        """The tables the answer is made of, its own first: its rows', its measure's, its
        column's and its group's (not those only its conditions read)."""
        named = [self.table]
        named += [self.measure.table] if self.measure else []
        named += [self.column.table] if self.column else []
        named += [self.group_table] if self.group_table else []
        return list(dict.fromkeys(named))


_DIGITS = 6
"""Decimals a single total or average keeps (a small average, 0.5655, is no 0.57)."""


def compile_plan(plan: QueryPlan, catalog: SqlCatalog) -> str:
    """One SELECT statement for ``plan``; raises ``ValueError`` when tables cannot be joined."""
    joins = _joins(plan.table, plan.tables()[1:], catalog, via=plan.via, roles=plan.roles)
    where = " AND ".join(f.sql() for f in plan.filters)
    if plan.kind == "list" and plan.measure is not None:  # rows without the measure: last
        where = " AND ".join(w for w in (where, f"{plan.measure.sql} IS NOT NULL") if w)
    if plan.kind in ("rank", "rows") and plan.column is not None:  # no missing value
        where = " AND ".join(w for w in (where, f"{plan.column.ref} IS NOT NULL") if w)
    if plan.kind == "avg" and plan.measure is None and plan.column is not None:
        return _group_sizes(plan, "".join(joins), where)
    if _counts_from_parents(plan, catalog):
        return _with_ties(_parents_counted(plan, catalog, "".join(joins), where), plan, catalog)
    select, tail = _select(plan, catalog, joined=bool(joins))
    sql = f"SELECT {select} FROM {quote(plan.table)}" + "".join(joins)
    if where:
        sql += f" WHERE {where}"
    return _with_ties(sql + tail, plan, catalog) if _ranked(plan) else sql + tail


def _group_sizes(plan: QueryPlan, joins: str, where: str) -> str:
    """The average number of the plan's rows per value of its ``column`` (rows without
    one are in no group)."""
    assert plan.column is not None
    where = " AND ".join(w for w in (where, f"{plan.column.ref} IS NOT NULL") if w)
    groups = (
        f'SELECT COUNT(*) AS "group_size" FROM {quote(plan.table)}{joins} WHERE {where} '
        f"GROUP BY {plan.column.ref}"
    )
    name = f"avg_{plan.table}_per_{plan.column.name}"
    return f'SELECT ROUND(AVG("group_size"), 2) AS "{name}" FROM ({groups}) AS "sizes"'


def _counts_from_parents(plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether ``plan`` ranks groups of another table by their fewest rows of its own,
    or by the least total of a measure of their child rows ("the customer who spent the
    least"): a group with none is the fewest (a total of 0), and a join from the rows
    would leave it out."""
    if plan.kind != "rank" or not plan.ascending or plan.period:
        return False
    if plan.measure is None:
        return _grouped_table(plan) != plan.table
    return plan.agg == "SUM" and through_children(_grouped_table(plan), plan.measure.table, catalog)


def _grouped_table(plan: QueryPlan) -> str:
    """The table whose rows a ranking's groups are: its group table, or its column's."""
    return plan.group_table or (plan.column.table if plan.column else plan.table)


def _parents_counted(plan: QueryPlan, catalog: SqlCatalog, joins: str, where: str) -> str:
    """The groups of ``_counts_from_parents`` with their number of rows, 0 for none: every
    row of the group's table (the conditions on it and on its own parents kept), joined
    to the rows counted per group."""
    group = _grouped_table(plan)
    keys = _group_keys(plan, catalog)
    inner = ", ".join(f'{key} AS "k{i}"' for i, key in enumerate(keys))
    counted = (
        f"SELECT {inner}, {_group_value(plan, catalog, joined=bool(joins))} AS \"n\" "
        f"FROM {quote(plan.table)}{joins}" + (f" WHERE {where}" if where else "")
        + f" GROUP BY {', '.join(keys)}"
    )  # fmt: skip
    own = [f for f in plan.filters if not through_children(group, f.table_name, catalog)]
    outer_joins = _joins(group, [f.table_name for f in own], catalog, roles=plan.roles)
    on = " AND ".join(f'{key} = "counted"."k{i}"' for i, key in enumerate(keys))
    conditions = [f.sql() for f in own] + [f"{k} IS NOT NULL" for k in keys]
    labels, label = _labels(plan, catalog)
    name, value = _value_alias(plan, label), 'COALESCE(MAX("counted"."n"), 0)'
    place = f'RANK() OVER (ORDER BY {value} ASC) AS "{_place(name, label)}"'
    return (
        f'SELECT {labels}, {value} AS "{name}", {place} FROM {quote(group)}'
        + "".join(outer_joins) + f' LEFT JOIN ({counted}) AS "counted" ON {on}'
        + f" WHERE {' AND '.join(conditions)} GROUP BY {', '.join(keys)}"
    )  # fmt: skip


def _group_value(plan: QueryPlan, catalog: SqlCatalog, *, joined: bool) -> str:
    """What ``_parents_counted`` ranks a group by: its rows, or its measure's total."""
    if plan.measure is None:
        return _row_count(plan, catalog, joined=joined)
    return f"ROUND(SUM({plan.measure.sql}), 2)"


def _group_keys(plan: QueryPlan, catalog: SqlCatalog) -> list[str]:
    """The column references a ranking groups by: its column, or its group table's key."""
    if plan.column is not None:
        return [plan.column.ref]
    return _named_keys(plan, catalog).split(", ")


def _named_keys(plan: QueryPlan, catalog: SqlCatalog) -> str:
    """The key of the table ``plan`` groups by.  A label that is a part of a key of several
    columns names several groups alike; each shown with the same count, or with the same
    value of another table joined in, they would be one group repeated: not compiled."""
    table = _grouped_table(plan)
    key, label = catalog.table(table).primary_key, catalog.label(table)
    repeated = plan.measure is None or plan.measure.table != table
    if len(key) > 1 and set(label) < set(key) and repeated:
        raise ValueError(f"{table}'s rows have no name of their own to group by")
    if repeated and _shared_label(plan, table, catalog):
        raise ValueError(f"{table}'s name is shared by several of its rows")
    return _keys(table, catalog)


def _shared_label(plan: QueryPlan, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table``'s one label column repeats over more than one of its rows in
    twenty (one company, several addresses: not two people alike named by chance), no
    parent nor key of several columns telling alike-named rows apart (an account of that
    name under each of two parents; a side in each of two editions) nor a code shown
    beside it.  Grouped by the key, a ranked group would show one row's count under a
    name other rows share: not the named thing's count; grouped by the name, things
    alike named would be merged: declined."""
    label, info = catalog.label(table), catalog.table(table)
    if len(label) != 1 or len(info.primary_key) != 1 or label == info.primary_key:
        return False
    if info.foreign_key_columns():
        return False
    column = next((c for c in catalog.table_columns(table) if c.name == label[0]), None)
    if column is None or not column.distinct or not column.filled:
        return False
    shared = column.distinct * _ALIKE_NAMED < column.filled * (_ALIKE_NAMED - 1)
    return shared and not (_ranked(plan) and row_code(table, catalog))


_ALIKE_NAMED = 20
"""One row in this many sharing its name with another is chance (two people alike named)."""


def _ranked(plan: QueryPlan) -> bool:
    """Whether ``plan`` names the rows or groups with the most (least) of a measure: its
    limit is a number of places, ties included (``_with_ties``)."""
    return plan.kind == "rank" or (plan.kind == "list" and plan.measure is not None)


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
        return f'ROUND({_AGGREGATES[plan.kind]}({measure.sql}), {_DIGITS}) AS "{name}"', ""
    order = "ASC" if plan.ascending else "DESC"
    labels, label = _labels(plan, catalog)
    if plan.kind == "rows":
        return f"DISTINCT {labels}", f' ORDER BY "{label}" LIMIT {plan.limit}'
    name = _value_alias(plan, label)
    if plan.kind == "list" and measure is not None:
        place = f'RANK() OVER (ORDER BY {measure.sql} {order}) AS "{_place(name, label)}"'
        return f'{labels}, {measure.sql} AS "{name}", {place}', ""
    value = f"ROUND({plan.agg}({measure.sql}), 2)" if measure else rows
    groups = _group_ref(plan) if plan.column else _named_keys(plan, catalog)
    having = f" HAVING {value} IS NOT NULL" if measure else ""
    place = f'RANK() OVER (ORDER BY {value} {order}) AS "{_place(name, label)}"'
    return f'{labels}, {value} AS "{name}", {place}', f" GROUP BY {groups}{having}"


def _group_ref(plan: QueryPlan) -> str:
    """The grouped column, or its year / month / day (``period``)."""
    assert plan.column is not None
    if plan.period:
        return f"SUBSTR(CAST({plan.column.ref} AS TEXT), 1, {plan.period})"
    return plan.column.ref


def _place(name: str, label: str) -> str:
    """The alias of a group's rank: never the value's nor the label's (a count of the
    rows of a table ``place`` is no rank, and ``WHERE "place" <= 50`` would drop its
    groups of more than 50 rows)."""
    taken = {name.lower(), label.lower()}
    return next(a for a in ("place", "rank_place", "place_rank") if a not in taken)


def _value_alias(plan: QueryPlan, label: str) -> str:
    """The alias of the measured value: never the label's (one alias, one column)."""
    name = plan.measure.name if plan.measure else plan.table
    if name.lower() != label.lower():
        return name
    return f"{name}_count" if plan.measure is None else f"{name}_value"


def _with_ties(grouped: str, plan: QueryPlan, catalog: SqlCatalog) -> str:
    """The groups of a ``rank`` plan (the rows of a ``list`` one) ranked within its
    limit, ties included: two countries tied for the most, two units tied for the highest
    defence, are both the answer, never the first one the database happens to return."""
    label = _labels(plan, catalog)[1]
    name = _value_alias(plan, label)
    order = "ASC" if plan.ascending else "DESC"
    return (
        f'SELECT "{label}", "{name}" FROM ({grouped}) AS "ranked" '
        f'WHERE "{_place(name, label)}" <= {plan.limit} ORDER BY "{name}" {order}, "{label}"'
    )


def _row_count(plan: QueryPlan, catalog: SqlCatalog, *, joined: bool) -> str:
    """COUNT(*), or the distinct keys of the plan's table when joins may repeat its rows
    (a join to a table that refers to it); raises ``ValueError`` when such a table has no
    primary key to count."""
    if not joined or not _repeats(plan, catalog):
        return "COUNT(*)"
    if not catalog.table(plan.table).primary_key:
        raise ValueError(f"{plan.table} has no primary key to count distinct rows by")
    key = _keys(plan.table, catalog).replace(", ", " || '|' || ")
    return f"COUNT(DISTINCT {key})"


def _repeats(plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether a join of the plan reaches a table through its foreign key to the tables
    before it (one row of them, many joined rows)."""
    return any(through_children(plan.table, t, catalog) for t in plan.tables()[1:])


def through_children(start: str, target: str, catalog: SqlCatalog) -> bool:
    """Whether the join from ``start`` reaches ``target`` through a table that refers to
    the one before it (many joined rows for one row of ``start``); False when none joins
    them."""
    previous = start
    for table, _ in joined_path(start, target, catalog) or []:
        if not catalog.refers_to(previous, table):
            return True
        previous = table
    return False


def parent_chains(child: str, ancestor: str, catalog: SqlCatalog) -> list[list[str]]:
    """The chains of tables from ``child`` up to ``ancestor`` (last), each step a foreign
    key to the next table's whole primary key (many rows to one): two chains mean two
    meanings (a sale's nation: its customer's, or its supplier's).  A table the chain
    only passes keys through (a composite key holding the next step's key) is one
    meaning with the direct step, and left out; so is a step to ``child`` itself (the
    class of the unit a unit is obsoleted by is no second meaning of the unit's class)."""
    found = _chains(child, ancestor, catalog, 4)
    return [list(tables) for _, tables in dict.fromkeys(found)]


Chain = tuple[tuple[str, ...], tuple[str, ...]]
"""(the child's columns of the first step, the tables up to the ancestor)."""


def _own_keys(keys: list[ForeignKey]) -> list[ForeignKey]:
    """``keys`` without those to a table another key is named after (``own_key``): of
    ``account`` and ``to_account``, the one a join takes."""
    owned = {fk.ref_table for fk in keys if own_key(fk.columns, fk.ref_table)}
    return [fk for fk in keys if fk.ref_table not in owned or own_key(fk.columns, fk.ref_table)]


def _chains(child: str, ancestor: str, catalog: SqlCatalog, longest: int) -> list[Chain]:
    if child == ancestor:
        return [((), ())]
    chains: list[Chain] = []
    for fk in _own_keys(catalog.table(child).foreign_keys) if longest > 0 else []:
        key = catalog.table(fk.ref_table).primary_key
        if (key and sorted(fk.ref_columns) != sorted(key)) or fk.ref_table == child:
            continue  # a part of a key: many rows to many; or a row's own kind
        for columns, tables in _chains(fk.ref_table, ancestor, catalog, longest - 1):
            if tables and set(columns) <= set(fk.ref_columns):  # keys passed through
                mapped = tuple(fk.columns[fk.ref_columns.index(c)] for c in columns)
                chains.append((mapped, tables))
            else:
                chains.append((tuple(fk.columns), (fk.ref_table, *tables)))
    return chains


def _keys(table: str, catalog: SqlCatalog) -> str:
    key = catalog.table(table).primary_key or [c.name for c in catalog.table(table).columns[:1]]
    return ", ".join(f"{quote(table)}.{quote(k)}" for k in key)


def _labels(plan: QueryPlan, catalog: SqlCatalog) -> tuple[str, str]:
    """The select-list part naming each group or row, and its alias; a group of rows
    with a short code besides their name shows both ("Abc (AB)": ``row_code``)."""
    if plan.column is not None:
        return f'{_group_ref(plan)} AS "{plan.column.name}"', plan.column.name
    table = plan.group_table or plan.table
    label = [f"{quote(table)}.{quote(name)}" for name in catalog.label(table)]
    if not label:
        raise ValueError(f"{table} has no column that names its rows")
    cut = table.endswith("s") and not table.endswith(("ies", "ss")) and len(table) > 1
    alias = table[:-1] if cut else table  # "movies" -> "movie"; "countries" stays
    code = row_code(table, catalog) if _ranked(plan) else None
    coded = f" || COALESCE(' (' || {code.ref} || ')', '')" if code else ""  # "Abc (AB)"
    return " || ' ' || ".join(label) + coded + f' AS "{alias}"', alias


def _joins(
    start: str,
    others: list[str],
    catalog: SqlCatalog,
    *,
    via: tuple[str, ...] = (),
    roles: tuple[ForeignKey, ...] = (),
) -> list[str]:
    """``JOIN ... ON ...`` clauses reaching ``others`` from ``start`` along foreign keys
    (first along the chain ``via``; by the keys ``roles`` where a table has several)."""
    joined, clauses = {start}, []
    for before, step in zip((start, *via), via, strict=False):
        for table, condition in join_path(before, step, catalog, roles=roles):
            if table not in joined:
                joined.add(table)
                clauses.append(f" JOIN {quote(table)} ON {condition}")
    for target in (t for t in others if t not in joined):
        for table, condition in join_path(start, target, catalog, roles=roles):
            if table not in joined:
                joined.add(table)
                clauses.append(f" JOIN {quote(table)} ON {condition}")
    return clauses


def reachable(start: str, target: str, catalog: SqlCatalog) -> bool:
    """Whether a chain of foreign keys joins ``start`` to ``target``."""
    return join_steps(start, target, catalog) is not None


def join_steps(start: str, target: str, catalog: SqlCatalog) -> int | None:
    """How many joins lead from ``start`` to ``target`` (0 to itself); None when no chain
    of foreign keys joins them (tables without a key between them are common)."""
    path = joined_path(start, target, catalog)
    return None if path is None else len(path)


def joined_path(start: str, target: str, catalog: SqlCatalog) -> list[tuple[str, str]] | None:
    """``join_path`` from ``start`` to ``target`` (empty to itself), or None when no
    chain of foreign keys joins them."""
    try:
        return join_path(start, target, catalog)
    except ValueError:
        return None


def join_path(
    start: str, target: str, catalog: SqlCatalog, *, roles: tuple[ForeignKey, ...] = ()
) -> list[tuple[str, str]]:
    """The shortest chain of (table, join condition) from ``start`` to ``target`` (by the
    keys ``roles`` where a table has several to one parent)."""
    edges = _edges(catalog, roles)
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


def _preference(key: ForeignKey, roles: tuple[ForeignKey, ...]) -> tuple[bool, bool]:
    """How soon a join takes ``key``: one of ``roles`` first, then one named after its
    table (``own_key``)."""
    return key not in roles, not own_key(key.columns, key.ref_table)


def own_key(columns: list[str], table: str) -> bool:
    """Whether a foreign key is named after the table it refers to (``account`` to
    ``account``; not ``to_account``): of two keys to one table, the one a join takes."""
    words = [singular(w) for w in identifier_words(table)]
    return len(columns) == 1 and [singular(w) for w in identifier_words(columns[0])] == words


def _edges(
    catalog: SqlCatalog, roles: tuple[ForeignKey, ...] = ()
) -> dict[str, list[tuple[str, str]]]:
    """Each table's joins, its own foreign keys before the keys of other tables pointing
    at it (a clerk's branch by its ``branch_no``, not the branch it heads); of several
    keys to one table, one of ``roles`` first, else the one named after it."""
    edges: dict[str, list[tuple[str, str]]] = {}
    back: dict[str, list[tuple[str, str]]] = {}
    for table in catalog.schema.tables:
        for fk in sorted(table.foreign_keys, key=lambda fk: _preference(fk, roles)):
            pairs = zip(fk.columns, fk.ref_columns, strict=False)
            condition = " AND ".join(
                f"{quote(table.name)}.{quote(a)} = {quote(fk.ref_table)}.{quote(b)}"
                for a, b in pairs
            )
            edges.setdefault(table.name, []).append((fk.ref_table, condition))
            back.setdefault(fk.ref_table, []).append((table.name, condition))
    return {t: edges.get(t, []) + back.get(t, []) for t in edges.keys() | back.keys()}
