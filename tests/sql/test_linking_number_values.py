"""A number column named with its value ("generation 3", "in batch 2") selects the rows
holding that number, and is never the measure ("the average weight of the batch 2
boats" averages the weight); a number column of another table, or a key, is declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE dock (id INTEGER PRIMARY KEY, name TEXT, depth REAL);
INSERT INTO dock VALUES (1, 'North', 3.0), (2, 'South', 9.0);
CREATE TABLE boat (name TEXT PRIMARY KEY, batch INTEGER, weight REAL,
                   dock_id INTEGER REFERENCES dock(id));
INSERT INTO boat VALUES ('Ada', 1, 10.0, 1), ('Bea', 2, 20.0, 2), ('Cy', 2, 40.0, 2),
    ('Di', 3, 5.0, 1);
"""


@pytest.fixture
async def harbour(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many boats were built in batch 2?", [(2,)]),
        ("What is the average weight of the batch 2 boats?", [(30.0,)]),
        ("Which was the heaviest boat built in batch 2?", [("Cy", 40.0)]),
    ],
)
def test_a_number_column_named_with_its_value_filters(
    harbour: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(harbour, question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "How many docks are in batch 2?",  # the batch of boats, not of docks
        "How many boats are in dock 2?",  # a key, not a number column
    ],
)
def test_an_unclear_number_is_declined(harbour: Database, question: str) -> None:
    assert abstains(harbour, question)


def test_a_count_never_takes_a_number_for_its_limit(harbour: Database) -> None:
    """ "dock 1" is no limit of a count: the 1 unread, the count of every boat would be
    another question's."""
    assert abstains(harbour, "How many boats are in dock 1?")


ROMAN = """
CREATE TABLE spell (name TEXT PRIMARY KEY, era TEXT, power INTEGER);
INSERT INTO spell VALUES ('Blaze', 'i', 10), ('Frost', 'ii', 20), ('Gust', 'iv', 30),
    ('Hex', 'iv', 40), ('Ward', 'ix', 50);
CREATE TABLE rune (name TEXT PRIMARY KEY, size TEXT);
INSERT INTO rune VALUES ('Ash', 'L'), ('Elm', 'XL'), ('Oak', 'XXL');
"""


@pytest.fixture
async def grimoire(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ROMAN)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many spells were introduced in era 4?", [(2,)]),
        ("How many spells are from era 9?", [(1,)]),
        ("What is the average power of the era 4 spells?", [(35.0,)]),
    ],
)
def test_a_column_of_roman_numerals_is_named_with_its_number(
    grimoire: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(grimoire, question) == expected


def test_letters_that_are_no_numbering_are_not_read_as_one(grimoire: Database) -> None:
    assert abstains(grimoire, "How many runes have size 40?")  # XL is a size, not forty
