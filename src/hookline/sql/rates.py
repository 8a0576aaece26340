"""Averages per parent: "the average number of <rows> per <parent>" is the number of a
child table's rows for each row of the table it refers to, averaged over every parent row
(a parent without rows counts as none).

It is read only when the question is exactly that: the words after "average number of"
name the child table, the words after "per" / "each" name the parent, and the child
refers to the parent by one foreign key (two, as a flight's origin and destination, are
two readings: declined), or one link table pairs them ("stops per trip": the distinct
stops each trip's rows of the link table name, ``linked_count``). "Per <parent> that has
any" averages over the parents with rows only. Words after "per" that name a text column
of the counted table, not a table, average over its values ("films per genre").

Example::

    per_parent_average(["what", "is", "the", "average", "number", "of", "routes", "per",
                        "carrier"], catalog)
    # QueryPlan(kind="avg", table="carriers", measure=<routes of each carrier row>)
"""

from __future__ import annotations

from hookline.sql.catalog import Measure, SqlCatalog, quote
from hookline.sql.documented_counts import documented_count
from hookline.sql.links import linked_count
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import QueryPlan

__all__ = ["per_parent_average"]

_OPENINGS: tuple[list[str], ...] = (["what", "is", "the"], ["what", "was", "the"], [])
"""The words a question may open with before "average number of"."""
_ANY: tuple[list[str], ...] = (["that", "has", "any"], ["that", "have", "any"], ["with", "any"])
"""What may follow the parent: only the parents with rows ("per device that has any")."""


def per_parent_average(words: list[str], catalog: SqlCatalog) -> QueryPlan | None:
    """The plan of "what is the average number of <child rows> per <parent>", or None."""
    rest = next((words[len(o) :] for o in _OPENINGS if words[: len(o)] == o), words)
    if rest[:3] != ["average", "number", "of"] or len(rest) < 6:
        return None
    child_words, _, parent_words = _split(rest[3:])
    parent_words, only_some = _without_any(parent_words)
    vocabulary = Vocabulary.of(catalog)
    child = vocabulary.table_named(" ".join(child_words)) if child_words else None
    parent = vocabulary.table_named(" ".join(parent_words)) if parent_words else None
    if parent is None and not only_some:
        return _per_value(child_words, parent_words, catalog)
    if child is None or parent is None or child == parent:
        return None
    own = documented_count(parent, child, catalog)  # the parent's own count of them
    if own is not None and not only_some:
        return QueryPlan(kind="avg", table=parent, measure=own)
    sql = _child_count(child, parent, catalog) or linked_count(parent, child, catalog)
    if sql is None:
        return None
    sql = f"NULLIF({sql}, 0)" if only_some else sql  # AVG leaves the NULLs out
    measure = Measure(name=f"{child}_per_{parent}", table=parent, sql=sql,
                      words=("number", *child_words))  # fmt: skip
    return QueryPlan(kind="avg", table=parent, measure=measure)


def _per_value(
    child_words: list[str], value_words: list[str], catalog: SqlCatalog
) -> QueryPlan | None:
    """ "The average number of (Acme) films per genre": the films counted for each value of
    the one text column of theirs the words after "per" name (a value before the rows is
    a condition on them, read by the planner's conditions)."""
    vocabulary = Vocabulary.of(catalog)
    rows = [w for w in child_words if w != "_"]
    table = vocabulary.table_named(" ".join(rows)) if rows and value_words else None
    if table is None:
        return None
    named = [c for c in vocabulary.columns_named(" ".join(value_words)) if c.table == table]
    if len(named) != 1 or not named[0].text or named[0].prose or named[0].key:
        return None
    return QueryPlan(kind="avg", table=table, column=named[0])


def _without_any(words: list[str]) -> tuple[list[str], bool]:
    """The parent's words without "that has any" / "with any" after them, and whether
    they were there (the parents without rows left out of the average)."""
    for tail in _ANY:
        if len(words) > len(tail) and words[-len(tail) :] == tail:
            return words[: -len(tail)], True
    return words, False


def _child_count(child: str, parent: str, catalog: SqlCatalog) -> str | None:
    """The number of ``child`` rows referring to a ``parent`` row by its one key to it."""
    keys = catalog.keys_to(child, parent)
    if len(keys) != 1 or not keys[0].ref_columns:
        return None
    pairs = zip(keys[0].columns, keys[0].ref_columns, strict=True)
    match = " AND ".join(
        f"{quote(child)}.{quote(a)} = {quote(parent)}.{quote(b)}" for a, b in pairs
    )
    return f"(SELECT COUNT(*) FROM {quote(child)} WHERE {match})"


def _split(words: list[str]) -> tuple[list[str], str, list[str]]:
    """The words before "per" / "each", that word, and the words after it."""
    for index, word in enumerate(words):
        if word in ("per", "each", "every"):
            return words[:index], word, words[index + 1 :]
    return words, "", []
