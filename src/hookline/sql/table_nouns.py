"""Which table a noun of the question means, where the words alone would read another:

- a ranking's measure read from the very words that name the rows it ranks: "Which pen
  type has the most refills?" with a ``pen_type`` table and a numeric ``pen`` column of
  the refills says "pen" once, and that once names the pen types; the refills are
  counted per pen type, never the ``pen`` column added up (a word said twice, "which pen
  type has the most pen ...", stays free to be the measure too);
- "how many books" counted as the rows of a table that pairs rows of two others (a
  lesson's books: ``(lesson, book)``, ``book`` a row of the items): the pairs are no
  number of books, nor are the distinct books some pair names (those teaching a lesson)
  surely all of them, and the count is declined;
- "each pen type" read right, "each gadget shelf" (a gadget's word, then a shelf's)
  read as each gadget: the second word is the phrase's head, the groups are shelves,
  and a plan grouping by the first table is declined.

Example::

    # shop: pen_type(code, label), refill(id, pen, pen_type)
    unsaid_measure("which pen type has the most refills".split(), "pen_type", pen, catalog)
    # None: the refills are counted
"""

from __future__ import annotations

import re

from hookline.sql.catalog import Measure, SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan_reading import PlanReading
from hookline.sql.words import singular

__all__ = ["compound_groups", "paired_counts", "unsaid_measure"]

_EACH = re.compile(r" (?:each|every|per) ([a-z]+) ([a-z]+) ")


def unsaid_measure(
    words: list[str], subject: object, measure: Measure | None, catalog: SqlCatalog
) -> Measure | None:
    """``measure``, unless every word of it is said only inside a phrase of ``words``
    that names the table ``subject`` (the rows ranked), and nowhere else."""
    if measure is None or not isinstance(subject, str) or not measure.words:
        return measure
    naming = _naming_positions(words, subject, catalog)
    inside = {singular(words[i]) for i in naming}
    outside = {singular(w) for i, w in enumerate(words) if i not in naming}
    own = {singular(w) for w in measure.words}
    return None if naming and own <= inside and not own & outside else measure


def _naming_positions(words: list[str], subject: str, catalog: SqlCatalog) -> set[int]:
    """The positions of the words that name ``subject`` ("movement type", "subgroups")."""
    vocabulary = Vocabulary.of(catalog)
    found: set[int] = set()
    for index, word in enumerate(words):
        pair = " ".join(words[index : index + 2]) if index + 1 < len(words) else ""
        if pair and vocabulary.table_named(pair) == subject:
            found |= {index, index + 1}
        elif vocabulary.table_named(word) == subject:
            found.add(index)
    return found


def paired_counts(reading: PlanReading) -> list[str]:
    """The noun of a count of every row of a table whose key pairs rows of two other
    tables or more (foreign keys), said in the plural and naming one of those keys
    ("books"; the singular "lesson book" names the table itself)."""
    plan, catalog = reading.plan, reading.catalog
    if plan.kind != "count" or plan.filters:
        return []
    referring = catalog.table(plan.table).paired_key_columns()
    if len(referring) < 2:
        return []
    plurals = {singular(w) for w in reading.words if singular(w) != w}
    for name in sorted(referring):
        words = catalog.column(plan.table, name).words
        if len(words) == 1 and words[0] in plurals:
            return list(words)
    return []


def compound_groups(reading: PlanReading) -> list[str]:
    """ "each A B" with A and B words of two tables (and no table of the phrase), the plan
    grouping by A's rows or a column of A's: the phrase, else nothing."""
    plan = reading.plan
    if plan.kind != "rank":
        return []
    grouped = plan.group_table or (plan.column.table if plan.column is not None else None)
    vocabulary = Vocabulary.of(reading.catalog)
    for match in _EACH.finditer(reading.text):
        first, second = (vocabulary.table_named(w) for w in match.groups())
        phrase = " ".join(match.groups())  # "each job country": a column's name
        if vocabulary.table_named(phrase) is not None or vocabulary.columns_named(phrase):
            continue
        if first is not None and second not in (None, first) and grouped == first:
            return [phrase]
    return []
