"""An age read from a birth date: "the oldest" lists the rows born first, "the youngest"
those born last, when the rows have one birth date (by its name or its documentation).
Rows of no birth date, or of two, and an age asked of anything but a listing, decline."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE skater (id INTEGER PRIMARY KEY, name TEXT, birth_date TEXT, debut_date TEXT,
                     height REAL);
INSERT INTO skater VALUES (1, 'Ari', '1990-04-02', '2008-01-01', 170.0),
    (2, 'Bex', '2001-11-30', '2015-01-01', 160.0), (3, 'Cal', '1995-07-15', '2005-01-01', 180.0);
CREATE TABLE pilot (id INTEGER PRIMARY KEY, callsign TEXT, d1 TEXT, d2 TEXT);
INSERT INTO pilot VALUES (1, 'Hawk', '1970-01-01', '1990-05-05'),
    (2, 'Wren', '1985-03-03', '2000-06-06');
CREATE TABLE keeper (id INTEGER PRIMARY KEY, name TEXT, hire_date TEXT);
INSERT INTO keeper VALUES (1, 'Ida', '2010-01-01'), (2, 'Jon', '1999-01-01');
CREATE TABLE twin (id INTEGER PRIMARY KEY, name TEXT, birth_date TEXT, claimed TEXT);
INSERT INTO twin VALUES (1, 'Kim', '1980-01-01', '1985-01-01'),
    (2, 'Lou', '1982-01-01', '1979-01-01');
"""

DOCS = """
# pilot
One row per pilot.
- callsign: the pilot's name
- d1: the date the pilot was born
- d2: the date of the pilot's first flight

# twin
- claimed: the date of birth the person claims
"""


@pytest.fixture
async def people(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


_answer = functools.partial(answer_rows, docs=DOCS)


async def test_the_oldest_is_born_first_and_the_youngest_last(people: Database) -> None:
    assert _answer(people, "Who is the oldest skater?") == [("Ari", "1990-04-02")]
    assert _answer(people, "Who is the youngest skater?") == [("Bex", "2001-11-30")]
    assert _answer(people, "Which skater is the oldest?") == [("Ari", "1990-04-02")]
    oldest = _answer(people, "Who are the top 2 oldest skaters?")
    assert oldest == [("Ari", "1990-04-02"), ("Cal", "1995-07-15")]


async def test_a_birth_date_said_by_the_documentation_is_read(people: Database) -> None:
    assert _answer(people, "Who is the oldest pilot?") == [("Hawk", "1970-01-01")]
    assert _answer(people, "Who is the youngest pilot?") == [("Wren", "1985-03-03")]


@pytest.mark.parametrize(
    "question",
    [
        "Who is the oldest keeper?",  # a hire date is no age
        "Who is the youngest keeper?",
        "Who is the oldest twin?",  # two birth dates: which one?
        "What is the birth date of the oldest skater?",  # not a listing of the skaters
        "How many skaters are there, oldest first?",
    ],
)
async def test_no_one_birth_date_or_no_listing_declines(people: Database, question: str) -> None:
    assert _answer(people, question) is None
