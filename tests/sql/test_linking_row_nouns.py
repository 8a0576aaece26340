"""A table whose documentation says "One row per <table> <noun>" has its rows called so:
"How many Acme launches" counts the rows of ``acme``, though ``launch`` is also a date
column's name; a noun no table's rows are called stays declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE acme (name TEXT PRIMARY KEY, launch TEXT, retired TEXT);
INSERT INTO acme VALUES ('Ant', '1998-03-01', '2001-01-01'), ('Bee', '2010-05-02', NULL),
    ('Cat', '2010-09-09', NULL), ('Dog', NULL, NULL);
CREATE TABLE zeta (name TEXT PRIMARY KEY, launch TEXT);
INSERT INTO zeta VALUES ('Elk', '2010-01-01');
"""

DOCS = """
# acme
One row per Acme launch (a rocket): its name and dates.
- launch: the day it was launched
- retired: the day it was retired, years after it launched

# zeta
One row per Zeta launch.
- launch: the day it was launched
"""


@pytest.fixture
async def rockets(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many Acme launches are there?", [(4,)]),
        ("How many Zeta launches are there?", [(1,)]),
    ],
)
def test_the_documented_row_noun_names_the_rows(
    rockets: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert answer_rows(rockets, question) == expected


def test_without_documentation_the_noun_is_still_a_column(
    tmp_path: Path, rockets: Database
) -> None:
    rockets[0].docs = None
    assert answer_rows(rockets, "How many Acme launches are there?") is None


def test_a_noun_of_two_tables_rows_is_declined(rockets: Database) -> None:
    assert answer_rows(rockets, "How many launches are there?") is None


def test_a_year_of_the_date_the_verb_names(rockets: Database) -> None:
    assert answer_rows(rockets, "How many Acme launches were launched in 2010?") == [(2,)]
    assert answer_rows(rockets, "How many Acme launches were launched before 2000?") == [(1,)]


def test_a_year_of_the_rows_is_the_year_of_the_date_they_are_named_by(rockets: Database) -> None:
    assert answer_rows(rockets, "How many Acme launches were there in 2010?") == [(2,)]


@pytest.mark.parametrize("question", ["When was Acme Ant launched?", "When was Ant launched?"])
def test_when_a_row_was_done_is_the_date_named_after_the_verb(
    rockets: Database, question: str
) -> None:
    assert answer_rows(rockets, question) == [("1998-03-01",)]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which was the first Acme launch?", "Ant"),
        ("Which Acme launch was launched most recently?", "Cat"),
        ("Which Acme was launched first?", "Ant"),
        ("Which was the latest Zeta?", "Elk"),  # its only date
    ],
)
def test_the_first_row_by_the_date_its_words_name(
    rockets: Database, question: str, expected: str
) -> None:
    answer = answer_rows(rockets, question)
    assert answer is not None
    assert answer[0][0] == expected


@pytest.mark.parametrize(
    "question",
    [
        "Which was the first Acme?",  # launched or retired first?
        "Which Acme launch was built first?",  # no date named so
    ],
)
def test_the_first_row_of_two_dates_is_declined(rockets: Database, question: str) -> None:
    assert answer_rows(rockets, question) is None
