"""key_labels: rows a plan lists by a key that refers to another table which names its
rows otherwise — the planner declines (``plan_doubts`` calls this).

"Which kits hold a torch?" listed from a table of kit contents keyed by ``kit`` and
``item`` (both referring to ``gear``) shows each kit's key ('kit-7'), where ``gear`` has
the kit's name: a row's key is no answer when the table it refers to has a label.

Example::

    key_labels(PlanReading("Which kits hold a torch?", plan, catalog))   # ["kit"]
"""

from __future__ import annotations

from hookline.sql.plan_reading import PlanReading

__all__ = ["key_labels"]


def key_labels(reading: PlanReading) -> list[str]:
    """The words of the key column a list of rows would show in place of the label of
    the row it refers to; empty for any other plan."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "rows" or plan.column is not None:
        return []
    table = plan.group_table or plan.table
    shown = catalog.label(table)
    found = []
    for key in catalog.table(table).foreign_keys:
        named = set(catalog.label(key.ref_table))
        other = key.ref_table != table and bool(named - set(key.ref_columns))
        if other and set(key.columns) & set(shown):
            found += [" ".join(catalog.column(table, c).words) for c in key.columns]
    return found
