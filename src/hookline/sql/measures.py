"""Measures and tables a question names: the measure it adds up, averages or ranks by,
and the tables it mentions, in the order it mentions them.

A measure is named by an English measure word ("price", "revenue", "units"), by a synonym
of the documentation ("sales = Orders.Amt"), or by a numeric column's own words or
description; among equals, the one of the table the question is about (or the nearest to
it along foreign keys).  A synonym of a text column is a thing to group by, never a
measure ("state = Address.State").

Example::

    question_measure(" what is the total revenue ", catalog)   # Measure(name="revenue", ...)
    first_table(" how many orders did acme place ", catalog)   # "orders"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hookline.sql.catalog import CatalogColumn, Measure, SqlCatalog
from hookline.sql.chains import unnamed
from hookline.sql.conditions import find_phrase
from hookline.sql.dimensions import dimension_measure
from hookline.sql.measure_tables import measure_doubt, told_apart
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import join_steps, reachable
from hookline.sql.sales import SALE_VERBS, sold_quantities
from hookline.sql.words import FUNCTION_WORDS, MEASURE_WORDS, identifier_words, singular

__all__ = [
    "counted_rows",
    "documented_column",
    "first_table",
    "named_measures",
    "question_measure",
    "rows_not_units",
    "single_measure",
    "table_mentions",
    "unsure_measure",
    "whole_measure",
]

_EACH_WORD = [["each"], ["every"], ["per"]]


def table_mentions(text: str, catalog: SqlCatalog) -> list[tuple[int, str]]:
    """(position, table) of each table ``text`` names (singular, plural or possessive),
    first mention first."""
    found: dict[str, tuple[int, int]] = {}
    for phrase, table in Vocabulary.of(catalog).tables.items():
        match = re.search(rf" {re.escape(phrase)}(s|es|'s)? ", text)
        if match is None and phrase.endswith("y"):
            match = re.search(rf" {re.escape(phrase[:-1])}ies ", text)
        if match and match.start() < found.get(table, (len(text), 0))[0]:
            found[table] = match.span()
    spans = found.values()  # "race entry forms" of a table so documented: not race_entry
    inside = {t for t, (a, b) in found.items() if any(x <= a and b < y for x, y in spans)}
    return sorted((span[0], table) for table, span in found.items() if table not in inside)


def first_table(text: str, catalog: SqlCatalog) -> str | None:
    """The table ``text`` names first, if any."""
    mentions = table_mentions(text, catalog)
    return mentions[0][1] if mentions else None


def question_measure(
    text: str,
    catalog: SqlCatalog,
    *,
    table: str | None = None,
    only: tuple[str, ...] | None = None,
    named: bool = False,
) -> Measure | None:
    """The measure the question names; among equals, the one of ``table`` (or the first
    table mentioned); with no table to go by, the one its words tell apart
    (``measure_tables``)."""
    found = _candidates(text, catalog, only=only, named=named)
    preferred = table or first_table(text, catalog)
    candidates = found.measures
    if not candidates and only is None:
        candidates = _named_or_dimension(text, preferred, catalog, named=named)
    if found.sold and candidates and all(m.head == "quantity" for m in candidates):
        candidates = sold_quantities(candidates, preferred, found.sold, catalog)  # not the stock
        if len(candidates) > 1:
            return None
    if not candidates:
        return None
    if not found.documented and only is None and all(m.table != preferred for m in candidates):
        dimension = dimension_measure(text.split(), preferred, catalog)
        if dimension is not None:  # "which ship is the most expensive": its own cost
            return dimension
    own = [m for m in named_measures(text, catalog) if m.table == preferred] if found.heads else []
    if own and all(m.table != preferred for m in candidates):
        return own[0]  # "which supply costs the most": its own cost, not a product's price
    if preferred is None or not _near_any(preferred, candidates, catalog):
        return told_apart(_said(candidates, text, catalog), text, catalog)
    return next((m for m in candidates if m.table == preferred), None) or (
        _nearest(candidates, preferred, catalog, tie=found.documented)
    )


def unsure_measure(text: str, catalog: SqlCatalog, table: str | None) -> str | None:
    """Why the question's measure cannot be read: a column of several tables, none of
    which the question names or tells apart (``measure_tables``); else None."""
    preferred = table or first_table(text, catalog)
    candidates = _candidates(text, catalog).measures
    candidates = candidates or _named_or_dimension(text, preferred, catalog, named=False)
    if len({m.table for m in candidates}) < 2 or question_measure(text, catalog, table=table):
        return None
    if any(_near_any(t, candidates, catalog) for t in (table, first_table(text, catalog))):
        return None  # a table the question names: another reading's doubt, not this one
    return measure_doubt(candidates, text)


@dataclass(frozen=True, kw_only=True)
class _Candidates:
    measures: list[Measure]
    """What the question's measure words or the documentation's synonyms name."""
    documented: bool
    """Named by the documentation's one word for columns of several tables."""
    heads: bool
    """Whether the question says an English measure word."""
    sold: set[str]
    """The question's verbs of selling ("units sold": an order line's, not the stock)."""


