"""Two tables joined two ways: a batch's own key to the product it makes, and a table of
inputs that joins batches to the products they use.  "Which product is used in the most
batches?" read through the batch's key counts what each product makes — another question.
A plan that steps from one table to the next by a key, where a table of links joins the
same two, is in doubt unless the question says the key's own words ("the output product").

Example::

    second_path_doubts(" which product is used in the most batches ", plan, catalog)
    # ['products']: the batch's output key, or the inputs' rows?
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.runner import ForeignKey, TableInfo
from hookline.sql.words import identifier_words, one_stem, singular

__all__ = ["second_path_doubts"]


def second_path_doubts(reading: PlanReading) -> list[str]:
    """The tables (or values) the plan reaches from its rows by a key of one step whose
    two tables a table of links joins too, the key's own words unsaid (module doc)."""
    plan, catalog, source = reading.plan, reading.catalog, reading.source
    targets = {plan.group_table: plan.group_table} if plan.group_table else {}
    targets |= {f.table_name: f.value or f.table_name for f in plan.filters}
    words = reading.singulars
    return [
        said
        for target, said in targets.items()
        if target not in (None, source) and _doubted(source, target, plan, words, catalog)
    ]


def _doubted(
    source: str, target: str, plan: QueryPlan, words: frozenset[str], catalog: SqlCatalog
) -> bool:
    keys = _keys_between(source, target, catalog)
    if not keys or any(key in plan.roles for key in keys):
        return False
    linked = _link_tables(source, target, catalog) - {plan.table, *plan.via}
    tables = identifier_words(source) + identifier_words(target)
    return bool(linked) and not any(_key_said(key, tables, words) for key in keys)


def _keys_between(source: str, target: str, catalog: SqlCatalog) -> list[ForeignKey]:
    """The foreign keys joining ``source`` and ``target`` directly, either way."""
    ahead = catalog.keys_to(source, target)
    back = catalog.keys_to(target, source)
    return ahead + back


def _link_tables(first: str, second: str, catalog: SqlCatalog) -> set[str]:
    """The other tables of links between ``first`` and ``second``: a key to each, on
    columns of their own, the two the whole of the table's primary key."""
    return {
        table.name
        for table in catalog.schema.tables
        if table.name not in (first, second) and _links(table, first, second)
    }


def _links(table: TableInfo, first: str, second: str) -> bool:
    own = set(table.primary_key)
    return any(
        own and not set(a.columns) & set(b.columns) and own == {*a.columns, *b.columns}
        for a in table.foreign_keys
        if a.ref_table == first
        for b in table.foreign_keys
        if b.ref_table == second
    )


def _key_said(key: ForeignKey, tables: list[str], words: frozenset[str]) -> bool:
    """Whether ``words`` hold a word of ``key``'s columns beyond the ``tables``' names."""
    plain = {"id", "key", "code", "no", "number", *map(singular, tables)}
    named = {singular(w) for column in key.columns for w in identifier_words(column)}
    return any(one_stem(n, w) for n in named - plain for w in words)
