"""sub_rows: "List the subcategories of Bills": the rows of a table that refers to itself
(a category's parent category) whose parent is the row the value names.

"sub" before a table's name (singular or plural) names its rows one level down; it is
read only in a list request that says nothing else ("list / show / what are / which are
the sub<rows> of <value>"), when the table has one foreign key to itself and the value is
one value of that table.

Example::

    sub_rows(["list", "the", "subcategories", "of", "_"], [<category.name = 'Bills'>], catalog)
    # QueryPlan(kind="rows", table="category", filters=[category.parent IN (SELECT id
    #           FROM category WHERE name = 'Bills')])
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog, quote
from hookline.sql.groups import BREAKDOWN_ROWS
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan

__all__ = ["sub_rows"]

_OPENINGS: tuple[list[str], ...] = (
    ["list", "the"], ["list", "all", "the"], ["show", "the"], ["what", "are", "the"],
    ["which", "are", "the"], ["list"],
)  # fmt: skip


def sub_rows(words: list[str], values: list[Filter], catalog: SqlCatalog) -> QueryPlan | None:
    """The plan of "list the sub<rows> of <value>" (module doc), or None."""
    rest = next((words[len(o) :] for o in _OPENINGS if words[: len(o)] == o), None)
    if rest is None or len(rest) != 3 or rest[1:] != ["of", "_"] or len(values) != 1:
        return None
    named, value = rest[0], values[0]
    table = Vocabulary.of(catalog).table_named(named[3:]) if named.startswith("sub") else None
    if table is None or value.column is None or value.column.table != table or value.op != "=":
        return None
    keys = catalog.keys_to(table, table)
    if len(keys) != 1 or len(keys[0].columns) != 1:
        return None
    literal = value.value.replace("'", "''")
    parents = (
        f"SELECT {quote(keys[0].ref_columns[0])} FROM {quote(table)} "
        f"WHERE {quote(value.column.name)} = '{literal}'"
    )
    condition = Filter(raw=f"{quote(table)}.{quote(keys[0].columns[0])} IN ({parents})",
                       table=table)  # fmt: skip
    return QueryPlan(kind="rows", table=table, filters=[condition], limit=BREAKDOWN_ROWS)
