"""What a table's rows are called: "One row per Acme launch" (the documentation of the
``acme`` table) makes "Acme launches" the table's rows, though ``launch`` is also a
column's name; the linker then reads "How many Acme launches are there?" as the rows.

Example::

    row_noun_of("acme", catalog)                     # 'launch'
    without_row_noun("How many Acme launches?", "acme", catalog)
    # 'How many Acme?'
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.words import FUNCTION_WORDS, identifier_words, singular

__all__ = ["row_noun_of", "row_phrase_of", "without_row_noun"]

_ROW_PER = re.compile(r"\bone row (?:per|for each|for every) ((?:[a-z]+ ){0,2}[a-z]+)\b")


def row_noun_of(table: str, catalog: SqlCatalog) -> str | None:
    """The noun the documentation calls ``table``'s rows by ("One row per Acme launch"
    -> "launch"), the table's own name's words left out; None when undocumented."""
    docs = catalog.docs
    if docs is None:
        return None
    described = next((d for k, d in docs.descriptions.items() if k.lower() == table.lower()), "")
    found = _ROW_PER.search(described.lower())
    if found is None:
        return None
    own = {singular(w) for w in identifier_words(table)}
    rest = [singular(w) for w in found.group(1).split() if singular(w) not in own]
    return rest[-1] if len(rest) == 1 else None


def row_phrase_of(table: str, catalog: SqlCatalog) -> list[str]:
    """The words (singular) the documentation calls ``table``'s rows by, up to the first
    function word ("One row per hair colour variation of a face" -> hair, colour, variation);
    empty when undocumented."""
    docs = catalog.docs
    described = next(
        (d for k, d in docs.descriptions.items() if k.lower() == table.lower()), ""
    ) if docs else ""  # fmt: skip
    found = _ROW_PER.search(described.lower())
    words = found.group(1).split() if found else []
    cut = next((i for i, w in enumerate(words) if w in FUNCTION_WORDS), len(words))
    return [singular(w) for w in words[:cut]]


def without_row_noun(text: str, table: str | None, catalog: SqlCatalog) -> str:
    """``text`` (a question as asked, or its words) with the row noun that follows
    ``table``'s name left out ("Acme launches" -> "Acme"): it names the rows, not a
    column."""
    noun = row_noun_of(table, catalog) if table else None
    if table is None or noun is None:
        return text
    name = r"[\s_]+".join(re.escape(w) for w in identifier_words(table))
    said = rf"\b({name})\s+{re.escape(noun)}(?:s|es)?\b"
    return re.sub(said, r"\1", text, flags=re.IGNORECASE)
