"""Topic words: words that say what every counted row is, never a narrower reading.

"How many gizmo tone bands are there?" counts the rows of a table named whole by those
words (``gizmo_tone_band``), not of one named by a part of them (``gizmo_tone``).

"How many brass lamps are there?" of a database whose documentation opens "A shop's
brass lamps ..." counts every lamp: "brass" says what the rows are, even when some
free-text column (a lamp's maker) also holds the value 'Brass'. Read
as a condition, the word would count only the few rows of that value, confidently
wrong.
"""

from __future__ import annotations

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.plan import Filter, QueryPlan
from hookline.sql.words import identifier_words, singular, value_key


def whole_name(nouns: list[str], catalog: SqlCatalog) -> str | None:
    """The table whose own name's words are all of ``nouns`` (never a documented one)."""
    table = Vocabulary.of(catalog).table_named(" ".join(nouns))
    said = [singular(n) for n in nouns]
    return table if table and [singular(w) for w in identifier_words(table)] == said else None


def without_topic_words(
    text: str, plan: QueryPlan, filters: list[Filter], catalog: SqlCatalog
) -> list[Filter]:
    """``filters`` less each one a topic word spelt out (``_is_topic``) for the rows
    ``plan`` counts."""
    if plan.kind != "count" or catalog.docs is None:
        return filters
    return [f for f in filters if not _is_topic(text, plan.table, f, catalog)]


def _is_topic(text: str, table: str, found: Filter, catalog: SqlCatalog) -> bool:
    """True when ``found`` is ``column = value`` of a many-valued text column (no short
    list of values), the value one word the question says directly before a noun naming
    the counted table, and the documentation's opening or the table's description says
    that word before that noun too ("brass lamps")."""
    column = found.column
    if column is None or found.raw or found.op != "=" or column.values:
        return False
    word = value_key(found.value)
    if not word or " " in word:
        return False
    words = text.split()
    nouns = {words[i + 1] for i, w in enumerate(words[:-1]) if w == word}
    nouns = {n for n in nouns if _names_table(n, table, catalog)}
    said = _documented(table, catalog)
    return any(f"{word} {form}" in said for n in nouns for form in {n, singular(n)})


def _names_table(noun: str, table: str, catalog: SqlCatalog) -> bool:
    return Vocabulary.of(catalog).table_named(noun) == table


def _documented(table: str, catalog: SqlCatalog) -> str:
    """The documentation's opening (before its first heading) and ``table``'s
    description, in lower case, words single-spaced."""
    docs = catalog.docs
    if docs is None:
        return ""
    opening = docs.text.split("\n#", 1)[0]
    described = next((d for k, d in docs.descriptions.items() if k.lower() == table.lower()), "")
    return " " + " ".join(f"{opening} {described}".lower().split()) + " "
