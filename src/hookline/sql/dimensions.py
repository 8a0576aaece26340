"""Everyday adjectives and units that name a dimension: "the longest film" ranks by the
one column of a film's length, "airports above 5,000 feet" compares the one column of
an airport's height.

An adjective ("long", "highest", "heaviest", "paid") or a unit ("feet", "kg", "minutes")
names a dimension; a dimension is read as a column of the table asked about whose name
words say it (length, duration, runtime; height, altitude, elevation; weight, mass;
salary, pay, wage).  Exactly one numeric column must fit: none, or two (a height and
an altitude), and the words do not say which, so the caller declines.  "The oldest", "the
youngest" name an age: the one birth date of the rows (``ages``), never another date.

Example::

    dimension_measure(["what", "is", "the", "longest", "film"], "film", catalog)
    # Measure(name="runtime", table="film", ...)
"""

from __future__ import annotations

import re

from hookline.sql.ages import AGE_WORDS, age_measure
from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.mentions import VERBS, Vocabulary
from hookline.sql.number_values import numbered
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.units import question_units
from hookline.sql.words import DIMENSION_ADJECTIVES, DIMENSIONS, singular, word_set

__all__ = [
    "COMPARATIVES",
    "dimension_compared",
    "dimension_measure",
    "measured",
    "pay_masked",
    "row_noun",
    "single_masked",
    "thing_adjective",
    "thing_superlatives",
]

_LENGTH, _HEIGHT, _WEIGHT = (DIMENSIONS[d] for d in ("length", "height", "weight"))
_PAY = DIMENSIONS["pay"]
_AGE = frozenset(("birth",))
"""The dimension of "the oldest", "the youngest": an age, read from a birth date (``ages``)."""
_ADJECTIVES = DIMENSION_ADJECTIVES
_SUPERLATIVES = ("longest", "shortest", "tallest", "heaviest", "lightest", "oldest", "youngest")
COMPARATIVES = {
    **dict.fromkeys(("longer", "taller", "higher", "heavier"), ">"),
    **dict.fromkeys(("shorter", "lower", "lighter"), "<"),
}
"""Comparatives of a dimension ("longer than 90 minutes"), by the comparison they make."""
_DISTANCE = _HEIGHT | word_set("length distance depth")
_UNITS = {
    **dict.fromkeys(word_set("feet foot ft meters metres meter metre"), _DISTANCE),
    **dict.fromkeys(word_set("kg kilograms kilogram kilos lbs"), _WEIGHT),
    **dict.fromkeys(word_set("minutes minute mins hours hour"), _LENGTH),
}
"""Units of a number ("5,000 feet") by the column words of what they measure."""

_RANKS = "highest|lowest|best|worst|most|least|higher|lower|better|worse"
_PAID = re.compile(rf" (?:{_RANKS}) paid | paid (?:the )?(?:{_RANKS}) ")


def dimension_measure(words: list[str], table: str | None, catalog: SqlCatalog) -> Measure | None:
    """The one measure of ``table`` an adjective of ``words`` names ("the highest
    airport" -> its altitude); None when no adjective names a dimension, when it describes
    something else than the rows ("the longest title", "the highest number of ..."), or
    when none or several columns fit."""
    text = " " + " ".join(words) + " "
    paid = _PAID.search(text)
    if paid is not None:  # "the highest paid": how much, not how high
        named, after = [_PAY], text[paid.end() :].split()
    else:
        found = [i for i, w in enumerate(words) if w in _ADJECTIVES or w in AGE_WORDS]
        named = [_ADJECTIVES.get(words[i], _AGE) for i in found]
        after = words[found[-1] + 1 :] if found else []
    if table is None or len({*named}) != 1:
        return None
    if named[0] is _AGE:  # "the oldest player": the player's birth date
        measure = age_measure(words, table, catalog)
    else:
        measure = _one_fitting(named[0], table, catalog)
    return measure if measure and _describes_rows(after, table, measure, catalog) else None


