"""double_reads: plans that read one word of a question twice, or a number's sense not
at all — answered, they would be confidently wrong, so the planner declines
(``misreadings.misread_words`` calls these).

- an ordinal ("the 90th minute", "the 3rd round") whose number no condition of the plan
  reads: without it the answer counts or lists every row;
- a number compared with "=" while the question puts it after "after", "before",
  "above", "below", "beyond", "past" or a comparative, or before "or less", "and up",
  "at most" ("after minute 90", "bigger than size 9", "cost 3 or less"): it asks for a
  range;
- a day of a month ("on January 1st") no condition reads (``month_days``);
- a word of the measure's name that also picks a value ("the average repair cost" with
  ``repair`` read again as the value ``Repair_Kit`` of another column): the word says
  which column, never which rows;
- a word of a compared column's name that also picks a value of another column ("gadgets
  with Q as their badge" read as ``badge = 'Q'`` and again as a trait named 'badge'):
  the word names the column the question compares, never a second condition;
- a number compared on the column its unit names ("cost more than 100 gold" read on an
  ``upkeep_gold`` column) while the word before the comparison names another column of
  that table (``gold_cost``): the unit does not say which of the columns is meant.

Example::

    double_reads(PlanReading("How many events happened after the 90th minute?", plan, catalog))
    # ["90th"]
"""

from __future__ import annotations

import re

from hookline.sql.month_days import unread_month_days
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import identifier_words, singular

__all__ = ["double_reads"]

_ORDINAL = re.compile(r" (\d+)(?:st|nd|rd|th) ")
_RANGE_WORD = re.compile(
    r" (?:after|before|above|below|beyond|past|(?:[a-z]+er|more|less|fewer) than)"
    r" (?:the |a )?(?:[a-z]+ )?(\d+) "
)
_RANGE_AFTER = re.compile(
    r" (\d+(?:\.\d+)?) (?:(?:or|and) (?:more|less|fewer|greater|higher|lower|above|below"
    r"|under|over|up|down|older|younger|later|earlier|longer|shorter|bigger|smaller)"
    r"|at (?:most|least)|tops|max|maximum|minimum|plus) "
)
"""A number with its range said after it ("3 or less", "5 and up", "2 at most")."""
_COMPARISON = re.compile(r" ([a-z]+) (?:more|fewer|less|greater) than ")
_ORDERED = (">", "<", ">=", "<=")


def double_reads(reading: PlanReading) -> list[str]:
    """The words of the question the plan reads twice or not in their sense (see the
    module doc)."""
    found = _unread_ordinals(reading) + unread_month_days(reading)
    found += _ranges_read_as_equal(reading)
    found += _measure_words_as_values(reading)
    found += _column_words_as_values(reading)
    found += _units_of_other_columns(reading)
    return found


def _numbers_read(plan: QueryPlan) -> set[str]:
    """The numbers the plan's conditions compare."""
    return {f.value.replace(",", "") for f in plan.filters if f.column is not None}


def _unread_ordinals(reading: PlanReading) -> list[str]:
    """ "the 90th minute" that no condition reads."""
    read = _numbers_read(reading.plan)
    return [m.group(0).strip() for m in _ORDINAL.finditer(reading.text) if m.group(1) not in read]


def _ranges_read_as_equal(reading: PlanReading) -> list[str]:
    """ "after minute 90", "cost 3 or less" read as ``minute = 90``, ``cost = 3``."""
    equal = {f.value for f in reading.plan.filters if f.number and f.op == "="}
    ranges = [*_RANGE_WORD.finditer(reading.text), *_RANGE_AFTER.finditer(reading.text)]
    return [m.group(0).strip() for m in ranges if m.group(1) in equal]


def _measure_words_as_values(reading: PlanReading) -> list[str]:
    """ "the average repair cost" whose ``repair`` also picks the value ``Repair_Kit``."""
    text, plan = reading.text, reading.plan
    if plan.measure is None:
        return []
    named = set(plan.measure.words)
    found = []
    for condition in plan.filters:
        if condition.column is None or condition.number or condition.raw is not None:
            continue
        said = [w for w in identifier_words(condition.value) if f" {w} " in text]
        if said and all(w in named and text.count(f" {w} ") == 1 for w in said):
            found.append(" ".join(said))
    return found


def _column_words_as_values(reading: PlanReading) -> list[str]:
    """ "Q as their badge" read as ``badge = 'Q'`` whose ``badge`` also picks the value
    'badge' of another column."""
    text, filters = reading.text, reading.plan.filters
    found = []
    for condition in filters:
        if condition.column is None or condition.number or condition.raw is not None:
            continue
        named = {
            singular(w)
            for other in filters
            if other.column is not None and other.column != condition.column
            for w in other.column.words
        }
        said = [w for w in identifier_words(condition.value) if f" {w} " in text]
        if said and all(singular(w) in named and text.count(f" {w} ") == 1 for w in said):
            found.append(" ".join(said))
    return found


def _units_of_other_columns(reading: PlanReading) -> list[str]:
    """ "cost more than 100 gold" compared on ``upkeep_gold`` while ``cost`` names
    ``gold_cost``, another column of the table."""
    plan, catalog = reading.plan, reading.catalog
    match = _COMPARISON.search(reading.text)
    if match is None:
        return []
    word = singular(match.group(1))
    for condition in plan.filters:
        column = condition.column
        if column is None or condition.op not in _ORDERED or word in column.words:
            continue
        others = [c for c in catalog.table_columns(column.table) if c.numeric and c != column]
        if any(word in c.words for c in others):
            return [match.group(1)]
    return []
