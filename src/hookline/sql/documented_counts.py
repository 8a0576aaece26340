"""A parent table's own count of its child rows, read where a question counts them.

"How many screws does the Rex gadget have?" where the gadgets table has a column the
documentation calls "the number of screws the gadget lists" (or one named ``screw_count``)
and a table of screws refers to each gadget: the gadget's own count is the figure the data
means, and counting its screw rows is another one whenever the two disagree (screws the
count leaves out, a table of part of them).  So a count of the child rows of the parents
some conditions select, a ranking of the parents by them, their average per parent and a
comparison of them read the documented count instead; rows counted under a condition of
their own ("how many of its screws are steel") are still counted.  Two such columns: which
one is not said, and the rows are counted as before (``own_counts`` declines a ranking).

Example::

    documented_count("gadgets", "screws", catalog)   # Measure(name='screw_total', ...)
    own_total(plan, catalog)  # COUNT(*) of Rex's screws -> SUM(gadgets.screw_total) of Rex
"""

from __future__ import annotations

import re
from dataclasses import replace

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import QueryPlan
from hookline.sql.words import fold, identifier_words, singular, word_set

__all__ = ["counts_of", "documented_count", "own_total"]

_COUNT_WORDS = word_set("count counts number num nr no total n")
_NUMBER_OF = re.compile(r"^(?:the )?(?:number|count|total number) of ([a-z]+)(?: ([a-z]+))?")


def documented_count(parent: str, child: str, catalog: SqlCatalog) -> Measure | None:
    """The one measure of ``parent`` that counts ``child``'s rows (``counts_of``), or None
    (none, or two: which is meant is not said)."""
    if parent == child or not catalog.refers_to(child, parent):
        return None
    found = [m for m in catalog.measures if m.table == parent and child in counts_of(m, catalog)]
    return found[0] if len(found) == 1 else None


def counts_of(measure: Measure, catalog: SqlCatalog) -> set[str]:
    """The tables whose rows ``measure`` counts: named by the words after "the number of"
    that open its documentation, or by its name's one word besides a counting word (the
    table's whole name)."""
    vocabulary = Vocabulary.of(catalog)
    found = set()
    own = [w for w in measure.words if w not in _COUNT_WORDS]
    if len(own) == 1 and len(measure.words) > 1:  # screw_count: the table named screws
        named = vocabulary.table_named(own[0])  # not screw_faults, named "screw" too
        same = named and [singular(w) for w in identifier_words(named)] == [singular(own[0])]
        found.add(named if same else None)
    docs = catalog.docs.descriptions if catalog.docs else {}
    said = _NUMBER_OF.match(fold(docs.get(f"{measure.table}.{measure.name}", "")))
    if said:
        two = f"{said.group(1)} {said.group(2)}" if said.group(2) else None
        found.add(vocabulary.table_named(two) if two else None)
        found.add(vocabulary.table_named(said.group(1)))
    return {t for t in found if t is not None}


def own_total(plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan:
    """``plan`` reading the parents' documented count of the rows it counts: a count of
    the child rows of the parents its conditions select (their sum), or a ranking of the
    parents by their number of child rows (their own count); else as is."""
    if plan.measure is not None or plan.via or plan.roles or plan.column is not None:
        return plan
    tables = {f.table_name for f in plan.filters}
    if plan.kind == "count" and len(tables) == 1 and plan.table not in tables:
        parent = tables.pop()
        measure = documented_count(parent, plan.table, catalog)
        if measure is not None:
            return QueryPlan(kind="sum", table=parent, measure=measure, filters=plan.filters)
    group = plan.group_table
    if plan.kind == "rank" and group is not None and tables <= {group}:
        measure = documented_count(group, plan.table, catalog)
        if measure is not None:
            return replace(plan, kind="list", table=group, measure=measure, group_table=None)
    return plan
