"""Groups of a count: read from the counted table itself ("ledgers of each type": their
own ``ledger_type``; "each month", "which day had the most orders": the one date column
of the counted rows, cut to that unit), or the rows of a parent table (``twice``,
``key_column``, ``labelled_parent``).

A group is read only when one column fits: two columns ending in "type", or two dates
(a posting and an entry date) and no verb of the question naming one, are two readings,
and the caller declines.

Example::

    own_group(["type", "are", "there"], "ledgers", catalog)   # ledgers.ledger_type
    period_group(["month"], "orders", " how many orders ... ", catalog)  # (its date column, 7)
"""

from __future__ import annotations

from dataclasses import replace

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import QueryPlan, join_steps, own_key, reachable
from hookline.sql.words import UNIT_WORDS, identifier_words, singular

__all__ = [
    "BREAKDOWN_ROWS",
    "EACH",
    "PERIODS",
    "aggregate_per_group",
    "each_read",
    "each_starts",
    "elsewhere",
    "key_column",
    "labelled_parent",
    "nearest_alike",
    "own_alike",
    "own_breakdown",
    "own_group",
    "own_label_group",
    "own_values",
    "period_group",
    "period_ranking",
    "rows_table",
    "table_column",
    "twice",
    "verb_counted",
]

BREAKDOWN_ROWS = 50
"""Rows of a breakdown ("revenue by category")."""

PERIODS = {"year": 4, "month": 7, "day": 10}
"""A unit of time and the characters of an ISO date that name it (``2024-03-17``)."""


