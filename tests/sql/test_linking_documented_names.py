"""A table's name as its documentation writes it ("The gift cards sold at the till"): the
word before the table's noun is part of its name, not a column of another table; never a
value or a word of the table's own columns (those stay conditions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.documented_names import documented_modifiers
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE shoppers (name TEXT PRIMARY KEY, city TEXT);
INSERT INTO shoppers VALUES ('Ann', 'Oslo'), ('Bob', 'Rome'), ('Cy', 'Oslo'), ('Di', 'Rome');
CREATE TABLE cards (id INTEGER PRIMARY KEY, shopper TEXT REFERENCES shoppers(name),
    kind TEXT, refunded INTEGER);
INSERT INTO cards VALUES (1, 'Ann', 'paper', 0), (2, 'Ann', 'plastic', 1),
    (3, 'Ann', 'paper', 0), (4, 'Bob', 'paper', 0), (5, 'Cy', 'plastic', 0);
CREATE TABLE notes (id INTEGER PRIMARY KEY, shopper TEXT REFERENCES shoppers(name),
    gift TEXT);
INSERT INTO notes VALUES (1, 'Ann', 'a scarf'), (2, 'Bob', 'a book');
"""

DOCS = """
# cards
The gift cards sold at the till, one row each. Some are refunded.
- kind: paper or plastic
- refunded: 1 when the refunded card was paid back

# notes
What a shopper wrote down.
- gift: the gift a shopper wished for
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


def test_the_word_before_the_tables_noun_in_its_documentation(shop: Database) -> None:
    assert documented_modifiers(shop[0]) == {"card": frozenset({"gift"})}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which shopper has the most gift cards?", [("Ann", 3)]),
        ("How many gift cards does Ann have?", [(3,)]),
        ("Which shoppers have more than 1 gift card?", [("Ann",)]),
        ("How many shoppers have no gift cards?", [(1,)]),
    ],
)
def test_the_documented_name_reads_as_the_table(
    shop: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(shop, question) == expected


def test_without_documentation_the_word_is_not_understood(shop: Database) -> None:
    shop[0].docs = None
    assert abstains(shop, "Which shopper has the most gift cards?")


def test_a_value_or_an_own_columns_word_is_never_a_modifier(shop: Database) -> None:
    """ "paper cards" and "refunded cards" are conditions, documented before the noun or not."""
    shop[0].docs = parse_documentation(DOCS.replace("The gift cards", "The paper gift cards"))
    assert documented_modifiers(shop[0]) == {"card": frozenset({"gift"})}
    assert rows(shop, "How many paper cards does Ann have?") == [(2,)]


def test_a_word_the_schema_does_not_know_stays_unread(shop: Database) -> None:
    """ "loyalty cards": 'loyalty' names nothing here, so the question stays declined."""
    shop[0].docs = parse_documentation(DOCS.replace("The gift cards", "The gift and loyalty cards"))
    assert documented_modifiers(shop[0]) == {}
    assert abstains(shop, "How many loyalty cards does Ann have?")
