"""Which table's measure a question means when several tables have a column its measure
word names and it names no table ("What is the average price?" over books and lamps).

The question's own words choose: the measure's other words ("unit price", not the list
price), the column's description in the documentation, or another column it names that
only one of those tables has ("Which colour has the highest price?": the table with the
colours).  When nothing does, a sum is still one answer if every table adds the measure
up to the same total (the same amounts recorded per row and per group of rows); an
average, an extreme or a sum of tables that disagree is not, and the question is
declined with the tables it could mean.

Example::

    told_apart(candidates, " what is the average price ", catalog)   # None: books or lamps
    measure_doubt(candidates, text)   # "I could not answer that: 'price' is in books and lamps ..."
"""

from __future__ import annotations

from itertools import pairwise

from hookline.sql.catalog import Measure, SqlCatalog, total_key
from hookline.sql.mentions import Vocabulary
from hookline.sql.words import FUNCTION_WORDS, MEASURE_WORDS, question_words

__all__ = ["measure_doubt", "told_apart"]

_AGREEMENT = 0.001
"""How far apart (a share of the larger) two tables' totals may be and still agree."""
_NOT_SUMS = frozenset(("average", "mean", "median", "single", "per", "typical"))
_EXTREMES = frozenset(("most", "highest", "largest", "biggest", "greatest", "maximum", "top",
                       "least", "lowest", "smallest", "fewest", "minimum"))  # fmt: skip
_GROUPED = frozenset(("which", "who", "each", "by"))


def told_apart(candidates: list[Measure], text: str, catalog: SqlCatalog) -> Measure | None:
    """The candidate ``text`` means when it names none of their tables (module doc); None
    when the tables are told apart by nothing and could give different answers."""
    tables = {m.table for m in candidates}
    if len(tables) == 1:
        return candidates[0]
    chosen = _described(candidates, text, catalog) or _by_other_columns(candidates, text, catalog)
    if len({m.table for m in chosen}) == 1:
        return chosen[0]
    agreeing = chosen or candidates
    if _adds_up(text) and _agree(agreeing, catalog):
        return agreeing[0]  # the same sum from each
    return None


def measure_doubt(candidates: list[Measure], text: str) -> str:
    """Why ``text``, whose measure is a column of several tables, is declined: the word
    they share ("'price' is in books and lamps"), else the columns it could mean."""
    tables = list(dict.fromkeys(m.table for m in candidates))
    names = list(dict.fromkeys(" ".join(m.words) or m.name for m in candidates))
    heads = MEASURE_WORDS.get(candidates[0].head, ())
    said = next((w for w in text.split() if w in heads), "") if len(names) > 1 else names[0]
    listed = ", ".join(tables[:-1]) + " and " + tables[-1]
    if not said or not all(said in m.words or len(names) == 1 for m in candidates):
        columns = ", ".join(dict.fromkeys(f"{m.table}.{m.name}" for m in candidates))
        return (
            f"I could not answer that: the measure the question means could be a column of "
            f"{listed} ({columns}), and I cannot tell which. Please name the column or table."
        )
    return (
        f"I could not answer that: '{said}' is in {listed} — which one? Please name the "
        f"table, e.g. 'the {said} of the {tables[-1]}'."
    )


def _described(candidates: list[Measure], text: str, catalog: SqlCatalog) -> list[Measure]:
    """The candidates whose column the documentation describes in words of ``text``."""
    docs = catalog.docs
    if docs is None:
        return []
    said = [m for m in candidates if (d := docs.described(m.table, m.name)) and _says(text, d)]
    return said if len(said) < len(candidates) else []


def _says(text: str, description: str) -> bool:
    words = question_words(description)
    return bool(words) and f" {' '.join(words)} " in text


def _by_other_columns(candidates: list[Measure], text: str, catalog: SqlCatalog) -> list[Measure]:
    """The candidates of the one table that has a column ``text`` names (not a measure of
    theirs) which no other candidate's table has."""
    vocabulary = Vocabulary.of(catalog)
    tables = {m.table for m in candidates}
    measured = {(m.table, m.name) for m in candidates}
    words = [w for w in text.split() if w not in FUNCTION_WORDS]
    phrases = words + [" ".join(pair) for pair in pairwise(words)]
    chosen: set[str] = set()
    for phrase in phrases:
        named = {c.table for c in vocabulary.columns_named(phrase) if (c.table, c.name)
                 not in measured and not c.key}  # fmt: skip
        if len(named & tables) == 1:
            chosen |= named & tables
    return [m for m in candidates if m.table in chosen] if len(chosen) == 1 else []


def _adds_up(text: str) -> bool:
    """Whether ``text`` asks for a sum (of all rows or per group), not an average or one
    row's amount: only then is a total the same from every table that agrees."""
    words = set(text.split())
    if words & _NOT_SUMS:
        return False
    return not words & _EXTREMES or bool(words & _GROUPED)


def _agree(candidates: list[Measure], catalog: SqlCatalog) -> bool:
    """Whether every candidate's table adds it up to the same total (``_AGREEMENT``)."""
    totals = [catalog.totals.get(total_key(m)) for m in candidates]
    known = [t for t in totals if t is not None]
    if len(known) < len(totals) or not known:
        return False
    largest = max(abs(t) for t in known)
    return largest > 0 and max(known) - min(known) <= _AGREEMENT * largest