def _candidates(
    text: str, catalog: SqlCatalog, *, only: tuple[str, ...] | None = None, named: bool = False
) -> _Candidates:
    """The measures the question's English measure words or documented synonyms name."""
    words = set(unnamed(text, catalog).split())  # "line items" names rows, not a quantity
    heads = [h for h, synonyms in MEASURE_WORDS.items() if words & set(synonyms) and not named]
    heads = [h for h in heads if only is None or h in only]
    if "average" in words and "price" in heads:
        heads = ["price"]  # "highest average price": a price, whatever is sold
    measures = [] if only is not None or named else _documented_measures(text, catalog)
    measures = measures or _documented_head(heads, catalog)  # "spent": the docs' revenue
    documented = bool(measures)  # the docs' word for columns of several tables: the nearest
    measures = measures or [m for m in catalog.measures if heads and m.head == heads[0]]
    sold = words & SALE_VERBS
    return _Candidates(measures=measures, documented=documented, heads=bool(heads), sold=sold)


def _near_any(table: str | None, candidates: list[Measure], catalog: SqlCatalog) -> bool:
    """Whether ``table`` is given and reaches one of ``candidates``' tables."""
    return table is not None and any(reachable(table, m.table, catalog) for m in candidates)


def _said(candidates: list[Measure], text: str, catalog: SqlCatalog) -> list[Measure]:
    """Those of ``candidates`` a phrase of ``text`` names by their own words ("unit
    price"), when that leaves some; else all of them."""
    named = [m for m in named_measures(text, catalog) if m in candidates]
    return named or candidates


def named_measures(text: str, catalog: SqlCatalog) -> list[Measure]:
    """Measures a phrase of ``text`` names: a synonym of the docs, or a numeric column's
    words or description (longest phrase first)."""
    words = text.split()
    vocabulary = Vocabulary.of(catalog)
    for size in range(min(4, len(words)), 0, -1):
        for start in reversed(range(len(words) - size + 1)):  # the head noun comes last
            phrase = " ".join(words[start : start + size])
            if vocabulary.table_named(phrase) and singular(phrase) != phrase:
                continue  # "orders" counts rows, it is not an order column
            if vocabulary.table_named(phrase) and words[start - 1 : start] in _EACH_WORD:
                continue  # "fee per basket": the rows averaged over, not a column
            if "".join(words[start + size : start + size + 1]).isdigit():
                continue  # "in generation 2": a condition on the column, not its measure
            if words[max(start - 2, 0) : start] == ["a", "single"]:
                continue  # "in a single season": the row measured, not the measure
            synonym = vocabulary.synonym(phrase)
            if synonym is not None and not synonym.filter:
                return _synonym_measures(synonym, catalog)
            columns = [c for c in vocabulary.columns_named(phrase) if c.numeric and not c.key]
            before = words[start - 1] if start and size == 1 else ""
            columns = [c for c in columns if not _other_kind(before, c, catalog)]
            if columns:  # and the same-named columns of other tables ("goals": G)
                names = {c.name for c in columns}
                named = [m for m in catalog.measures if m.sql in {c.ref for c in columns}]
                return named + [m for m in catalog.measures if m.name in names and m not in named]
    return []


