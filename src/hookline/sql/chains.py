"""Chains of foreign keys a question's plan follows, chosen by the question's words.

A ranking of groups ("which nation ... the most revenue") reaches what it adds up along
foreign keys; when two chains reach it (a sale's nation: its customer's, or its
supplier's), the tables the question names choose one ("nation's customers"), and with
nothing to choose the planner abstains: two answers to one question.  Rows counted per
group by their own foreign key to it need no choice ("the shopper with the most
refunds": the refund's shopper, not its purchase's).  The tables named also choose the table
of a column several tables have ("how many types of store": the stores' type, not the
products').

Example::

    one_chain(" which country's buyers generated the most revenue ", plan, catalog)
    plan.via   # ("buyer", "purchase", "purchase_line")
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import QueryPlan, parent_chains

__all__ = ["named_tables", "named_tables_column", "one_chain", "unnamed"]


def one_chain(text: str, plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether the rows a ranking groups reach what it adds up or counts by one chain of
    foreign keys, or the question's words name the tables of one ("nation's customers":
    through the customers, not the suppliers); sets ``plan.via`` to that chain."""
    if plan.kind != "rank" or plan.group_table is None:
        return True
    far = plan.measure.table if plan.measure else plan.table
    near = plan.group_table if far == plan.table else plan.table
    chains = [c[:-1] for c in parent_chains(far, near, catalog)]
    if len(chains) <= 1:
        return True
    named = named_tables(text, catalog) - {far}  # "districts": never a parent district's
    chosen = [c for c in chains if named & set(c)]
    if (
        not chosen
        and far == plan.table
        and (chains.count([]) == 1 or _by_role(plan, near, catalog))
    ):
        chosen = [[]]  # "the shopper with the most refunds": each refund's own shopper
    if len(chosen) != 1:
        return False
    if far == plan.table:  # a count: joined from the counted rows up to the groups
        plan.via = (*chosen[0], near)
    else:
        plan.via = (*chosen[0][::-1], far)
    return True


def _by_role(plan: QueryPlan, parent: str, catalog: SqlCatalog) -> bool:
    """Whether the plan's rows reach ``parent`` by a key of theirs whose role the question
    says ("departing routes": a route's source airport, of its two keys to airports)."""
    own = catalog.table(plan.table).foreign_keys
    return any(fk.ref_table == parent and fk in own for fk in plan.roles)


def named_tables(text: str, catalog: SqlCatalog) -> set[str]:
    """The tables ``text`` names, a longer name first ("purchase lines" names no purchase)."""
    named: set[str] = set()
    for phrase, table in sorted(Vocabulary.of(catalog).tables.items(), key=lambda p: -len(p[0])):
        plural = phrase[:-1] + "ies" if phrase.endswith("y") else phrase + "es"
        for form in (phrase, phrase + "s", phrase + "'s", plural):
            if f" {form} " in text:
                named.add(table)
                text = text.replace(f" {form} ", " _ ")
    return named


def unnamed(text: str, catalog: SqlCatalog) -> str:
    """``text`` without the names of tables of two or more words."""
    for phrase in Vocabulary.of(catalog).tables:
        if " " in phrase:
            text = re.sub(rf" {re.escape(phrase)}(s|es|'s)? ", " _ ", text)
    return text


def named_tables_column(
    column: CatalogColumn | None, text: str, catalog: SqlCatalog
) -> CatalogColumn | None:
    """The column of the one table ``text`` names with the name of ``column`` ("types of
    store": the stores' type, not the products'); ``column`` itself when the
    question names its table, no table or several."""
    named = sorted(named_tables(text, catalog))
    if column is None or column.table in named or len(named) != 1:
        return column
    same = [c for c in catalog.table_columns(named[0]) if c.name == column.name]
    return same[0] if same else column
