"""time_conditions: the years, months and decades a question names ("in 1995", "in May
2013", "the 1990s", "the 1800s"), as filters on the date or year column it means: one the
question names ("born" -> a birth year), else the counted rows' own, else the nearest
along foreign keys, never one of two.

Example::

    date_filters(" how many orders were placed in march 2020 ", plan, catalog)
    # [Filter(column=orders.order_date, value="2020-03", prefix=True)]
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.mentions import VERBS, table_mentioned
from hookline.sql.plan import Filter, QueryPlan, join_path, reachable, through_children
from hookline.sql.words import MONTHS, identifier_words, singular

__all__ = ["ALIASES", "DATE_WORDS", "date_filters", "year_column", "year_filter"]

ALIASES = {"born": "birth", "died": "death"}
"""Verbs that stand for a column's word ("born" -> a birth date)."""
DATE_WORDS = ("date", "time", "timestamp", "on", "at")
"""The words of a date column's name that say only that it is a date."""


def date_filters(text: str, plan: QueryPlan, catalog: SqlCatalog) -> list[Filter] | None:
    """A year (and month) the question names, on the date or year column it means."""
    decade = _DECADE.search(text)
    if decade is not None:
        return _decade_filters(decade.group(1), text, plan, catalog)
    year = re.search(r" (1[89]\d\d|20\d\d) ", text)
    month = next((i for i, m in enumerate(MONTHS, 1) if _names_month(text, m)), None)
    if year is None and month is None:
        return []
    if year is None:
        column = _month_column(plan, catalog)
        if column is None:
            return None
        return [Filter(column=column, value=str(month), number=True)]
    column = year_column(text, plan, catalog)
    if column is None:
        return None
    value = year.group(1)
    if column.date and column.date_form != "year_first":
        return None if month is not None else _listed([year_filter(column, value, "=")])
    if column.date:
        value += f"-{month:02d}" if month is not None else ""
        return [Filter(column=column, value=value, prefix=True)]
    found = _listed([year_filter(column, value, "=")])
    if month is not None and found is not None:
        month_column = _month_column(plan, catalog)
        if month_column is None:
            return None
        found.append(Filter(column=month_column, value=str(month), number=True))
    return found


_DECADE = re.compile(r" (1[89]\d0|20\d0)s ")
"""A decade ("the 1990s": 1990 to 1999), or a century when it ends in 00 ("the 1800s")."""


def _decade_filters(
    start: str, text: str, plan: QueryPlan, catalog: SqlCatalog
) -> list[Filter] | None:
    """The years of "the 1990s" (or a century, "the 1800s") on the column the question
    means; None when two years or a month are named too."""
    if re.search(r" (1[89]\d\d|20\d\d) ", text) or any(_names_month(text, m) for m in MONTHS):
        return None
    column = year_column(text, plan, catalog)
    if column is None:
        return None
    prefix = start[:2] if start.endswith("00") else start[:3]
    if column.date and column.date_form != "year_first":
        return None  # "01.05.1994": no prefix of it is a decade
    if column.date:
        return [Filter(column=column, value=prefix, prefix=True)]
    last = prefix + "9" * (4 - len(prefix))
    return _listed([year_filter(column, start, ">="), year_filter(column, last, "<=")])


def _listed(found: list[Filter | None]) -> list[Filter] | None:
    """``found``'s filters, or None when one of them cannot be written."""
    return None if None in found else [f for f in found if f is not None]


def _names_month(text: str, month: str) -> bool:
    if month == "may":
        return bool(re.search(r" (in|of|during) may | may (1[89]|20)\d\d ", text))
    return f" {month} " in text


def year_filter(column: CatalogColumn, year: str, op: str) -> Filter | None:
    """``column`` in, before or after ``year``; of a date written year last ("01.05.1994"),
    only in it (the text holds the year as its one run of four digits); None otherwise."""
    if column.date and column.date_form != "year_first":
        if column.date_form == "other" or op != "=":
            return None
        return Filter(raw=f"CAST({column.ref} AS TEXT) LIKE '%{year}%'", table=column.table)
    if column.date:
        if op == "=":
            return Filter(column=column, value=year, prefix=True)
        return Filter(raw=f"SUBSTR(CAST({column.ref} AS TEXT), 1, 4) {op} '{year}'",
                      table=column.table)  # fmt: skip
    return Filter(column=column, value=year, op=op, number=True)


