"""The parts of a table's name that may name its rows on their own: "lines" or "order"
of ``order_lines``; never its first words when they name a column of a table it refers
to (``title_translation``, the translations of the ``title`` of the rows it refers to:
"titles" are those rows' titles, never the translations).  What a parent's count column
counts ("the most steps" of rows with a ``step_count``) is own_counts' to read.

Example::

    # shows(id, title), title_translation(show -> shows.id, lang, title)
    name_parts("title_translation", catalog)  # [["translation"]]
"""

from __future__ import annotations

from collections.abc import Callable

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.words import identifier_words, singular

__all__ = ["name_claims", "name_parts"]


def name_claims(
    catalog: SqlCatalog, kept: Callable[[list[str]], bool], key: Callable[[list[str]], str]
) -> dict[str, list[str]]:
    """Each part of a table's name (``name_parts``) that ``kept`` keeps, in its ``key``
    form, with the tables it may name; never the last word of two or more names ("codes"
    of ``level_codes`` and ``item_codes``: each is as much the codes)."""
    claims: dict[str, list[str]] = {}
    heads: dict[str, int] = {}
    for table in catalog.schema.tables:
        for part in (p for p in name_parts(table.name, catalog) if kept(p)):
            claims.setdefault(key(part), []).append(table.name)
        words = identifier_words(table.name)
        if len(words) > 1:
            heads[key(words[-1:])] = heads.get(key(words[-1:]), 0) + 1
    return {word: tables for word, tables in claims.items() if heads.get(word, 0) < 2}


def name_parts(table: str, catalog: SqlCatalog) -> list[list[str]]:
    """The first words and the last word of ``table``'s name (of two words or more),
    without first words that name a column of a table it refers to."""
    words = identifier_words(table)
    if len(words) < 2:
        return []
    parents = {key.ref_table for key in catalog.table(table).foreign_keys} - {table}
    said = {_key(w) for p in parents for c in catalog.table_columns(p) for w in _said(c)}
    firsts = [words[:size] for size in range(1, len(words)) if _key(words[:size]) not in said]
    return [*firsts, words[-1:]]


def _said(column: CatalogColumn) -> list[list[str]]:
    """The words of ``column`` (a count of a child's thing ranks by own_counts instead)."""
    return [column.words]


def _key(words: list[str]) -> str:
    """``words`` lower case, the last one singular (``Titles`` -> title)."""
    lowered = [w.lower() for w in words]
    return " ".join([*lowered[:-1], singular(lowered[-1])]) if lowered else ""