def _other_kind(before: str, column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether the word ``before`` a column's last word says another kind of it than the
    column's own words do ("fail rate" of a ``pass_rate``): a word naming nothing in the
    database, neither a function word nor a number."""
    if not before or before in column.words or len(column.words) < 2 or before.isdigit():
        return False
    vocabulary = Vocabulary.of(catalog)
    named = vocabulary.table_named(before) or vocabulary.columns_named(before)
    return not named and before not in FUNCTION_WORDS and not catalog.index.lookup([before])


def _named_or_dimension(
    text: str, table: str | None, catalog: SqlCatalog, *, named: bool
) -> list[Measure]:
    """The measures ``text`` names of ``table``; else the one its adjective names ("the
    longest film": its runtime); else the ones it names of other tables."""
    found = named_measures(text, catalog)
    if named or any(m.table == table for m in found):
        return found
    dimension = dimension_measure(text.split(), table, catalog)
    return [dimension] if dimension is not None else found


def _documented_measures(text: str, catalog: SqlCatalog) -> list[Measure]:
    """The measures of the documentation's synonyms the question says ("sales =
    Orders.Amt"): what the user wrote wins over the English measure words."""
    for synonym in Vocabulary.of(catalog).synonyms:
        if not synonym.filter and find_phrase(text, synonym.phrase):
            return _synonym_measures(synonym, catalog)
    return []


def whole_measure(measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether every column the measure reads is of an integer type (a count of things:
    goals, units; not an amount of money)."""
    types = [
        info.type.upper()
        for table in catalog.schema.tables
        for info in table.columns
        if re.search(re.escape(catalog.column(table.name, info.name).ref) + r"(?!\w)", measure.sql)
    ]
    return bool(types) and all("INT" in t for t in types)


def counted_rows(noun: str, measure: Measure, catalog: SqlCatalog) -> bool:
    """ "How many sales": the rows of the measure's table when ``noun`` is a word of its
    name and the measure is an amount, not a count ("sales = Sale.Paid" adds up money;
    how many sales is the number of sale rows)."""
    named = {singular(w) for w in identifier_words(measure.table)}
    return singular(noun) in named and not whole_measure(measure, catalog)


def rows_not_units(words: list[str], measure: Measure, counted: str, catalog: SqlCatalog) -> bool:
    """ "Which brand has the most items?": when every quantity word of the question names
    the ``counted`` table ("items" -> an item table) and no verb says sold or ordered, it
    counts that table's rows; a quantity column of another table is not what is meant."""
    units = [w for w in words if w in MEASURE_WORDS["quantity"]]
    if measure.head != "quantity" or not units or set(words) & SALE_VERBS:
        return False
    vocabulary = Vocabulary.of(catalog)
    return all(vocabulary.table_named(w) == counted for w in units)


def documented_column(phrase: str, catalog: SqlCatalog) -> CatalogColumn | None:
    """The text column a synonym of the documentation makes ``phrase`` name ("state =
    Address.State"): a thing to group by, never a measure; None for any other phrase."""
    synonym = Vocabulary.of(catalog).synonym(phrase)
    column = _synonym_column(synonym, catalog) if synonym and not synonym.filter else None
    return column if column is not None and column.text and not column.date else None


def _documented_head(heads: list[str], catalog: SqlCatalog) -> list[Measure]:
    """The measures of the documentation's synonym for the question's measure word's head
    ("spent the most money" -> "revenue = ..."), before a derived one of the same head."""
    if not heads or heads[0] != "revenue":
        return []
    vocabulary = Vocabulary.of(catalog)
    synonyms = [vocabulary.synonym(w) for w in MEASURE_WORDS[heads[0]]]
    found = next((s for s in synonyms if s is not None and not s.filter), None)
    return _synonym_measures(found, catalog) if found is not None else []


def _synonym_column(synonym: object, catalog: SqlCatalog) -> CatalogColumn | None:
    """The one column a synonym's expression is (``Address.State``), if it is one."""
    sql = getattr(synonym, "sql", "").replace('"', "").strip()
    return next((c for c in catalog.columns if c.ref.replace('"', "") == sql), None)


def _synonym_measures(synonym: object, catalog: SqlCatalog) -> list[Measure]:
    sql = getattr(synonym, "sql", "")
    column = _synonym_column(synonym, catalog)
    if column is not None and not column.numeric:
        return []  # "state = Address.State": no amount to add up
    bare = re.fullmatch(r'"?([A-Za-z_][\w]*)"?', sql.strip())
    if bare:  # "goals = G": every table's G column
        return [m for m in catalog.measures if m.name == bare.group(1)]
    table = getattr(synonym, "table", None)
    if table is None:
        return []
    name = getattr(synonym, "phrase", "measure")
    return [Measure(name=name.replace(" ", "_"), table=table, sql=sql, words=tuple(name.split()))]


def _nearest(
    candidates: list[Measure], table: str, catalog: SqlCatalog, *, tie: bool = False
) -> Measure | None:
    """The candidate fewest joins from ``table`` (which reaches one); None when two
    tables' measures are as near (the fares of the tickets and of the refunds of a rider:
    which?) unless ``tie`` (the documentation's one word for them: its first)."""
    steps = {m.table: join_steps(table, m.table, catalog) for m in candidates}
    distance = {t: n for t, n in steps.items() if n is not None}
    nearest = min(distance.values())
    if not tie and sum(1 for d in distance.values() if d == nearest) > 1:
        return None
    return min((m for m in candidates if m.table in distance), key=lambda m: distance[m.table])


def single_measure(table: str, catalog: SqlCatalog) -> Measure | None:
    """The one measure of ``table``, whose extreme "the largest single X" asks for (None
    when it has none, or several: which one, the words do not say)."""
    found = [m for m in catalog.measures if m.table == table]
    return found[0] if len(found) == 1 else None
