"""value_kinds: "Which Fire-type creature is the fastest?" — a value followed by the word
of its column ("type") and a row noun ("creature") says which rows, not what to rank:
the rows ranked are the noun's, the value a condition on them.

The question's words reach the ranking with each value spelled out masked (``_``); the
column word right after a mask is dropped when the next word names a table that has such
a column, or a table listing its rows' values has one (a creature's types, one row each)
— a column of another table ("type" of the moves a creature learns) is no kind of the
rows, and the word stays (the ranking is then declined).

Example::

    without_value_kinds(["which", "_", "type", "creature", "is", "the", "fastest"], catalog)
    # ["which", "_", "creature", "is", "the", "fastest"]
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import Vocabulary

__all__ = ["without_value_kinds"]

_MASK = "_"
"""What stands for a value the question spells out."""


def without_value_kinds(words: list[str], catalog: SqlCatalog) -> list[str]:
    """``words`` without the column word between a masked value and a row noun."""
    return [
        w for i, w in enumerate(words)
        if not (0 < i < len(words) - 1 and words[i - 1] == _MASK
                and _kind_of(w, words[i + 1], catalog))
    ]  # fmt: skip


def _kind_of(word: str, noun: str, catalog: SqlCatalog) -> bool:
    """Whether ``word`` names a column of the table ``noun`` names, or of a table that
    refers to that table (its rows' values, one row each)."""
    vocabulary = Vocabulary.of(catalog)
    table = vocabulary.table_named(noun)
    if table is None:
        return False
    near = {t.name for t in catalog.schema.tables
            if any(fk.ref_table == table for fk in t.foreign_keys)}  # fmt: skip
    return any(c.table in near | {table} for c in vocabulary.columns_named(word))
