"""A word that begins the values of the counted rows' own column, read in another column:
"How many formats are photos?" with formats named "kind/variant" ("photo/raw",
"photo/tiff") reads "photos" as the rows whose name starts with "photo/", the kind the
name itself says; a condition on another column whose value holds the word (an icon
"photo-generic", a pattern's "photo") selects other rows, and is declined.

Example::

    # format(name: "photo/raw", "photo/tiff", "sheet/csv"; icon: "photo-generic", ...)
    leading_segments(PlanReading("How many formats are photos?", icon_plan, catalog))
    # ["photo"]
"""

from __future__ import annotations

from collections import Counter

from hookline.sql.catalog import SqlCatalog
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import value_key, value_parts

__all__ = ["leading_segments"]

_SEPARATOR = "/"
_SHARE = 0.8
"""The share of a column's values that must hold the separator (a "media/subtype" name)."""


def leading_segments(reading: PlanReading) -> list[str]:
    """The word of a condition's value that begins two values or more of a segmented
    column of the plan's rows, the condition reading another column (see the module
    doc); empty when none."""
    plan, catalog = reading.plan, reading.catalog
    said = reading.singulars | set(reading.words)
    segments = catalog.cached("leading segments", _segments).get(plan.table, {})
    if not segments:
        return []
    for found in (f for f in plan.filters if f.column is not None and not f.prefix):
        if found.column is None or (found.column.table, found.column.name) in segments:
            continue
        if found.column.table == plan.table and value_key(found.value) in _segments_of(segments):
            continue  # the rows' own kind column, of the very word: "sheet formats"
        for word in value_parts(found.value):
            if word in said and any(word in counts for counts in segments.values()):
                return [word]
    return []


def _segments_of(segments: dict[tuple[str, str], Counter[str]]) -> set[str]:
    """Every segment of the columns ``segments`` holds."""
    return {segment for counts in segments.values() for segment in counts}


def _segments(catalog: SqlCatalog) -> dict[str, dict[tuple[str, str], Counter[str]]]:
    """Per table: its naming columns (key, label) whose values are mostly "segment/rest",
    with how many values each segment begins (a time zone "Africa/Lagos" of a city names
    no kind of city)."""
    values: dict[tuple[str, str], list[str]] = {}
    for table, name, value in catalog.index.values:
        values.setdefault((table, name), []).append(value)
    for column in catalog.columns:
        values.setdefault((column.table, column.name), []).extend(column.values)
    found: dict[str, dict[tuple[str, str], Counter[str]]] = {}
    for (table, name), listed in values.items():
        if name not in _naming(table, catalog):
            continue
        split = [value_key(v).split(_SEPARATOR, 1)[0] for v in listed if _SEPARATOR in v]
        if len(listed) < 2 or len(split) < _SHARE * len(listed):
            continue
        counts = Counter(s for s in split if s.isalpha())
        kept = Counter({s: n for s, n in counts.items() if n > 1})
        if kept:
            found.setdefault(table, {})[(table, name)] = kept
    return found


def _naming(table: str, catalog: SqlCatalog) -> set[str]:
    """The columns that name ``table``'s rows: its primary key and its label."""
    return set(catalog.table(table).primary_key) | set(catalog.label(table))
