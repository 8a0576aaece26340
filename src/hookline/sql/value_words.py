"""value_words: a word of a listed value standing for the whole value — "big boats"
for the kind 'big_boat', "rush parcels" for the priority '1-RUSH'.

A question rarely spells a coded value as stored; it says the one word that tells it
from its neighbours.  That word is read as the value only when exactly one listed value
of one column (``CatalogColumn.values``, the short lists) has it as a whole word: "boat"
is in every boat kind and reads nothing, and a word that also names a table, another
column or a measure is never a value word.  A name written as capitalised words ("Acme
Tide") is no code: a word of it that is also a word of the schema's names stands for
nothing ("tide mills", with a ``tide_speed`` column, are not Acme's).

Example::

    other = partial(names_another_column, catalog=catalog)  # hookline.sql.mentions
    partial_value("rush", catalog, other)   # (parcels.priority, '1-RUSH')
    partial_value("boat", catalog, other)   # None: in every value of the column
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.words import (
    FUNCTION_WORDS,
    MEASURE_WORDS,
    identifier_words,
    singular,
    value_parts,
)

__all__ = ["partial_value", "twin_kinds", "value_words"]

_LONGEST = 4
"""The most words a coded value has (longer ones are phrases, not codes)."""

NamesOther = Callable[[str, CatalogColumn], bool]
"""Whether a word names a table, or a column other than the given one (the caller's
vocabulary: ``mentions.names_another_column``)."""
ValueWords = dict[str, list[tuple[CatalogColumn, str]]]
"""Each whole word of a listed value of several words: the (column, value) pairs holding it."""


def partial_value(
    word: str, catalog: SqlCatalog, names_other: NamesOther
) -> tuple[CatalogColumn, str] | None:
    """The one listed value ``word`` (or its singular) is a whole word of, or None (also
    when ``names_other`` says the word names something else or the word is the column's
    own name, or the value is a name written as words and the word one of the schema's
    names)."""
    if len(word) < 3 or not word.isalpha() or word in FUNCTION_WORDS or _measure_word(word):
        return None
    words = _value_words(catalog)
    found = words.get(word) or words.get(singular(word)) or []
    if len(found) != 1 or names_other(word, found[0][0]):
        return None
    if singular(word) in {singular(w) for w in found[0][0].words}:
        return None  # "in each region": the column, not its value 'Region 9'
    if _in_sibling_values(word, *found[0]):
        return None  # "ferries" of many lists ('a,ferry_x'); "boat" of a longer 'big red boat'
    if _in_other_values(word, found[0][0], catalog):
        return None  # "photo files": a word of many kinds ('photo/raw'), not one icon's
    if _name_in_words(found[0][1]) and _schema_word(word, found[0][0], catalog):
        return None  # "tide mills": a word of the mills' columns, not Acme Tide's
    if _name_in_words(found[0][1]) and _common_noun(word, found[0][1]):
        return None  # "all mills", "which mill": a common noun, not Acme Mill's name
    return found[0]


def _in_sibling_values(word: str, column: CatalogColumn, value: str) -> bool:
    """Whether another listed value of ``column`` (of any length, a list of members or
    a phrase too long to be a code) holds ``word`` (or its singular) too: a word common
    to several values of a column tells none of them apart, and the one value would be
    some of its rows only."""
    forms = {word, singular(word)}
    return any(forms & set(value_parts(other)) for other in column.values if other != value)


def _in_other_values(word: str, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``word`` is also a whole word of a value of another column (no prose) in
    the value index: it may name those rows as well as the one listed value."""
    columns = _indexed_words(catalog).get(word, set()) - {(column.table, column.name)}
    return any(not catalog.column(table, name).prose for table, name in columns)


