"""A table's name as its documentation writes it: "The gift cards sold at the till, one row
each" makes "gift cards" the ``cards`` table's name, so "gift" in "How many gift cards did
Ann buy?" names no column elsewhere (a ``gift_note`` of another table): the rows are read as
documented.  Only a word that names a column elsewhere (a word the question would
otherwise not understand stays unread), never a value or a word of the table's own
columns ("the refunded cards" is a condition, whatever the documentation calls the table).

Example::

    documented_modifiers(catalog)                    # {'card': frozenset({'gift'})}
    without_documented_modifiers("How many gift cards?", catalog)
    # 'How many cards?'
"""

from __future__ import annotations

import functools
import itertools
import re

from hookline.sql.catalog import SqlCatalog
from hookline.sql.mentions import Vocabulary
from hookline.sql.words import FUNCTION_WORDS, identifier_words, question_words, singular, value_key

__all__ = ["documented_modifiers", "without_documented_modifiers"]


def documented_modifiers(catalog: SqlCatalog) -> dict[str, frozenset[str]]:
    """Each table's noun (the last word of its name, singular) -> the words its
    documentation's first sentence puts right before that noun."""
    return catalog.cached("documented modifiers", _read_modifiers)


def without_documented_modifiers(question: str, catalog: SqlCatalog) -> str:
    """``question`` with each documented modifier of a table left out where it stands
    right before the table's noun ("How many gift cards?" -> "How many cards?")."""
    for noun, modifiers in documented_modifiers(catalog).items():
        for modifier in modifiers:
            before = re.compile(rf"\b{re.escape(modifier)}\s+(?=([a-z]+)\b)", re.IGNORECASE)
            question = before.sub(functools.partial(_kept, noun=noun), question)
    return question


def _kept(match: re.Match[str], noun: str) -> str:
    """The modifier left out when the word after it is the noun (any number)."""
    return "" if singular(match.group(1).lower()) == noun else match.group(0)


def _read_modifiers(catalog: SqlCatalog) -> dict[str, frozenset[str]]:
    docs = catalog.docs
    if docs is None:
        return {}
    values = {value_key(v) for column in catalog.columns for v in column.values}
    vocabulary = Vocabulary.of(catalog)
    found: dict[str, frozenset[str]] = {}
    nouns = [singular(identifier_words(t.name)[-1].lower()) for t in catalog.schema.tables]
    for table, noun in zip(catalog.schema.tables, nouns, strict=True):
        own = {w for c in catalog.table_columns(table.name) for w in c.words}
        first = docs.descriptions.get(table.name, "").split(". ")[0]
        words = question_words(first)
        said = {
            before
            for before, word in itertools.pairwise(words)
            if singular(word) == noun
            and before not in FUNCTION_WORDS | values | own
            and vocabulary.columns_named(before)  # else unknown: the question stays unread
        }
        if said and nouns.count(noun) == 1:  # two tables' noun: the question says which
            found[noun] = frozenset(said)
    return found
