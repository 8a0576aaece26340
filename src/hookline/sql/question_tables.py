"""The tables a question is about — what a model's prompt shows of the schema when the
planner hands the question over (``SqlPlannerMiddleware``).

Example::

    linked_tables("How many orders came from Oslo?", catalog)   # ['orders', 'customers']
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.conditions import value_filters
from hookline.sql.measures import table_mentions
from hookline.sql.plan import join_path, reachable
from hookline.sql.words import question_words

__all__ = ["linked_tables"]


def linked_tables(question: str, catalog: SqlCatalog) -> list[str]:
    """The tables a question is about: the ones it names, the ones holding values it
    spells out, and the tables joining them; empty when it names none."""
    text = " " + " ".join(question_words(question)) + " "
    named = [table for _, table in table_mentions(text, catalog)]
    named += [f.table_name for f in value_filters(text, catalog)]
    named += [c.table for c in catalog.columns if c.values and f" {c.words[-1]} " in text]
    tables = list(dict.fromkeys(named))
    for other in tables[1:]:
        if reachable(tables[0], other, catalog):
            tables += [t for t, _ in join_path(tables[0], other, catalog) if t not in tables]
    return tables
