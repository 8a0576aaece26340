"""Groups read from the counted table itself: "accounts of each type" (its own
``account_type``), "each month", "which day had the most orders" (the one date column of
the counted rows, cut to that unit).

A group is read only when one column fits: two columns ending in "type", or two dates
(a posting and an entry date) and no verb of the question naming one, are two readings,
and the caller declines.

Example::

    own_group(["type", "are", "there"], "accounts", catalog)   # accounts.account_type
    period_group(["month"], "orders", " how many orders ... ", catalog)  # (ordered_at, 7)
"""

from __future__ import annotations

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.words import identifier_words, singular

__all__ = ["PERIODS", "own_group", "period_group", "table_column"]

PERIODS = {"year": 4, "month": 7, "day": 10}
"""A unit of time and the characters of an ISO date that name it (``2024-03-17``)."""


def own_group(words: list[str], table: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The column of ``table`` the words after "each" name by its last word ("type" ->
    ``account_type`` of the accounts; "airport type" -> ``Type`` of the airports): the
    one column of a short list of values whose other words, if any, are the table's own
    name; None when none or several fit."""
    own = {singular(w) for w in identifier_words(table)}
    rest = words[1:] if words and singular(words[0]) in own else words
    if not rest:
        return None
    fits = [
        c
        for c in catalog.table_columns(table)
        if c.values and not c.key and not c.date and not c.flag
        and c.words[-1:] == [rest[0]] and set(c.words[:-1]) <= own
    ]  # fmt: skip
    return fits[0] if len(fits) == 1 else None


def period_group(
    words: list[str], table: str, text: str, catalog: SqlCatalog
) -> tuple[CatalogColumn, int] | None:
    """The date column of ``table`` and the characters of its unit when ``words`` start
    with a unit of time ("month"): the table's only date column, or the only one a verb
    of ``text`` names ("posted" -> ``post_date``); None otherwise."""
    if not words or words[0] not in PERIODS:
        return None
    dates = [c for c in catalog.table_columns(table) if c.date]
    named = {id(c) for w in text.split() for c in Vocabulary.of(catalog).columns_named(w)}
    said = [c for c in dates if id(c) in named]
    chosen = said if len(dates) > 1 else dates
    return (chosen[0], PERIODS[words[0]]) if len(chosen) == 1 else None


def table_column(pair: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """ "trip destination": the one column of a short list of values that the second word
    names in the table the first word names (never a key: "product category" through
    the categories table is the caller's)."""
    words = pair.split()
    vocabulary = Vocabulary.of(catalog)
    table = vocabulary.table_named(words[0]) if len(words) == 2 else None
    if table is None:
        return None
    named = [c for c in vocabulary.columns_named(words[1]) if c.table == table]
    fits = [c for c in named if c.values and not c.key and not c.date and not c.flag]
    fits = fits if named else [c for c in [own_group(words[1:], table, catalog)] if c]
    return fits[0] if len(fits) == 1 else None
