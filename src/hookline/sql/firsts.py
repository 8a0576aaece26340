"""first_row_plan: "Which was the first Zeta launch?", "Which Acme launch was
launched most recently?" — the row of a table that comes first (or last) by one of its
dates, named by the question's verb ("launched" -> ``launch``), else by the rows' noun
("the first Zeta launch" -> ``launch``), else the table's only date.

Only a whole question of one of these shapes is read, about a table's rows and nothing
else (no value, no condition); a table of several dates none of the words names is two
readings, and the question is left to the rest of the planner (which declines it).

Example::

    plan = first_row_plan("Which was the first Zeta launch?", catalog)
    compile_plan(plan, catalog)
    # SELECT zeta.name ..., zeta.launch ... ORDER BY "launch" ASC LIMIT 1
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import QueryPlan
from hookline.sql.row_nouns import row_noun_of
from hookline.sql.verb_forms import verb_bases
from hookline.sql.words import question_words, singular

__all__ = ["first_row_plan"]

_FIRST = ("first", "earliest", "oldest")
_LAST = ("last", "latest", "newest", "most recent", "most recently")
_ORDER = "|".join(_FIRST + _LAST)
_THING = r"(?P<thing>[a-z0-9 ]+?)"
_SHAPES = (
    re.compile(rf"^ (?:which|what) (?:was|is) the (?P<order>{_ORDER}) {_THING} $"),
    re.compile(rf"^ which {_THING} (?:was|were) (?P<verb>[a-z]+) (?P<order>{_ORDER}) $"),
    re.compile(rf"^ which {_THING} (?:was|were) (?P<order>{_ORDER}) (?P<verb>[a-z]+) $"),
)


def first_row_plan(question: str, catalog: SqlCatalog) -> QueryPlan | None:
    """The plan listing the first (last) row of the table the question names, by the one
    date the question names (see the module doc); None for any other question."""
    text = " " + " ".join(question_words(question)) + " "
    for shape in _SHAPES:
        found = shape.match(text)
        if found is not None:
            return _plan(found, catalog)
    return None


def _plan(found: re.Match[str], catalog: SqlCatalog) -> QueryPlan | None:
    """The plan of a matched shape: its table, its date, the order its word says."""
    named = _rows(found.group("thing").split(), catalog)
    if named is None:
        return None
    table, noun = named
    verb = found.groupdict().get("verb") or ""
    column = _date(table, verb, noun, catalog)
    if column is None:
        return None
    measure = Measure(name=column.name, table=table, sql=column.ref, words=tuple(column.words))
    ascending = found.group("order") in _FIRST
    return QueryPlan(kind="list", table=table, measure=measure, ascending=ascending, limit=1)


def _rows(words: list[str], catalog: SqlCatalog) -> tuple[str, str] | None:
    """(the table, the noun said after its name or "") of words naming a table's rows:
    its name alone, or its name and the noun its documentation calls its rows."""
    vocabulary = Vocabulary.of(catalog)
    table = vocabulary.table_named(" ".join(words[:-1])) if len(words) > 1 else None
    if table is not None and row_noun_of(table, catalog) == singular(words[-1]):
        return table, singular(words[-1])  # "Acme launch": also its documented name, whole
    table = vocabulary.table_named(" ".join(words))
    return (table, "") if table is not None else None


def _date(table: str, verb: str, noun: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one date column of ``table`` named after the verb, else after the rows' noun,
    else the table's only one; None when none or several fit, or when its text does not
    sort as time (written day first: "01.05.2024")."""
    dates = [c for c in catalog.table_columns(table) if c.date]
    if verb:
        dates = [c for c in dates if set(verb_bases(verb)) & set(c.words)]
    elif noun and any(c.words == [noun] for c in dates):
        dates = [c for c in dates if c.words == [noun]]
    return dates[0] if len(dates) == 1 and dates[0].date_form == "year_first" else None
