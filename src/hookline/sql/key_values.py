"""A value found in a key that refers to another table is a value of that table's own
column when the question names that table (and not the one holding the key).

"How many gadget kits have a part called 'bolt'?" where 'bolt' is found only in
``box_items.part`` (a key to ``parts.name``, filed in boxes) and not in ``parts.name``
itself (too many names to index): the question asks about parts, and counting the kits
with a box holding a bolt would leave out every bolt filed in no box.  Every value of the
key is one of the referred column (that is what the key says), so the condition reads
the referred column, and the rows are joined to the thing named.

Example::

    referred_value((catalog.column("box_items", "part"), "bolt"), text, catalog)
    # (catalog.column("parts", "name"), "bolt")
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import table_mentioned
from hookline.sql.words import value_key

__all__ = ["key_held", "referred_value"]


def referred_value(
    chosen: tuple[CatalogColumn, str], text: str, catalog: SqlCatalog
) -> tuple[CatalogColumn, str]:
    """``chosen`` read in the column its key column refers to, when ``text`` names the
    referred table and not the key's own; else as is.  A key of several columns maps
    the column by its place in the key; two keys of the table to one referred table (a
    kit and its item, both gear) leave it as is: which row is meant, the key tells."""
    column, value = chosen
    info = catalog.table(column.table)
    keys = [k for k in info.foreign_keys if column.name in k.columns and k.ref_table != info.name]
    if len(keys) != 1 or len(catalog.keys_to(column.table, keys[0].ref_table)) != 1:
        return chosen
    key = keys[0]
    if not table_mentioned(key.ref_table, text, catalog):
        return chosen
    if table_mentioned(column.table, text, catalog):
        return chosen
    referred = key.ref_columns[key.columns.index(column.name)]
    found = next((c for c in catalog.table_columns(key.ref_table) if c.name == referred), None)
    return chosen if found is None or not found.text else (found, value)


def key_held(column: CatalogColumn, value: str, catalog: SqlCatalog) -> bool:
    """Whether ``value`` is found (whole) in a key column of another table that refers
    to ``column``: a value of ``column``'s rows, whatever other column is named alike."""
    keys = [
        (fk.columns[fk.ref_columns.index(column.name)], table.name)
        for table in catalog.schema.tables
        for fk in table.foreign_keys
        if fk.ref_table == column.table and column.name in fk.ref_columns
    ]
    matches = catalog.index.lookup(value_key(value).split())
    return any(m.exact and (m.column, m.table) in keys for m in matches)
