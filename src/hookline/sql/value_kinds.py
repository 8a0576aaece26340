"""value_kinds: "Which Fire-type creature is the fastest?" — a value followed by the word
of its column ("type") and a row noun ("creature") says which rows, not what to rank:
the rows ranked are the noun's, the value a condition on them.

The question's words reach the ranking with each value spelled out masked (``_``); the
column word right after a mask is dropped when the next word names a table, so the
subject read is that table's rows.

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
    vocabulary = Vocabulary.of(catalog)
    return [
        w for i, w in enumerate(words)
        if not (0 < i < len(words) - 1 and words[i - 1] == _MASK
                and vocabulary.columns_named(w) and vocabulary.table_named(words[i + 1]))
    ]  # fmt: skip
