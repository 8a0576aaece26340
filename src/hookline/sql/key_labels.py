"""key_labels: rows a plan lists by a key that refers to another table which names its
rows otherwise — shown by that table's name (``labelled_rows``), or declined when they
cannot be (``plan_doubts`` calls ``key_labels``).

"Which kits hold a torch?" listed from a table of kit contents keyed by ``kit`` and
``item`` (both referring to ``gear``) would show each kit's key ('kit-7'), where ``gear``
has the kit's name: a row's key is no answer when the table it refers to has a label, so
the rows are listed by the label of the row their key refers to ("Climber's Kit"),
joined by that key (the kit's, not the item's).

Example::

    labelled_rows(plan, catalog)   # the kits by gear's name, joined on ``kit``
    key_labels(PlanReading("Which kits hold a torch?", plan, catalog))   # [] once labelled
"""

from __future__ import annotations

from dataclasses import replace

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.runner import ForeignKey

__all__ = ["key_labels", "labelled_rows"]


def key_labels(reading: PlanReading) -> list[str]:
    """The words of the key column a list of rows would show in place of the label of
    the row it refers to; empty for any other plan."""
    catalog = reading.catalog
    table = reading.plan.group_table or reading.plan.table
    return [
        " ".join(catalog.column(table, c).words)
        for key in _shown_keys(reading.plan, catalog)
        for c in key.columns
    ]


def labelled_rows(plan: QueryPlan, catalog: SqlCatalog) -> QueryPlan:
    """``plan`` listing its rows by the label of the one row its shown key refers to
    (its label that one key, of one column, alone), joined by that key; else as is."""
    keys = _shown_keys(plan, catalog)
    if len(keys) != 1 or len(keys[0].columns) != 1 or plan.group_table is not None:
        return plan
    if catalog.label(plan.table) != keys[0].columns:
        return plan
    return replace(plan, group_table=keys[0].ref_table, roles=(*plan.roles, keys[0]))


def _shown_keys(plan: QueryPlan, catalog: SqlCatalog) -> list[ForeignKey]:
    """The foreign keys of the rows a list shows whose columns are (in) its label, to
    another table naming its rows by other columns; empty for any other plan."""
    if plan.kind != "rows" or plan.column is not None:
        return []
    table = plan.group_table or plan.table
    shown = catalog.label(table)
    found = []
    for key in catalog.table(table).foreign_keys:
        named = set(catalog.label(key.ref_table))
        other = key.ref_table != table and bool(named - set(key.ref_columns))
        if other and set(key.columns) & set(shown):
            found.append(key)
    return found
