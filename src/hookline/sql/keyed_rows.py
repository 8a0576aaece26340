"""keyed_rows: the rows a key's documentation says it is set for.  "up_ref: for a
sub-kennel, the kennel it is part of; empty for a main kennel": the sub-kennels are the
rows whose key is set — a filter of the key's own table, never the key's values (counted,
they are the kennels the sub-kennels are part of).

Example::

    keyed_rows(catalog, {"kennel.up_ref": "for a sub-kennel, the kennel ...; empty ..."}, set())
    # [("sub-kennel", "kennel.up_ref IS NOT NULL", "kennel")]
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.words import singular

__all__ = ["keyed_rows"]

_FOR = re.compile(r"for an? ([a-z][a-z'-]*(?: [a-z][a-z'-]*)?),")
_QUALIFIED = re.compile(r"(?:^|[,;] )for an? [a-z][a-z'-]*(?: [a-z][a-z'-]*)?,")
_EMPTY = re.compile(r"\b(?:null|empty)\b")


def keyed_rows(
    catalog: SqlCatalog, descriptions: dict[str, str], named: set[str]
) -> list[tuple[str, str, str]]:
    """(the rows' phrase, the condition they meet, their table) of each single-column
    foreign key documented as set "for a <rows>," of one kind only and empty (NULL) for
    the others, when some of its rows are empty (or their number is unknown) and the
    phrase (its last word singular) is none of ``named``, the phrases naming tables and
    columns."""
    found = []
    for table in catalog.schema.tables:
        for key in (k for k in table.foreign_keys if len(k.columns) == 1):
            described = descriptions.get(f"{table.name}.{key.columns[0]}", "").lower()
            match = _FOR.match(described)
            column = catalog.column(table.name, key.columns[0])
            if match is None or len(_QUALIFIED.findall(described)) > 1 or column is None:
                continue
            *words, last = match.group(1).split()
            phrase = " ".join([*words, singular(last)])
            rows = catalog.rows.get(table.name, 0)
            empty = column.filled is None or 0 < column.filled < rows
            if _EMPTY.search(described) and empty and phrase not in named:
                found.append((phrase, f"{column.ref} IS NOT NULL", table.name))
    return found
