"""absent_values: "books that have no subtitle", "shops with no manager": the rows whose
column of those words is empty (``IS NULL``; an empty text too); "authors with no books
(at all)": the rows no row of that child table refers to (``NOT EXISTS``).

Only a column of the counted table, or a table referring to it by one foreign key, named
by the words after "no" alone, is read so: a number ("no headcount") may be 0 as well as
unknown, so it stays unread and the planner abstains, and so does a child table that refers
to the rows twice ("airports with no flights": from them, or to them?).

Example::

    absent_values(" how many books have no subtitle ", plan, catalog)
    # (" how many books _ ", [Filter(raw="NULLIF(book.subtitle, '') IS NULL", table="book")])
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog, quote
from hookline.sql.links import link_table
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.words import word_set

__all__ = ["absent_values"]

_NO = re.compile(
    r" (?:(?:have|has|had|with|without) (?:no |any |an? )?(?:recorded |known )?|do(?:es)? no )"
)
"""What says a value or a row is absent: "have no", "without any", "with no known",
"(tags) does no (post) have"."""
_LONGEST = 3
"""The most words after "no" read as a column's name."""
_TAILS = (" at all ", " of its own ", " of their own ")
"""What may follow the absent thing and says no more ("no tomes at all")."""
_QUALIFIERS = word_set("from by of in on at for with without made built sold about")
"""Words after the absent child rows that say which of them ("no books from Acme"): read
outside the ``NOT EXISTS``, they would condition the counted rows instead."""
_NOS = frozenset(("n", "no", "false", "f"))
"""The text values that say "no" of a yes/no column."""
_YES_NO = _NOS | {"y", "yes", "true", "t"}
"""The text values that say "yes" or "no"."""
_HAVE = " have "
"""What follows the rows of "(tags) does no post have"."""


def absent_values(
    text: str, plan: QueryPlan, catalog: SqlCatalog
) -> tuple[str, list[Filter]] | None:
    """``text`` with "have no <column>" read, and the filter it says; the text unchanged
    (and no filter) when it says none, or names no single column of ``plan.table``; None
    when the column's "no" cannot be told (``_absent``)."""
    match = next((m for m in _NO.finditer(text) if _says_none(m.group(0))), None)
    if match is None or plan.table is None:
        return text, []
    after = text[match.end() :].split()[:_LONGEST]
    owned = match.group(0).startswith(" do")  # "does no post have": rows, never a column
    for size in range(len(after), 0, -1):
        phrase = " ".join(after[:size])
        rest = text[match.end() + len(phrase) :]
        if owned and not rest.startswith(_HAVE):
            continue
        column = None if owned else _own_column(phrase, plan.table, catalog)
        condition = _no_children(phrase, plan, catalog) if column is None else None
        if condition is not None and _qualified(rest):
            return text, []  # "no books from Acme": which books, the NOT EXISTS would not say
        if column is not None:
            condition = _absent(column, plan.table)
            if condition is None:
                return None  # "no parking" with 'yes' and empty values: unset, or not 'yes'?
        if condition is not None:
            said = f"{match.group(0)}{phrase} "
            said += next((t[1:] for t in (*_TAILS, _HAVE) if rest.startswith(t)), "")
            return text.replace(said, " _ ", 1), [condition]
    return text, []


def _no_children(phrase: str, plan: QueryPlan, catalog: SqlCatalog) -> Filter | None:
    """ "scripts with no characters": no row of the table ``phrase`` names refers to the
    row, when that table has one foreign key to the plan's table (and the plan counts or
    names its rows); "students with no clubs": no row of the one link table pairing
    them (joined to the clubs) refers to it."""
    named = Vocabulary.of(catalog).table_named(phrase)
    if named is None or named == plan.table or plan.kind not in ("count", "rows"):
        return None
    link = link_table(plan.table, named, catalog)
    child = link or named
    match = _key_match(child, plan.table, catalog)
    joined = _key_match(child, named, catalog) if link else ""
    if match is None or joined is None:
        return None
    rows = f"{quote(child)} JOIN {quote(named)} ON {joined}" if link else quote(child)
    return Filter(raw=f"NOT EXISTS (SELECT 1 FROM {rows} WHERE {match})", table=plan.table)


def _key_match(child: str, parent: str, catalog: SqlCatalog) -> str | None:
    """``child.fk = parent.pk`` of ``child``'s one foreign key to ``parent``, else None."""
    keys = catalog.keys_to(child, parent)
    if len(keys) != 1 or not keys[0].ref_columns:
        return None
    pairs = zip(keys[0].columns, keys[0].ref_columns, strict=True)
    return " AND ".join(f"{quote(child)}.{quote(a)} = {quote(parent)}.{quote(b)}" for a, b in pairs)


def _qualified(rest: str) -> bool:
    """Whether ``rest``, the words after the absent child rows, says which of them."""
    first = rest.split()[:1]
    return bool(first) and first[0] in _QUALIFIERS and not rest.startswith(_TAILS)


def _says_none(lead: str) -> bool:
    """ "have no", "without", "without any": the value is absent ("have any": a yes/no)."""
    words = lead.split()
    return "no" in words or words[0] == "without"


def _own_column(phrase: str, table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one column of ``table`` that ``phrase`` names, if it can be empty rather than 0:
    a text, a date or a key (never a number, nor a phrase that names a table)."""
    vocabulary = Vocabulary.of(catalog)
    if vocabulary.table_named(phrase) is not None:
        return None
    named = [c for c in vocabulary.columns_named(phrase) if c.table == table]
    if len(named) != 1 or named[0].flag:
        return None
    column = named[0]
    return column if column.text or column.date or column.key else None


def _absent(column: CatalogColumn, table: str) -> Filter | None:
    """The rows without ``column``'s thing: its one value meaning "no" when it holds yes/no
    words ("no parking" of 'yes', 'partly', 'no' is 'no', not an unset one), else empty;
    None when it says "yes" but has no one "no" (unset, or anything but "yes"?)."""
    said = {v.lower() for v in column.values} & _YES_NO
    nos = [v for v in column.values if v.lower() in _NOS]
    if not said:
        return Filter(raw=_empty(column), table=table)
    return Filter(column=column, value=nos[0], absent=True) if len(nos) == 1 else None


def _empty(column: CatalogColumn) -> str:
    """The SQL of ``column`` holding nothing (an empty text counts as nothing)."""
    return f"NULLIF({column.ref}, '') IS NULL" if column.text else f"{column.ref} IS NULL"
