"""Documented entities: what one row of a table is, as its documentation says ("one row per
borrower", "The 45 sales regions we sell in") — the words a question may name the table
by.  A table of pairs ("one row per kennel and breed") says what it pairs, not what its
rows are: its first noun names it only when no other table is that noun's own.

Example::

    # kennels: "The 12 dog-breeding kennels, one row each."
    # kennel_breed: "Which breeds a kennel keeps: one row per kennel and breed."
    row_noun("The 12 dog-breeding kennels, one row each.", key)  # RowNoun("kennel", False)
    entity_claims(catalog, descriptions, values, key)  # {"kennel": ["kennels"], ...}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from hookline.sql.catalog import SqlCatalog
from hookline.sql.words import FUNCTION_WORDS, KIND_NOUNS, fold, identifier_words

__all__ = ["RowNoun", "entity_claims", "row_noun"]

Key = Callable[[list[str]], str]


@dataclass(frozen=True)
class RowNoun:
    """The noun of one row (lookup form) and whether the rows are pairs of it and another
    thing ("one row per kennel and breed", "one row per borrower, book and day")."""

    noun: str
    paired: bool
    modified: str = ""  # with its hyphenated modifiers: "dog-breeding kennel"


_LISTED = re.compile(r"(?:, *[a-z-]+(?: [a-z-]+)?)+,? +and +[a-z]")
"""The rest of a list of the things a row pairs: ", book and day" ("One row per borrower,
book and day"), never a remark (", withdrawn")."""


def row_noun(description: str, key: Key) -> RowNoun | None:
    """ "One row per borrower, book and day" -> borrower (paired); "one row per sales order
    (purchase)" -> "sales order": the words after "per" up to a function word or a stop
    (or after a count of the rows: "The 12 sales regions we sell in" -> "sales region");
    a hyphenated modifier is no noun ("the 9 dog-breeding kennels" -> kennel); "one row
    per minion type" -> "minion type" (kinds of minion, never minions)."""
    text = fold(description)
    found = re.search(r"\b(?:one|a) row (?:per|for each|for every) ([a-z -]+)", text)
    counted = None if found else re.match(r"the \d[\d,]* ([a-z -]+)", text)  # "The 45 regions"
    found = found or counted
    if not found:
        return None
    words: list[str] = []
    modifiers: list[str] = []
    said = found.group(1).split()
    stop = ""
    for i, word in enumerate(said):
        if word in KIND_NOUNS and words:  # "one row per minion type": kinds, no minions
            return RowNoun(key([*words, word]), False)
        if word in FUNCTION_WORDS:
            stop = word
            break
        if "-" in word:  # "dog-breeding kennels": a modifier; "check-ins": its first part
            if i + 1 < len(said) and said[i + 1] not in FUNCTION_WORDS:
                modifiers.append(word)
                continue
            words.append(word.split("-")[0])
            break
        words.append(word)
    if not words or not words[0]:
        return None
    rest = text[found.end() :]
    listed = not stop and _LISTED.match(rest) is not None  # ", book and day"
    paired = counted is None and (stop == "and" or listed)
    return RowNoun(key(words), paired, key([*modifiers, *words]) if modifiers else "")


def entity_claims(
    catalog: SqlCatalog, descriptions: dict[str, str], values: frozenset[str], key: Key
) -> dict[str, list[str]]:
    """The tables each row noun may name: the whole noun, and its first word ("sales" of
    "one row per sales order") unless a kind ("one row per minion type") or a value ('Spell'
    of "one row per spell school").  A table of pairs never claims its first noun when
    another table is that noun's own (its row noun ends so, or its name is it): "kennels"
    are the kennels, not the pairs of a kennel and an owner."""
    nouns = {t.name: row_noun(descriptions.get(t.name, ""), key) for t in catalog.schema.tables}
    owners: dict[str, list[str]] = {}
    for table, noun in nouns.items():
        if noun and not noun.paired:
            owners.setdefault(noun.noun.split()[-1], []).append(table)
        owners.setdefault(key(identifier_words(table)), []).append(table)
    claims: dict[str, list[str]] = {}
    whole: dict[str, list[str]] = {}
    for table, noun in nouns.items():
        if not noun:
            continue
        if noun.paired and any(o != table for o in owners.get(noun.noun, [])):
            whole.setdefault(noun.noun, [])  # the noun's own tables claim it instead
            continue
        whole.setdefault(noun.noun, []).append(table)
        if noun.modified:
            whole.setdefault(noun.modified, []).append(table)
        *_, last = words = noun.noun.split()
        if last not in KIND_NOUNS and key(words[:1]) not in values:
            claims.setdefault(key(words[:1]), []).append(table)
    for entity, tables in whole.items():  # "order" beats "order line cancelled"
        claims[entity] = tables or sorted(set(owners[entity]))
    for named in catalog.schema.tables:  # "food": of food_item too, not only "food groups"
        first = key(identifier_words(named.name)).split()[:1]
        if first and first[0] in claims and named.name not in claims[first[0]]:
            claims[first[0]].append(named.name)
    return claims