def year_column(text: str, plan: QueryPlan, catalog: SqlCatalog) -> CatalogColumn | None:
    """The date or year column the question means: one it names ("signed up" ->
    signup_date, "born" -> BirthYear), else the plan table's own (an integer year column
    first), else the nearest along foreign keys; when none can be told, "came out" is
    read as "released" (a release date, beside the dates of other events)."""
    found = _year_column(text, plan, catalog)
    said = _RELEASED.sub(" released ", text)
    return found if found is not None or said == text else _year_column(said, plan, catalog)


_RELEASED = re.compile(r" (?:came|come|comes|coming) out ")
"""An everyday phrase of a release ("films that came out in 1999")."""


def _year_column(text: str, plan: QueryPlan, catalog: SqlCatalog) -> CatalogColumn | None:
    candidates = [c for c in catalog.columns if c.date or (c.numeric and "year" in c.words)]
    squeezed = text.replace(" ", "")
    for word, alias in ALIASES.items():
        squeezed = squeezed.replace(word, alias)
    generic = ("date", "year", "id", "time", "value")
    named = [c for c in candidates
             if [w for w in c.words if w not in generic]
             and all(w in squeezed for w in c.words if w not in generic)]  # fmt: skip
    reachable = [c for c in named if _reachable(plan.table, c.table, catalog)]
    if reachable:
        return reachable[0]
    derived = _verb_named(text, candidates, generic)  # "invented" -> invention_year
    derived = [c for c in derived if c.table == plan.table] or [
        c for c in derived if _reachable(plan.table, c.table, catalog)
    ]
    if not named and len(derived) == 1:
        return derived[0]
    own = [c for c in candidates if c.table == plan.table and not named]
    plain = [c for c in own if c.numeric and set(c.words) <= {"year", "id"}]
    unqualified = [c for c in own if _unqualified(c, generic)]  # not a birth year
    if plain or len(unqualified) == 1:
        return (plain or unqualified)[0]
    if own:
        return None
    others = [c for c in candidates if _reachable(plan.table, c.table, catalog)
              and _unqualified(c, generic) and _one_way(plan.table, c.table, catalog)]  # fmt: skip
    if not others:
        return None
    nearest = min(
        others,
        key=lambda c: (
            len(join_path(plan.table, c.table, catalog)),
            not c.numeric,
            "id" in c.words,
        ),
    )  # a year first
    return nearest if _dated_rows_named(text, plan.table, nearest, catalog) else None


def _verb_named(
    text: str, candidates: list[CatalogColumn], generic: tuple[str, ...]
) -> list[CatalogColumn]:
    """The date columns whose own words are nouns of the question's past participles
    ("invented" -> invention_year, "created" -> creation_date)."""
    stems = {w[:-2] for w in text.split() if w.endswith("ed") and len(w) > 6}
    return [c for c in candidates
            if (own := [w for w in c.words if w not in generic])
            and all(any(w.startswith(stem) for stem in stems) for w in own)]  # fmt: skip


def _unqualified(column: CatalogColumn, generic: tuple[str, ...]) -> bool:
    """A date of its rows themselves: no word but its table's or a verb's ("order date" of
    orders, "placed on"; not a customer's "birth year", which only a question that says
    "born" means)."""
    own = {singular(w) for w in identifier_words(column.table)} | VERBS | set(DATE_WORDS)
    return {singular(w) for w in column.words if w not in generic} <= own


def _one_way(start: str, target: str, catalog: SqlCatalog) -> bool:
    """Whether no step of the join from ``start`` to ``target`` has two foreign keys to
    choose from (a promotion's start day and end day: which one, cannot be told)."""
    previous = start
    for table, _ in join_path(start, target, catalog) if start != target else []:
        down = sum(fk.ref_table == table for fk in catalog.table(previous).foreign_keys)
        up = sum(fk.ref_table == previous for fk in catalog.table(table).foreign_keys)
        if max(down, up) > 1:
            return False
        previous = table
    return True


def _dated_rows_named(text: str, table: str, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """A year on rows without a date, through other rows' date, only when the question
    names those rows ("customers with orders in 1995"); "customers who signed up in
    1995" is a date the rows do not have, not their orders'."""
    if not through_children(table, column.table, catalog):
        return True
    path = [t for t, _ in join_path(table, column.table, catalog)]
    return any(table_mentioned(t, text, catalog) for t in path)


def _month_column(plan: QueryPlan, catalog: SqlCatalog) -> CatalogColumn | None:
    months = [c for c in catalog.columns if c.numeric and identifier_words(c.name) == ["month"]]
    own = [c for c in months if c.table == plan.table]
    reachable = [c for c in months if _reachable(plan.table, c.table, catalog)]
    found = own or reachable
    return found[0] if found else None


def _reachable(start: str, target: str, catalog: SqlCatalog) -> bool:
    return start == target or reachable(start, target, catalog)
