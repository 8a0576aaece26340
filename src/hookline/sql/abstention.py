"""Abstention: the planner's honest "I don't know", and the message for words it cannot read.

Example::

    not_understood("How many customers have a loyalty tier?", ["loyalty", "tier"], catalog)
    # Abstention(message="I don't know what 'loyalty tier' means in this database — ...")
"""

from __future__ import annotations

from dataclasses import dataclass

from hookline.sql.catalog import SqlCatalog
from hookline.sql.conditions import value_filters
from hookline.sql.measures import table_mentions
from hookline.sql.words import question_words

__all__ = ["Abstention", "not_understood"]


@dataclass(frozen=True, kw_only=True)
class Abstention:
    """The planner's honest "I don't know": what it did not understand, said plainly.

    ``small_talk`` is set for a greeting or thanks ("Hello!", "thanks"): not a question
    about the data, so a caller hands it to the model instead of saying ``message``."""

    message: str
    unknown: tuple[str, ...] = ()
    small_talk: bool = False


def not_understood(question: str, unknown: list[str], catalog: SqlCatalog) -> Abstention:
    """ "I don't know what 'loyalty tier' means in this database — the customers table has:
    ..." for the ``unknown`` words of ``question`` (adjacent ones said as one phrase), with
    the columns of the table it is about (or the database's tables)."""
    words = question_words(question)
    phrases: list[str] = []
    previous = -2
    for index, word in enumerate(words):
        if word in unknown:
            if index == previous + 1 and phrases:
                phrases[-1] += f" {word}"
            else:
                phrases.append(word)
            previous = index
    text = " " + " ".join(words) + " "
    tables = [t for _, t in table_mentions(text, catalog)]
    tables += [f.table_name for f in value_filters(text, catalog)]
    said = ", ".join(f"'{p}'" for p in phrases)
    if tables:
        columns = ", ".join(c.name for c in catalog.table_columns(tables[0]))
        where = f" — the {tables[0]} table has: {columns}"
    else:
        where = " — its tables are: " + ", ".join(t.name for t in catalog.schema.tables)
    message = f"I don't know what {said} means in this database{where}."
    return Abstention(message=message, unknown=tuple(phrases))
