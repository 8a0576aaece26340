"""The kind of answer a question asks for, where the words alone would read another.

"How many different X" counts X's distinct values, not the rows that repeat them (and so
does "how many X" of a table listing X per row of another: a film's genres); "What
is the smallest <thing> by <measure>" asks for a thing, not the smallest measure; "What
types is Drake?" asks for the type column of Drake's rows, not the name it gave; "How
many times was Acme paid?" counts the rows referring to Acme, never the one row named so;
"What is the cost of Fire Imp?" asks for the cost of each row of that name (a thing listed
once per edition), never their sum.

Example::

    plan = distinct_count("tongues", "NationTongue", catalog)
    plan.kind, plan.column.name      # ('count_distinct', 'Tongue')
    words = ["what", "is", "the", "smallest", "nation", "by", "area"]
    thing_asked(words, ["smallest"], area, catalog)   # 'Nation'
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.code_measures import code_measure
from hookline.sql.mentions import Vocabulary, table_mentioned
from hookline.sql.plan import QueryPlan
from hookline.sql.value_lookups import key_parents
from hookline.sql.words import singular

__all__ = [
    "TOTAL_WORDS",
    "answer_kind",
    "column_asked",
    "counted_events",
    "distinct_count",
    "named_rows_value",
    "names_own_rows",
    "thing_asked",
    "values_count",
]

TOTAL_WORDS = frozenset(("total", "sum", "altogether", "combined", "overall", "together", "all"))
"""Words saying a sum is meant over the rows a value names ("the total cost of ...")."""


def distinct_count(head: str, table: str, catalog: SqlCatalog) -> QueryPlan:
    """The count of "how many different <head>" in ``table``: the distinct values of its
    column named ``head`` (a language table's languages), else of its one label column (a
    supply listed once per product it goes into), else its rows."""
    columns = catalog.table_columns(table)
    own = [c for c in columns if c.words == [singular(head)]]  # a key part too
    label = catalog.label(table)
    if not own and len(label) == 1:
        own = [c for c in columns if c.name == label[0] and not c.key]
    if own:
        return QueryPlan(kind="count_distinct", table=table, column=own[0])
    return QueryPlan(kind="count", table=table)


def values_count(head: str, table: str, catalog: SqlCatalog, *, distinct: bool) -> QueryPlan | None:
    """The count of distinct ``head`` values of ``table`` when the question says
    "different" (``distinct``) or the table lists them (``_listed``); else None, and
    always for a code ``_named_by_key`` (its rows are counted)."""
    if _named_by_key(head, table, catalog):
        return None
    return (
        distinct_count(head, table, catalog) if distinct or _listed(head, table, catalog) else None
    )


def _named_by_key(head: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``head`` names a part of ``table``'s key of several columns while its rows
    carry a name of their own (a maker's parts: ``(maker, part)`` and ``part_name``):
    each row is one part, and "how many (different) parts" counts the rows, never the
    part codes that other makers reuse."""
    key = catalog.table(table).primary_key
    if len(key) < 2 or set(catalog.label(table)) & set(key):
        return False
    return any(catalog.column(table, c).words == [singular(head)] for c in key)


