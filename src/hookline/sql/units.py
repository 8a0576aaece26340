"""Units said against units documented: "the area of Arland in square miles" of an area
in km², "beasts over 100 pounds" of a weight in kilograms, would answer with the other
unit's number; the planner declines instead (it converts nothing).

A column's unit is read from its name (``weight_kg``, ``speed_kmh``) and from what the
documentation says of it ("its area in square kilometres (km²)"); a question's units from
its words ("in feet", "100 lbs", "how many square miles").  Each unit is a reading of one
quantity (a weight in pounds; "pounds" may be money too): a unit of the question that
reads a quantity a column of the plan is documented in, but in none of the column's
units, is in doubt.  A column of no known unit, or a quantity it does not measure, is no
doubt of this module.

A unit word that names nothing in the database ("cm") is read as the unit of a column
known in it ("height: in centimetres"), when there is one (``documented_units``); a plan
that reads no column known in that unit answers another question (``unread_units``).

Example::

    question_units(" what is the weight of grum in pounds ")  # {"pounds": (("weight", "lb"), ...)}
"""

from __future__ import annotations

import re

from hookline.sql.catalog import CatalogColumn, SqlCatalog
from hookline.sql.plan import QueryPlan
from hookline.sql.words import fold, question_words

__all__ = [
    "column_units",
    "documented_units",
    "question_units",
    "read_columns",
    "unread_units",
]

Unit = tuple[str, str]
"""(the quantity, the unit): ("weight", "kg")."""

_SPELLINGS: dict[str, tuple[Unit, ...]] = {}


def _spell(quantity: str, unit: str, spellings: str) -> None:
    for spelling in spellings.split(","):
        _SPELLINGS[spelling.strip()] = (*_SPELLINGS.get(spelling.strip(), ()), (quantity, unit))


_spell("length", "m", "metres, meters, metre, meter")
_spell("length", "km", "kilometres, kilometers, kilometre, kilometer, km, kms")
_spell("length", "cm", "centimetres, centimeters, centimetre, centimeter, cm")
_spell("length", "mm", "millimetres, millimeters, millimetre, millimeter, mm")
_spell("length", "ft", "feet, foot, ft")
_spell("length", "mi", "miles, mile")
_spell("length", "in", "inches, inch")
_spell("length", "yd", "yards, yard")
_spell("area", "km2", "square kilometres, square kilometers, square km, sq km, km2, sqkm")
_spell("area", "mi2", "square miles, square mile, sq mi, sq miles, mi2")
_spell("area", "m2", "square metres, square meters, sq m, m2")
_spell("area", "ha", "hectares, hectare")
_spell("area", "acre", "acres, acre")
_spell("weight", "kg", "kilograms, kilogram, kilos, kilo, kg, kgs")
_spell("weight", "g", "grams, gram")
_spell("weight", "lb", "pounds, pound, lbs, lb")
_spell("money", "gbp", "pounds, pound, pounds sterling")
_spell("money", "usd", "dollars, dollar, usd, us dollars")
_spell("money", "cents", "cents")  # "cent": "per cent" is a share
_spell("money", "eur", "euros, euro, eur")
_spell("weight", "t", "tonnes, tonne, tons, ton")
_spell("weight", "oz", "ounces, ounce, oz")
_spell("speed", "kmh", "km/h, kmh, kph, kilometres per hour, kilometers per hour")
_spell("speed", "mph", "mph, miles per hour")
_spell("speed", "kn", "knots, knot")
_spell("speed", "m/s", "m/s, metres per second, meters per second")
_spell("temperature", "c", "celsius, centigrade")
_spell("temperature", "f", "fahrenheit")
_spell("temperature", "k", "kelvin, kelvins")
_spell("duration", "s", "seconds, secs")  # "second": an ordinal too
_spell("duration", "min", "minutes, minute, mins")
_spell("duration", "h", "hours, hour, hrs")

_NAME_UNITS = frozenset(("m", "km", "cm", "mm", "ft", "mi", "km2", "kg", "lb", "lbs", "kmh", "mph"))
"""Short units a column's name may end in (``height_m``); longer ones are read anyway."""
_LONGEST = 3


def question_units(text: str) -> dict[str, tuple[Unit, ...]]:
    """The unit phrases of ``text`` (longest first) and their readings."""
    words = text.split()
    found: dict[str, tuple[Unit, ...]] = {}
    at = 0
    while at < len(words):
        for size in range(_LONGEST, 0, -1):
            phrase = " ".join(words[at : at + size])
            if len(words[at : at + size]) == size and phrase in _SPELLINGS:
                found[phrase] = _SPELLINGS[phrase]
                at += size - 1
                break
        at += 1
    return found


def column_units(column: CatalogColumn, catalog: SqlCatalog) -> set[Unit]:
    """The units ``column`` is known in: by its name's last word, and by the units its
    documentation says."""
    names = re.split(r"[_\W]+", column.name.lower())
    last = "".join(names[-2:]) if names[-1:] == ["2"] else names[-1]  # area_km_2
    units = set(_SPELLINGS.get(last, ())) if last in _NAME_UNITS or len(last) > 3 else set()
    described = catalog.docs.described(column.table, column.name) if catalog.docs else ""
    said = re.sub(r"[^a-z0-9/]+", " ", fold(described.lower().replace("\u00b2", "2")))
    for readings in question_units(f" {said} ").values():
        units |= set(readings)
    return units


def read_columns(plan: QueryPlan, catalog: SqlCatalog) -> list[CatalogColumn]:
    """The number columns ``plan`` reports or compares: its measure, its column, the
    columns of its number conditions (and of a condition written out: "taller than")."""
    read = [c for c in (plan.column,) if c is not None]
    read += [f.column for f in plan.filters if f.column is not None and f.number]
    raws = [f for f in plan.filters if f.raw is not None]
    read += [c for f in raws for c in catalog.table_columns(f.table_name) if c.ref in (f.raw or "")]
    if plan.measure is not None:
        read += [c for c in catalog.table_columns(plan.measure.table) if c.ref == plan.measure.sql]
    return [c for c in read if c.numeric]


def documented_units(question: str, catalog: SqlCatalog) -> list[str]:
    """The unit phrases of ``question`` that spell a unit some number column of the
    database is known in ("cm" of a height documented in centimetres, "square
    kilometres" of a ``lake_km2``) — known words or not ("kg" is one): each is read only
    when the plan reads a column in that unit (``unread_units``)."""
    known = catalog.cached("units of columns", _units_known)
    said = question_units(" " + " ".join(question_words(question)) + " ")
    return [phrase for phrase, readings in said.items() if set(readings) & known]


def _units_known(catalog: SqlCatalog) -> frozenset[Unit]:
    return frozenset(u for c in catalog.columns if c.numeric for u in column_units(c, catalog))


def unread_units(
    said: list[str], unknown: list[str], plan: QueryPlan, catalog: SqlCatalog
) -> list[str]:
    """The unit phrases of ``said`` (``documented_units``) that no number column ``plan``
    reports or compares is known in: a unit of another quantity, or of another column.
    One of words the question's others already account for ("kg", "minutes": not in
    ``unknown``) is in doubt only when the plan reads a column of a known unit ("the
    height in kg" of a height in centimetres; "longer than 90 minutes" of a bare length
    is no doubt of this check)."""
    known = {u for c in read_columns(plan, catalog) for u in column_units(c, catalog)}
    return [
        phrase
        for phrase in said
        if not set(_SPELLINGS.get(phrase, ())) & known
        and (known or set(phrase.split()) <= set(unknown))
    ]