def _describes_rows(after: list[str], table: str, measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether the words after an adjective say it describes the rows of ``table``: its
    name ("the longest film"), nothing more ("which film is the longest"), an infinitive
    of a verb that names no column ("the most expensive to build") or the unit of the
    ``measure`` ("the most expensive per kilogram": its price per kilogram)."""
    rest = [w for w in after if w not in ("the", "one", "ones")]
    if len(rest) == 2 and rest[0] == "to" and rest[1] in VERBS:
        return True
    if rest[:1] in (["per"], ["in"]) and set(rest) <= {*measure.words, "per", "in"}:
        return True
    return not rest or Vocabulary.of(catalog).table_named(rest[0]) == table


def dimension_compared(
    after: str, word: str | None, table: str | None, catalog: SqlCatalog
) -> Measure | None:
    """The one measure of ``table`` the unit ``after`` a number names ("above 5,000 feet"
    -> an altitude column), else the comparative ``word`` ("longer than" -> a runtime),
    else an adjective said after the number's unit ("at least 175 cm tall" -> a height);
    None when none names a dimension, or when none or several columns fit."""
    unit, *rest = after.split() or [""]
    dimension = _UNITS.get(unit) or _ADJECTIVES.get(word or "")
    if dimension is None and question_units(f" {unit} ") and rest[:1]:
        dimension = _ADJECTIVES.get(rest[0])  # "175 cm tall": the unit checked elsewhere
    if table is None or dimension is None:
        return None
    return _one_fitting(dimension, table, catalog)


def measured(text: str, plan: QueryPlan, catalog: SqlCatalog) -> tuple[str, list[Filter]]:
    """The conditions a dimension or a column's number states, with ``text`` masked where
    read: "the highest paid" is the plan's pay, no "paid" yes/no column (``pay_masked``);
    "introduced in generation 2" is the one number column of the plan's table the word
    names, equal to the number (``number_values.numbered``)."""
    return numbered(pay_masked(text, plan.measure), plan, catalog)


def _one_fitting(dimension: frozenset[str], table: str, catalog: SqlCatalog) -> Measure | None:
    """The one column measure of ``table`` one of whose name words is in ``dimension``."""
    found = [
        m
        for m in catalog.measures
        if m.table == table
        and any(singular(w) in dimension or w in dimension for w in m.words)
        and _one_column(m, catalog)
    ]
    return found[0] if len(found) == 1 else None


def _one_column(measure: Measure, catalog: SqlCatalog) -> bool:
    """Whether ``measure`` is a numeric column of its table itself (not an expression)."""
    return any(c.ref == measure.sql and c.numeric and not c.key for c in catalog.columns)


def pay_masked(text: str, measure: Measure | None) -> str:
    """``text`` with "paid" of "the highest paid" masked when ``measure`` is the pay it
    ranks by: the adjective is read, it is no yes/no "paid" column of another table."""
    if measure is None or not any(singular(w) in _PAY for w in measure.words):
        return text
    return _PAID.sub(lambda m: m.group(0).replace(" paid ", " _ "), text)


_SINGLE = re.compile(r" single ([a-z]+) ")


def single_masked(text: str, plan: QueryPlan, catalog: SqlCatalog) -> str:
    """``text`` with the noun of "in a single season" masked when ``plan`` ranks by the
    largest (or smallest) row of its measure and the noun names a column of that row:
    the row is one season's, read, so no other column is meant."""
    measure = plan.measure
    if measure is None or plan.agg not in ("MAX", "MIN"):
        return text
    for match in list(_SINGLE.finditer(text)):
        named = Vocabulary.of(catalog).columns_named(match.group(1))
        if any(c.table == measure.table for c in named):
            text = text.replace(match.group(0), " single _ ", 1)
    return text


def row_noun(words: list[str], measure: Measure, catalog: SqlCatalog) -> bool:
    """ "the longest flight": the word after a superlative of a dimension (long, tall,
    old) names the rows, so a column of the same name (a flight number) is not what is
    measured; "the highest salary" still measures the salary."""
    after = [words[i + 1 : i + 3] for i, w in enumerate(words[:-1]) if w in _SUPERLATIVES]
    return any(
        Vocabulary.of(catalog).table_named(pair[0])
        and measure.words == (singular(pair[0]),)
        and pair[1:] not in (["number"], ["id"], ["code"])  # "the highest flight number"
        for pair in after
    )


_THINGS = word_set(
    """long longer longest short shorter shortest tall taller tallest heavy heavier heaviest
    light lighter lightest fast faster fastest slow slower slowest old older oldest young
    younger youngest powerful northernmost southernmost easternmost westernmost"""
)


def thing_adjective(words: list[str]) -> bool:
    """Whether ``words`` hold an adjective only a thing has ("the fastest", "the
    heaviest"): a group of things (a type, a city) is not fast, so an answer ranking
    groups would read another question."""
    return any(w in _THINGS for w in words)


def thing_superlatives(words: list[str]) -> list[str]:
    """The superlatives of ``words`` only a thing has ("the tallest", "the oldest"):
    never said of a number of rows."""
    return [w for w in words if w in _THINGS and w.endswith("est")]