def _listed(head: str, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``table`` lists values of ``head`` per row of another table: its key is a
    foreign key and a column of ``head``'s words (a film's genres: ``(ID, Genre)``), so
    "how many genres" counts the distinct genres, not the film-genre rows."""
    key = catalog.table(table).primary_key
    referring = catalog.table(table).foreign_key_columns()
    own = [
        c for c in key if c not in referring and catalog.column(table, c).words == [singular(head)]
    ]
    return len(key) == 2 and len(own) == 1 and bool(referring & set(key))


def thing_asked(
    words: list[str], superlatives: Collection[str], measure: Measure, catalog: SqlCatalog
) -> str | None:
    """The table a superlative names ("the smallest nation", "the largest city by
    population"): the question asks for one of its rows, never for the extreme value
    alone.  None when the superlative is followed by no table's name, or by the
    measure's own words ("the highest salary", "the longest flight distance")."""
    vocabulary = Vocabulary.of(catalog)
    named = {singular(w) for w in measure.words}
    for at, word in enumerate(words[1:], start=1):
        after = words[at + 1] if at + 1 < len(words) else ""
        if words[at - 1] in superlatives:
            if named & {singular(word), singular(after)}:
                return None
            return vocabulary.table_named(word)
    return None


def column_asked(words: list[str], plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan:
    """ "What types is Drake?": rows named by the very column the question's value
    matched would only echo it; the one column of the rows' table the word after
    "what" / "which" names ("types": ``type``) is the answer.  ``plan`` unchanged
    otherwise (and declined by ``plan_doubts`` when it only echoes)."""
    if plan.kind != "rows" or plan.column is not None or words[:1] not in (["what"], ["which"]):
        return plan
    equal = [f.column for f in plan.filters if f.op == "=" and not f.prefix and f.raw is None]
    matched = {c.name for c in equal if c is not None and c.table == plan.table}
    if len(words) < 2 or not set(catalog.label(plan.table)) <= matched:
        return plan
    asked = [c for c in catalog.table_columns(plan.table) if c.words == [singular(words[1])]
             and not c.key and not c.opaque and c.name not in matched]  # fmt: skip
    return replace(plan, column=asked[0]) if len(asked) == 1 else plan


def counted_events(text: str, plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan | None:
    """A count of the rows a value of their own label selects (a label of as many values
    as rows) is always one: "how many times was Acme paid" counts the rows of the one
    table referring to Acme's (None when several do: which one, the words do not say);
    any other such count is declined unless the question asks for the rows "named" so,
    or names the column."""
    if plan.kind != "count" or " named " in text or " called " in text:
        return plan
    label, rows = catalog.label(plan.table), catalog.rows.get(plan.table, 0)
    own = [f.column for f in plan.filters if f.column is not None and f.op == "="
           and f.column.table == plan.table and f.column.name in label and not f.prefix
           and rows > 0 and (f.column.distinct or 0) >= rows]  # fmt: skip
    if _by_its_key(plan, label, catalog):
        return None  # "How many kinds can swim?": the kind 'swim' by a key to it, one row
    if not own or any(f" {' '.join(c.words)} " in text for c in own):  # "the first name Yara"
        return plan
    if re.search(r" how (?:many times|often) ", text) is None:
        return None
    children = [t.name for t in catalog.schema.tables if t.name != plan.table
                and sum(fk.ref_table == plan.table for fk in t.foreign_keys) == 1]  # fmt: skip
    return replace(plan, table=children[0]) if len(children) == 1 else None


def _by_its_key(plan: QueryPlan, label: list[str], catalog: SqlCatalog) -> bool:
    """Whether a condition of ``plan`` selects one of the counted rows by a foreign key to
    their label (another table's column naming it): the count is one, whatever is asked."""
    keys = {(t.name, c) for t in catalog.schema.tables for fk in t.foreign_keys
            for c, r in zip(fk.columns, fk.ref_columns, strict=False)
            if fk.ref_table == plan.table and r in label}  # fmt: skip
    return any(f.column is not None and f.op == "=" and not f.negated
               and (f.column.table, f.column.name) in keys for f in plan.filters)  # fmt: skip


def answer_kind(text: str, plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan | None:
    """``plan`` as the answer its words ask for (``counted_events``, ``named_rows_value``);
    None when no such reading is sure."""
    counted = counted_events(text, plan, catalog)
    return named_rows_value(text, counted, catalog) if counted is not None else None


def named_rows_value(text: str, plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan:
    """ "What is the cost of Fire Imp?": a sum of a measure over the rows a value of their
    own label names adds up what each of them has (a thing listed once per edition: two
    costs, never their sum); so does a sum of a code over any rows ("the system id of
    Acme": Acme's ids).  Unless the question says a total, the answer lists the measure's
    distinct values of those rows (each row with its value, for a measure computed).  So
    does a measure of a table that extends the named one row for one (a film's review),
    and a column of the named rows' own child rows ("the mass of Carbon": of each isotope,
    never their sum) when the question asks "what is the <column> of" the named rows."""
    measure = plan.measure
    if plan.kind != "sum" or measure is None or TOTAL_WORDS & set(text.split()):
        return plan
    sql = measure.sql.replace('"', "")  # a documented name's measure: its column unquoted
    columns = catalog.table_columns(measure.table)
    column = next((c for c in columns if c.ref.replace('"', "") == sql), None)
    named = [measure.table, *extended(measure.table, catalog)]  # a film's own review row
    keyed = False
    if column is not None and _one_value_asked(text, column):
        named += _parents_named(plan, measure.table, catalog)  # "the mass of Carbon"
        keyed = bool(key_parents(plan, measure.table, catalog))  # a shot's shooter_id
        keyed = keyed and table_mentioned(measure.table, text, catalog)  # "the shots of"
    if (
        not keyed
        and not any(names_own_rows(plan, t, catalog) for t in named)
        and not code_measure(measure, catalog)
    ):
        return plan
    if column is None:
        return QueryPlan(kind="list", table=measure.table, measure=measure,
                         filters=plan.filters, limit=NAMED_ROWS)  # fmt: skip
    return QueryPlan(kind="rows", table=measure.table, column=column, filters=plan.filters,
                     limit=NAMED_ROWS)  # fmt: skip


def _one_value_asked(text: str, column: CatalogColumn) -> bool:
    """Whether ``text`` asks "what is the <column> of ...", of a column not named like its
    table (a table of oxidation states lists states, each a row: read elsewhere)."""
    own = column.name.replace("_", "").lower()
    listed = singular(column.table.replace("_", "").lower()) == own
    return text.startswith((" what is ", " what was ")) and not listed


def _parents_named(plan: QueryPlan, table: str, catalog: SqlCatalog) -> list[str]:
    """The tables of the plan's filters ``table`` refers to directly (its parents)."""
    tables = {f.table_name for f in plan.filters} - {table}
    parents = {fk.ref_table for fk in catalog.table(table).foreign_keys}
    return sorted(tables & parents)


def extended(table: str, catalog: SqlCatalog) -> list[str]:
    """The tables ``table`` extends one row for one: its whole primary key is its foreign
    key to them (a film's review row, keyed by the film)."""
    info = catalog.table(table)
    return [
        fk.ref_table
        for fk in info.foreign_keys
        if info.primary_key and sorted(fk.columns) == sorted(info.primary_key)
    ]


NAMED_ROWS = 50
"""The most values listed of the rows one name names."""


def names_own_rows(plan: QueryPlan, table: str, catalog: SqlCatalog) -> bool:
    """Whether ``plan``'s filters name rows of ``table`` by its whole label, one of (about)
    as many values as rows: a thing's name, never a category many rows share."""
    label, rows = catalog.label(table), catalog.rows.get(table, 0)
    named = {f.column.name: f.column for f in plan.filters
             if f.column is not None and f.column.table == table and f.op == "="
             and not f.prefix and f.raw is None}  # fmt: skip
    if not label or not set(label) <= set(named) or rows == 0:
        return False
    return len(label) > 1 or (named[label[0]].distinct or 0) * 2 >= rows
