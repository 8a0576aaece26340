"""Row words: the nouns a question calls a table's rows by, that name no column.

The documentation says what one row of a table is ("One row per line of equipment
shipped to an agency", "One row per person who died in the riots (victims, deaths)");
a question calls the rows so ("the total cost of the equipment sent to Kansas", "the riot
victims"), or by an everyday word for rows ("records", "rows", "entries").  Such a word
selects no rows: the question is read without it, and its plan must count or add up the
rows of a table the word is said of — pinned by the question when several tables are.

Example::

    row_words(["equipment", "records"], catalog)   # {"equipment", "records"}
    fits_row_words({"equipment"}, plan, catalog)    # the plan's rows are equipment
"""

from __future__ import annotations

import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import VERBS
from hookline.sql.plan import QueryPlan
from hookline.sql.words import FUNCTION_WORDS, fold, singular

__all__ = ["fits_row_words", "row_verbs", "row_words", "without_words"]

_EVERYDAY = frozenset({"record", "row", "entry"})
"""Everyday nouns of any table's rows."""
_ROW = re.compile(r"\b(?:one|a) row (?:per|for each|for every) ([a-z]+)(?: of ([a-z]+))?", re.I)
_SENTENCE = re.compile(r"\b(?:one|a) row (?:per|for each|for every) ([^.:;(]*)", re.I)
_ALSO = re.compile(r"^[^.:;(]*\(([a-z]+(?:, [a-z]+){0,2})\)")


def row_words(unknown: list[str], catalog: SqlCatalog) -> set[str]:
    """The words of ``unknown`` (words naming nothing) a table's rows are called by: the
    nouns and names its documentation gives them, or "records"."""
    nouns = set(_EVERYDAY).union(*_described(catalog).values())
    return {w for w in unknown if singular(w) in nouns}


def row_verbs(words: list[str], catalog: SqlCatalog) -> set[str]:
    """The ``words`` the documentation says every row of a table did ("One row per person
    who died"), of a table of one date column at most: they select no rows."""
    verbs: set[str] = set().union(*_described_verbs(catalog).values())
    return {w for w in words if w in verbs}


def without_words(question: str, said: set[str]) -> str:
    """``question`` without the words ``said`` (any case)."""
    for word in said:
        question = re.sub(rf"\b{re.escape(word)}\b", "", question, flags=re.IGNORECASE)
    return question


def fits_row_words(said: set[str], plan: QueryPlan, catalog: SqlCatalog) -> bool:
    """Whether the rows ``plan`` reads are the ones ``said`` calls so: every word is said
    of the plan's table, and the table is pinned by a value of its own when the word is
    said of another table too (or is an everyday word of any table's rows)."""
    described = _described(catalog)
    for word in {singular(w) for w in said}:
        claims = [t for t, nouns in described.items() if word in nouns]
        claims += [t for t, verbs in _described_verbs(catalog).items() if word in verbs]
        if word not in _EVERYDAY and plan.table not in claims:
            return False
        others = [t for t in described if t != plan.table] if word in _EVERYDAY else claims
        if len(others) > (0 if word in _EVERYDAY else 1) and not _pinned(plan, others, catalog):
            return False
    return True


def _pinned(plan: QueryPlan, tables: list[str], catalog: SqlCatalog) -> bool:
    """Whether a condition of ``plan`` is on a listed value of its own table that no
    other of ``tables`` lists ('KS' of one table's state column)."""
    for found in plan.filters:
        column = found.column
        if column is None or found.op != "=" or column.table != plan.table:
            continue
        elsewhere = [c for c in catalog.columns if c.table in tables and c.table != plan.table
                     and found.value in c.values]  # fmt: skip
        if found.value in column.values and not elsewhere:
            return True
    return False


def _described(catalog: SqlCatalog) -> dict[str, set[str]]:
    """The row nouns of each table's documentation, read once per catalog."""
    return catalog.cached("row words", _read_described)


def _read_described(catalog: SqlCatalog) -> dict[str, set[str]]:
    described: dict[str, set[str]] = {}
    descriptions = catalog.docs.descriptions if catalog.docs else {}
    for table in catalog.schema.tables:
        text = descriptions.get(table.name, "")
        found = [w for m in _ROW.finditer(text) for w in m.groups() if w and w.islower()]
        found += [w for m in _ALSO.finditer(fold(text)) for w in m.group(1).split(", ")]
        found += [
            fold(w)
            for m in _SENTENCE.finditer(text)
            for w in m.group(1).split()[1:]
            if w[:1].isupper() and w.isalpha()
        ]  # "the Los Angeles riots"
        nouns = {singular(w) for w in found if len(w) > 2}
        described[table.name] = nouns - FUNCTION_WORDS
    return described


def _described_verbs(catalog: SqlCatalog) -> dict[str, set[str]]:
    """The verbs each table's documentation says its rows did ("who died", "shipped"),
    of a table with at most one date column (the verb names no date of its own)."""
    return catalog.cached("row verbs", _read_described_verbs)


def _read_described_verbs(catalog: SqlCatalog) -> dict[str, set[str]]:
    verbs: dict[str, set[str]] = {}
    descriptions = catalog.docs.descriptions if catalog.docs else {}
    for table in catalog.schema.tables:
        if sum(c.date for c in catalog.table_columns(table.name)) > 1:
            continue
        text = fold(descriptions.get(table.name, ""))
        said = {w for m in _SENTENCE.finditer(text) for w in m.group(1).split()}
        verbs[table.name] = {w for w in said if w in VERBS or _participle(w)}
    return verbs


def _participle(word: str) -> bool:
    return word.isalpha() and len(word) > 4 and word.endswith("ed")
