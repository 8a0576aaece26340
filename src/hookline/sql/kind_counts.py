"""A plural noun counted as the rows named by it: "how many districts" read as the rows
of a ``field`` table whose label is 'District' (one row, a kind of thing, whose members
are another table's rows) answers how many kinds are so named, never how many districts.
Declined when the value read is the counted noun's singular and the column is the
table's label (``SqlCatalog.label``) with mostly distinct values, a name, not a category
many rows share ("how many dogs" in a ``species`` column stays a count); a label of as
many values as rows is ``answer_kinds.counted_events``'s.

Example::

    # field(id, label), entry(field -> field.id, value)
    kind_counts(PlanReading("How many districts does X have?", plan, catalog))
    # ["districts"] when the plan counts field rows labelled 'District'
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import question_words, singular

__all__ = ["kind_counts"]


def kind_counts(reading: PlanReading) -> list[str]:
    """The plural word of the question that a count of the plan reads as a value of the
    counted table's label."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "count":
        return []
    plurals = {singular(w): w for w in reading.words if singular(w) != w}
    for condition in plan.filters:
        column = condition.column
        if condition.op != "=" or column is None or column.table != plan.table:
            continue
        said = " ".join(question_words(str(condition.value)))
        if said in plurals and _names_rows(column, catalog):
            return [plurals[said]]
    return []


def _names_rows(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is its table's label, most of its values each one row's."""
    named = column.name in catalog.label(column.table)
    return named and column.text and (column.distinct or 0) * 2 >= (column.filled or 0)
