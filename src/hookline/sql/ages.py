"""Ages read from a birth date: "Who is the oldest player?" lists the player born first,
"the youngest" the one born last.

Only rows with one birth date have an age: a date column of their table whose name or
documentation says a birth (``born_on``, ``dob``, "the date of birth"), its text sorting
as time.  A table of none (a release, a building: its oldest may be its earliest date of
another kind) or of two has no age the words tell, and "oldest" stays unread there; so
does an age a plan answers other than by listing the rows by that date (a count, a
total, a group's), which ``superlatives.unread_ages`` doubts.  "older than 30" is no
date: unread.

Example::

    age_measure(["who", "is", "the", "oldest", "player"], "player", catalog)
    # Measure(name="born_on", table="player", ...)
    age_order(["who", "is", "the", "oldest", "player"], measure, False, catalog)  # True
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.words import fold, singular

__all__ = ["AGE_WORDS", "age_measure", "age_order", "age_word", "born_measure"]

AGE_WORDS = {"oldest": True, "youngest": False}
"""Superlatives of an age, by whether they list the earliest birth date first."""
_BIRTH_WORDS = frozenset(("birth", "born", "dob", "birthdate", "birthday"))
_BIRTH_SAID = re.compile(r"\b(?:birth|born|birthdate|birthday)\b")


def birth_column(table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one date column of ``table`` its name or its documentation says is a birth,
    written year first; None when there is none, or two."""
    found = [c for c in catalog.table_columns(table) if _birth(c, catalog)]
    return found[0] if len(found) == 1 else None


def _birth(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    if not column.date or column.date_form != "year_first" or column.key:
        return False
    if {singular(w) for w in column.words} & _BIRTH_WORDS:
        return True
    said = catalog.docs.described(column.table, column.name) if catalog.docs else ""
    return bool(_BIRTH_SAID.search(fold(said.lower())))


def age_word(word: str, catalog: SqlCatalog) -> bool:
    """Whether ``word`` is a superlative of an age and a table of the database has one
    birth date to read it by."""
    return word in AGE_WORDS and catalog.cached("aged tables", _aged_tables) != ()


def _aged_tables(catalog: SqlCatalog) -> tuple[str, ...]:
    return tuple(t.name for t in catalog.schema.tables if birth_column(t.name, catalog))


def age_measure(words: list[str], table: str | None, catalog: SqlCatalog) -> Measure | None:
    """The birth date of ``table`` when ``words`` say one superlative of an age ("the
    oldest"), as the measure its rows are listed by; else None."""
    said = {w for w in words if w in AGE_WORDS}
    column = birth_column(table, catalog) if table is not None and len(said) == 1 else None
    if column is None:
        return None
    return Measure(name=column.name, table=column.table, sql=column.ref, words=tuple(column.words))


def age_order(
    words: list[str], measure: Measure | None, ascending: bool, catalog: SqlCatalog
) -> bool:
    """The order rows are listed in by ``measure``: the earliest birth date first for
    "the oldest", the latest for "the youngest" (``age_measure``); else ``ascending``."""
    said = {AGE_WORDS[w] for w in words if w in AGE_WORDS}
    return said.pop() if len(said) == 1 and born_measure(measure, catalog) else ascending


def born_measure(measure: Measure | None, catalog: SqlCatalog) -> bool:
    """Whether ``measure`` is the birth date of its table."""
    column = birth_column(measure.table, catalog) if measure is not None else None
    return column is not None and measure is not None and column.ref == measure.sql