def _indexed_words(catalog: SqlCatalog) -> dict[str, set[tuple[str, str]]]:
    """Each whole word of the value index's values: the (table, column) pairs holding it."""

    def read(catalog: SqlCatalog) -> dict[str, set[tuple[str, str]]]:
        words: dict[str, set[tuple[str, str]]] = {}
        for table, column, value in catalog.index.values:
            for part in set(value_parts(value)):
                words.setdefault(part, set()).add((table, column))
        return words

    return catalog.cached("indexed value words", read)


def value_words(
    words: list[str], spans: set[tuple[int, int]], catalog: SqlCatalog, names_other: NamesOther
) -> dict[tuple[int, int], list[tuple[CatalogColumn, str]]]:
    """The span and (column, value) of each word of ``words`` outside ``spans`` (the
    values already read) that stands for one listed value."""
    taken = {i for start, end in spans for i in range(start, end)}
    found = {}
    for index, word in enumerate(words):
        pair = None if index in taken else partial_value(word, catalog, names_other)
        if pair is not None:
            found[(index, index + 1)] = [pair]
    return found


def twin_kinds(pairs: list[tuple[CatalogColumn, str]], catalog: SqlCatalog) -> bool:
    """Whether the (column, value) ``pairs`` of one value hold two columns of one table that
    each list a few kinds and hold it as spelled, case aside ('Acme' a maker and 'acme' a
    seller of parts, some rows each): which one the question means, no word of it says.
    A column of about one value a row (a code beside a name, another spelling of it)
    names the same row, no other reading."""
    kinds = {(c.name, v.casefold()) for c, v in pairs if c.values and not _per_row(c, catalog)}
    spelled = [v for _, v in kinds]  # the value itself, not a documented gloss of another
    return len({c.table for c, _ in pairs}) == 1 and any(spelled.count(v) > 1 for v in spelled)


def _per_row(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` is its table's label or holds about one value a row."""
    filled = column.filled or catalog.rows.get(column.table, 0)
    named = column.name in catalog.label(column.table)
    return named or (column.distinct or 0) * 10 >= filled * 9


def _value_words(catalog: SqlCatalog) -> ValueWords:
    """The words of every listed value of several words (cached on the catalog)."""
    return catalog.cached("value_words", _read_value_words)


def _read_value_words(catalog: SqlCatalog) -> ValueWords:
    words: ValueWords = {}
    for column in catalog.columns:
        if column.key or column.prose:
            continue  # a comment's words are no value's name
        for value in column.values:
            parts = value_parts(value)
            for part in dict.fromkeys(parts) if 1 < len(parts) <= _LONGEST else ():
                words.setdefault(part, []).append((column, value))
    return words


def _name_in_words(value: str) -> bool:
    """Whether ``value`` is a name written as capitalised words ("Acme Tide", "Gamma
    Labs"), not a code ("1-RUSH", "big_boat", "SMALL BOX"): one of its words says
    nothing of the whole name ("tide mills" are not the mills of Acme Tide)."""
    words = value.split()
    return (
        len(words) > 1 and all(w[0].isupper() for w in words)
        and any(w[1:].islower() for w in words) and not re.search(r"[_#\d]", value)
    )  # fmt: skip


def _common_noun(word: str, name: str) -> bool:
    """Whether ``word`` is a word of the capitalised ``name`` said in the plural ("mills" of
    Acme Mill) or its last word after a word that tells which one ("mill", never "gate"
    of At Gate): a common noun."""
    *before, last = parts = value_parts(name)
    return word not in parts or (last == word and bool(set(before) - FUNCTION_WORDS))


def _schema_word(word: str, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``word`` is a word of the name of a table or of a column other than
    ``column`` (``tide_speed``, ``tide_class``)."""
    words = {w for c in catalog.columns if c is not column for w in c.words}
    words |= {w for t in catalog.schema.tables for w in identifier_words(t.name)}
    return word in words or singular(word) in words


def _measure_word(word: str) -> bool:
    return any(word in synonyms for synonyms in MEASURE_WORDS.values())