def own_group(words: list[str], table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``table`` the words after "each" name by its last word ("type" ->
    ``ledger_type`` of the ledgers; "parcel type" -> ``Type`` of the parcels): the
    one column of a short list of values whose other words, if any, are the table's own
    name; None when none or several fit."""
    own = {singular(w) for w in identifier_words(table)}
    rest = words[1:] if words and singular(words[0]) in own else words
    if not rest:
        return None
    fits = [
        c
        for c in catalog.table_columns(table)
        if c.values and not c.key and not c.date and not c.flag
        and c.words[-1:] == [rest[0]] and set(c.words[:-1]) <= own
    ]  # fmt: skip
    if not fits and not _named_whole(rest, table, catalog):  # "each round", "each lane"
        fits = [c for c in _unlisted(table, catalog) if _stem(c.words) == rest[:1]]
    return fits[0] if len(fits) == 1 else None


def _named_whole(rest: list[str], table: str, catalog: SqlCatalog) -> bool:
    """Whether the first two of ``rest`` name together another column of ``table`` than
    their first word alone, its first word written whole or cut short ("position type":
    ``pos_type``, not ``position``, a number of the rows' own)."""
    if len(rest) < 2:
        return False
    return any(
        len(c.words) == 2 and c.words[1] == rest[1] and len(c.words[0]) >= 3
        and rest[0].startswith(c.words[0])
        for c in catalog.table_columns(table)
    )  # fmt: skip


def _unlisted(table: str, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The columns of ``table`` without a list of values that are no date, flag, nor
    part of its primary key or of a foreign key (``round``, ``lane_id``)."""
    info = catalog.table(table)
    keys = set(info.primary_key) | info.foreign_key_columns()
    return [
        c
        for c in catalog.table_columns(table)
        if not c.values and not c.date and not c.flag and not c.prose and not c.opaque
        and c.name not in keys
    ]  # fmt: skip


def _stem(words: list[str]) -> list[str]:
    """A column's words without a closing "id" (``lane_id`` -> lane)."""
    return words[:-1] if len(words) > 1 and words[-1] == "id" else words


def period_group(
    words: list[str], table: str, text: str, catalog: SqlCatalog
) -> tuple[CatalogColumn, int] | None:
    """The date column of ``table`` and the characters of its unit when ``words`` start
    with a unit of time ("month"): the table's only date column, or the only one a verb
    of ``text`` names ("filed" -> ``filing_day``); None otherwise, and when its values do
    not start with their year (no prefix of "01.05.2024" is its month)."""
    if not words or words[0] not in PERIODS:
        return None
    dates = [c for c in catalog.table_columns(table) if c.date]
    named = {id(c) for w in text.split() for c in Vocabulary.of(catalog).columns_named(w)}
    said = [c for c in dates if id(c) in named]
    chosen = said if len(dates) > 1 else dates
    if len(chosen) != 1 or chosen[0].date_form != "year_first":
        return None
    return chosen[0], PERIODS[words[0]]


def table_column(pair: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """ "trip destination": the one column of a short list of values that the second word
    names in the table the first word names (never a key: "product category" through
    the categories table is the caller's)."""
    words = pair.split()
    vocabulary = Vocabulary.of(catalog)
    table = vocabulary.table_named(words[0]) if len(words) == 2 else None
    if table is None:
        return None
    named = [c for c in vocabulary.columns_named(words[1]) if c.table == table]
    fits = [c for c in named if c.values and not c.key and not c.date and not c.flag]
    fits = fits if named else [c for c in [own_group(words[1:], table, catalog)] if c]
    return fits[0] if len(fits) == 1 else None


def own_breakdown(
    words: list[str], start: int, table: str, catalog: SqlCatalog
) -> QueryPlan | None:
    """ "How many ledgers of each type", "orders each month": the counted rows grouped
    by a column of their own (``own_group``) or by the month of their one date (the
    words from ``start`` name the group)."""
    unit = ["day", *words[start + 1 :]] if words[start : start + 1] == ["date"] else words[start:]
    period = period_group(unit, table, " ".join(words), catalog)  # "each date": its day
    column = period[0] if period else own_group(words[start:], table, catalog)
    if column is None:
        return None
    return QueryPlan(kind="rank", table=table, column=column, limit=BREAKDOWN_ROWS,
                     period=period[1] if period else 0)  # fmt: skip


def elsewhere(group: CatalogColumn | str | None, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``group`` is a column of a table the counted ``table`` cannot reach (a
    ``type`` of another table is not the counted rows' own ``ledger_type``)."""
    return isinstance(group, CatalogColumn) and not reachable(table, group.table, catalog)


def period_ranking(words: list[str], counted: str | None, catalog: SqlCatalog) -> QueryPlan | None:
    """ "Which day had the most orders?": the ``counted`` rows grouped by the day (month,
    year) of their one date; None for any other question."""
    start = next((i + 1 for i, w in enumerate(words) if w in ("which", "what")), None)
    if start is None or counted is None:
        return None
    period = period_group(words[start:], counted, " ".join(words), catalog)
    if period is None:
        return None
    return QueryPlan(kind="rank", table=counted, column=period[0], period=period[1])


def twice(table: str, parent: str, catalog: SqlCatalog, *, own: bool = False) -> bool:
    """Whether ``table`` refers to ``parent`` by two foreign keys (which one, cannot be
    told); with ``own``, none named after it (``account`` beside ``to_account``: the
    row's own, the one a join takes)."""
    keys = catalog.keys_to(table, parent)
    return len(keys) > 1 and not (own and any(own_key(fk.columns, parent) for fk in keys))


def key_column(table: str, counted: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """Rows of ``table`` named by their key itself ("room" B12) are counted by the
    foreign key of ``counted`` (every value, also one missing from ``table``)."""
    if catalog.label(table) != catalog.table(table).primary_key:
        return None
    for fk in catalog.table(counted).foreign_keys:
        if fk.ref_table == table and len(fk.columns) == 1:
            return catalog.column(counted, fk.columns[0])
    return None


def labelled_parent(table: str, catalog: SqlCatalog) -> str | None:
    """The table naming the rows of a table without a label of its own: the one with a
    first and last name it refers to ("borrower" -> the people table), else its only
    labelled parent."""
    parents = [fk.ref_table for fk in catalog.table(table).foreign_keys
               if catalog.labels.get(fk.ref_table)]  # fmt: skip
    people = [p for p in parents if len(catalog.label(p)) == 2]
    if len(people) == 1 or len(parents) == 1:
        return (people or parents)[0]
    return None


def nearest_alike(column: CatalogColumn, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``column``'s words in the one table of ``table``'s own attributes
    (a child whose key holds the key to ``table``: a creature's types, by slot) when
    every other column of those words is farther ("the type with the most creatures":
    their own types, not the types of the moves they learn); None otherwise."""
    others = [c for c in catalog.columns
              if c.words == column.words and not c.key and c.table != table]  # fmt: skip
    steps = [(c, join_steps(table, c.table, catalog)) for c in others]
    alike = [(c, n) for c, n in steps if n is not None]
    fewest = min((n for _, n in alike), default=0)
    nearest = [c for c, n in alike if n == fewest]
    if len(nearest) != 1 or not _attributes_of(nearest[0].table, table, catalog):
        return None
    return nearest[0]


def own_alike(column: CatalogColumn, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """``column``, or when a column of its words in another table is as near to
    ``table`` (the rows counted), the one of ``table``'s own attributes (the type with the
    most creatures: their own types, not their moves'); None on a tie."""
    if reachable(table, column.table, catalog) and _nearer_alike(column, table, catalog):
        return nearest_alike(column, table, catalog)
    return column


def _nearer_alike(column: CatalogColumn, table: str, catalog: SqlCatalog) -> bool:
    """Whether a column of the same words as ``column`` in another table is as near to
    ``table`` along foreign keys: the question does not say which of them it groups by."""
    said = catalog.docs.synonyms.values() if catalog.docs else ()
    ref = f"{column.table}.{column.name}".lower()
    if column.table == table or any(ref in s.replace('"', "").lower() for s in said):
        return False  # its own, or the one the documentation names
    near = join_steps(table, column.table, catalog)  # None: no key joins them
    return any(
        c.words == column.words and c.table not in (column.table, table)
        and (steps := join_steps(table, c.table, catalog)) is not None
        and (near is None or steps <= near)
        for c in catalog.columns
    )  # fmt: skip


def _attributes_of(child: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``child`` refers to ``table`` by a foreign key that is part of its own
    primary key (rows that are attributes of a ``table`` row, not events of it)."""
    info = catalog.table(child)
    return any(
        fk.ref_table == table and set(fk.columns) < set(info.primary_key)
        for fk in info.foreign_keys
    )


def verb_counted(words: list[str], subject: str | None, catalog: SqlCatalog) -> str | None:
    """ "Which member reviewed the most?": the table the verb before a closing "the most"
    names by its stem (``reviewed`` -> the reviews), when it is not the ranked rows' and
    has nothing to add up ("ordered the most": orders, or the most items?)."""
    if words[-2:] not in (["the", "most"], ["the", "least"], ["the", "fewest"]):
        return None
    vocabulary = Vocabulary.of(catalog)
    for word in (w for w in words[:-2] if w.endswith("ed") and len(w) > 4):
        named = {vocabulary.table_named(word[:-2]), vocabulary.table_named(word[:-1])}
        named.discard(None)
        counted = named.pop() if len(named) == 1 else subject
        if counted != subject and not any(m.table == counted for m in catalog.measures):
            return counted
    return None


def rows_table(word: str, catalog: SqlCatalog) -> str | None:
    """The one table whose name ends in ``word`` ("items" -> ``order_items``), for a word
    that usually names a quantity, in a database that has none to add up: its rows."""
    last = {t.name: identifier_words(t.name)[-1:] for t in catalog.schema.tables}
    ends = [
        name for name, words in last.items() if [singular(w) for w in words] == [singular(word)]
    ]
    return ends[0] if len(ends) == 1 else None


EACH = ("each", "every", "per")
"""Words before the group a count, total or average is taken per ("each carrier")."""


def each_starts(words: list[str], catalog: SqlCatalog) -> list[int]:
    """The positions after "each" / "every" / "per" that start a group; a "per" inside a
    column's own name ("miles per gallon", "expensive per kilogram" of a price per
    kilogram) starts none."""
    names = [c.words for c in catalog.columns if any(w in EACH for w in c.words)]
    return [
        i + 1
        for i, w in enumerate(words)
        if w in EACH and not any(_spelled_at(words, i, name) for name in names)
    ]


def _spelled_at(words: list[str], index: int, name: list[str]) -> bool:
    """Whether the word at ``index`` is part of ``name`` spelled out in ``words``, or
    starts the unit that ends it ("per kilogram")."""
    for offset in (n for n, w in enumerate(name) if w == words[index]):
        start, unit = index - offset, name[offset:]
        if start >= 0 and words[start : start + len(name)] == name:
            return True
        if len(unit) == 2 and unit[-1] in UNIT_WORDS and words[index : index + 2] == unit:
            return True
    return False


def own_label_group(table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """ "The average price of each stock" where a stock's rows are many (one a day): the
    table's one label column when it is part of a longer primary key, so that a label
    names a group of rows; None when a label names one row or is several columns."""
    label = catalog.label(table)
    key = catalog.table(table).primary_key
    if len(label) != 1 or label[0] not in key or len(key) < 2:
        return None
    return catalog.column(table, label[0])


def aggregate_per_group(
    plan: QueryPlan, group: CatalogColumn | str | None, catalog: SqlCatalog
) -> QueryPlan | None:
    """An average (maximum, minimum) of ``plan``'s measure for each ``group`` — a column
    of the measured rows, the rows' own label (``own_label_group``) or a labelled table
    whose rows each label names one of; None when the group has no single reading ("the
    average weight of each parcel", a parcel a row)."""
    measure = plan.measure
    if measure is None or group is None:
        return None
    if isinstance(group, str) and group == measure.table:
        group = own_label_group(group, catalog)
    if group is None:
        return None
    agg = {"avg": "AVG", "max": "MAX", "min": "MIN"}[plan.kind]
    if isinstance(group, CatalogColumn):
        if group.table != measure.table and not reachable(measure.table, group.table, catalog):
            return None
        return QueryPlan(kind="rank", table=measure.table, column=group, measure=measure,
                         agg=agg, filters=plan.filters, limit=BREAKDOWN_ROWS)  # fmt: skip
    if not catalog.labels.get(group) or own_label_group(group, catalog) is not None:
        return None  # a label of several rows each: no group of one label
    if not reachable(measure.table, group, catalog) or twice(
        measure.table, group, catalog, own=True
    ):
        return None
    return QueryPlan(kind="rank", table=measure.table, group_table=group, measure=measure,
                     agg=agg, filters=plan.filters, limit=BREAKDOWN_ROWS)  # fmt: skip


def aggregate_each(
    words: list[str],
    start: int,
    plan: QueryPlan,
    group: CatalogColumn | str | None,
    catalog: SqlCatalog,
) -> QueryPlan | None:
    """ "The average price of each stock", "the highest fare per class": the aggregate
    for each group the words from ``start`` name (``group``, or a unit of time of the
    measured rows' one date), one row each — never the one aggregate of all rows; None
    when the group cannot be read."""
    if plan.measure is None:
        return None
    if plan.kind == "avg" and words[start - 1] == "per" and isinstance(group, str):
        return plan  # "per order": over the orders, or per order? (``unplanned`` tells)
    if plan.kind == "avg" and "number" in words[:start]:
        return None  # "the average number of items per size": a rate, not group averages
    period = period_group(words[start:], plan.measure.table, " ".join(words), catalog)
    if period is not None:  # "each year": the year of the measured rows' one date
        grouped = aggregate_per_group(plan, period[0], catalog)
        return replace(grouped, period=period[1]) if grouped else None
    return aggregate_per_group(plan, group, catalog)


def own_values(
    plan: QueryPlan, group: CatalogColumn | str | None, catalog: SqlCatalog
) -> QueryPlan | None:
    """ "How many staff does each branch have?" where the staff is a number of each branch
    row: that number, row by row (a branch its row, named by its label); None for any
    other total."""
    measure = plan.measure
    if plan.kind != "sum" or measure is None or group != measure.table or group != plan.table:
        return None
    if not catalog.labels.get(group) or own_label_group(group, catalog) is not None:
        return None  # no label, or a label of several rows: no one value each
    return QueryPlan(kind="list", table=group, measure=measure, filters=plan.filters,
                     limit=BREAKDOWN_ROWS)  # fmt: skip


def each_read(group: CatalogColumn | str | None, plan: QueryPlan) -> bool:
    """Whether the plan's rows are the group "each" names ("the name of each client"),
    or it groups by it."""
    if isinstance(group, CatalogColumn):
        return plan.column is not None and plan.column.name == group.name
    return group is not None and group in (plan.table, plan.group_table)
