"""Units said after a number: "crates with a fee over 100 kg", "crates with a fee above
10%", "a depth over 5 minutes".  The number is a quantity in that unit; a plan comparing
it to a column of another quantity (a fee in dollars is money, not a weight or a share)
answers another question, and so does one that compares it to a column of no known unit
and no word of the unit's quantity (a bare ``depth`` against "5 minutes").  A percentage
fits only a column said to be one ("in percent", "0 to 100"), never one documented as a
fraction ("0.1 means 10 %"): 10% is not 10 of it.  And a value read from the word right
after a compared number ("a mass over 200 u" read as the crate of code 'U') is that
number's unit, not a value of a condition.

The planner converts nothing: each of these is in doubt and the plan declined.

Example::

    number_units(PlanReading("How many crates have a fee over 100 kg?", plan, catalog))
    # ['100 kg']
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.units import column_units, question_units, read_columns
from hookline.sql.words import fold, question_words

__all__ = ["number_units", "unit_doubts"]

_NUMBER = r"\d+(?:\.\d+)?"
_PERCENT = re.compile(rf"({_NUMBER}) ?(?:%|percent\b|per cent\b)")
_COMPARED = re.compile(
    rf" (?:than|over|above|under|below|least|most|exceeding|exactly|of) ({_NUMBER}) "
    r"((?:[a-z0-9&/.'-]+ ){1,3})"
)
"""A compared number and the (up to three) words that follow it."""
_SHARE = re.compile(r"percent|pct|%|per ?cent|0 to 100|out of 100")
_FRACTION = re.compile(r"fraction|0 to 1\b|ratio")
_QUANTITY_WORDS = {
    "money": {"price", "cost", "amount", "total", "paid", "payment", "salary", "revenue",
              "budget", "fee", "fare", "gross", "income", "sales", "spent", "balance",
              "wage", "charge", "takings", "earnings"},
    "weight": {"weight", "mass"},
    "length": {"length", "height", "width", "depth", "distance", "elevation", "altitude",
               "diameter", "radius"},
    "area": {"area", "surface"},
    "speed": {"speed", "velocity"},
    "temperature": {"temperature"},
    "duration": {"duration", "runtime", "time"},
}  # fmt: skip
"""Words of a column's name or documentation that say the quantity it holds."""


def number_units(reading: PlanReading) -> list[str]:
    """The number-and-unit phrases of the question that the plan compares to a column
    of another quantity, and the values it reads from a compared number's unit (module
    doc)."""
    text, plan, catalog = reading.text, reading.plan, reading.catalog
    columns = read_columns(plan, catalog)
    found = [f"{m.group(0)}" for m in _PERCENT.finditer(fold(reading.question.lower()))]
    found = [p for p in found if columns and not any(_share(c, catalog) for c in columns)]
    for number, unit in _units_after_numbers(text).items():
        quantities = {quantity for quantity, _ in question_units(f" {unit} ")[unit]}
        if columns and not any(quantities & _quantities(c, catalog) for c in columns):
            found.append(f"{number} {unit}")
    return found + _units_read_as_values(text, plan)


def _units_after_numbers(text: str) -> dict[str, str]:
    """Each compared number of ``text`` and the unit phrase right after it."""
    found = {}
    for match in _COMPARED.finditer(text):
        units = question_units(f" {match.group(2)}")
        first = next(iter(units), None)
        if first is not None and match.group(2).startswith(f"{first} "):
            found[match.group(1)] = first
    return found


def _quantities(column: CatalogColumn, catalog: SqlCatalog) -> set[str]:
    """The quantities ``column`` holds: by its known units, else by its words."""
    known = {quantity for quantity, _ in column_units(column, catalog)}
    if known:
        return known
    words = set(column.words) | set(re.findall(r"[a-z]+", _described(column, catalog)))
    return {q for q, said in _QUANTITY_WORDS.items() if said & words}


def _share(column: CatalogColumn, catalog: SqlCatalog) -> bool:
    """Whether ``column`` holds a percentage (said so, never a fraction)."""
    said = f"{' '.join(column.words)} {_described(column, catalog)}"
    return bool(_SHARE.search(said)) and not _FRACTION.search(said)


def _described(column: CatalogColumn, catalog: SqlCatalog) -> str:
    """What the documentation says of ``column``, lower case and accents folded."""
    return fold(catalog.docs.described(column.table, column.name).lower()) if catalog.docs else ""


def _units_read_as_values(text: str, plan: QueryPlan) -> list[str]:
    """The values of ``plan``'s conditions that are the word right after a number it
    compares ("over 200 u": a unit, not the code 'U')."""
    compared = " ".join(f"{f.value} {f.raw or ''}" for f in plan.filters if f.raw or f.number)
    after = {
        m.group(2).split()[0]
        for m in _COMPARED.finditer(text)
        if re.search(rf"(?<![\d.]){re.escape(m.group(1))}(?![\d.])", compared)
    }
    values = [f.value for f in plan.filters if f.column is not None and not f.number]
    return [v for v in values if question_words(v)[:1] and question_words(v)[0] in after]


def unit_doubts(reading: PlanReading) -> list[str]:
    """The unit words of the question that read a quantity a column of the plan is known
    in, in another unit ("the weight of Grum in pounds" of a ``weight_kg``; ``units``)."""
    plan, catalog = reading.plan, reading.catalog
    said = question_units(reading.text)
    if not said:
        return []
    found = []
    for column in read_columns(plan, catalog):
        known = column_units(column, catalog)
        quantities = {q for q, _ in known}
        for words, units in said.items():
            shared = [u for u in units if u[0] in quantities]
            if shared and not set(shared) & known:
                found.append(words)
    return found
