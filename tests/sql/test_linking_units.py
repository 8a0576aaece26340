"""A unit the question says that is not the column's ("in pounds" of a weight in
kilograms, "in feet" of a height documented in metres) declines: the answer would be
the other unit's number.  The column's own unit, or none said, reads as before."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE beast (id INTEGER PRIMARY KEY, name TEXT, weight_kg REAL, height REAL,
                    speed INTEGER);
INSERT INTO beast VALUES (1, 'Grum', 120.0, 1.5, 30), (2, 'Pip', 2.5, 0.3, 50);
"""

DOCS = """
# beast
One row per beast.
- height: its height in metres
- speed: its top speed in km/h
"""


@pytest.fixture
async def beasts(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


_answer = functools.partial(answer_rows, docs=DOCS)


@pytest.mark.parametrize(
    "question",
    [
        "What is the weight of Grum in pounds?",  # kg by the column's name
        "What is the average weight in pounds?",
        "How many beasts weigh over 100 lbs?",
        "What is the height of Pip in feet?",  # metres by the documentation
        "Which beasts are taller than 3 feet?",
    ],
)
async def test_another_unit_than_the_columns_declines(beasts: Database, question: str) -> None:
    assert _answer(beasts, question) is None


async def test_the_columns_own_unit_reads_as_before(beasts: Database) -> None:
    assert _answer(beasts, "What is the weight of Grum in pounds?") is None
    assert _answer(beasts, "What is the weight of Grum in kilograms?") == [(120.0,)]
    assert _answer(beasts, "How many beasts weigh over 100 kg?") == [(1,)]
    assert _answer(beasts, "What is the height of Pip in metres?") == [(0.3,)]


ATHLETES = """
CREATE TABLE athlete (id INTEGER PRIMARY KEY, name TEXT, height REAL, weight REAL, score REAL);
INSERT INTO athlete VALUES (1, 'Ona', 181.0, 70.0, 9.5), (2, 'Pia', 158.0, 52.0, 7.0),
    (3, 'Rue', 166.0, 60.0, 8.0);
CREATE TABLE park (id INTEGER PRIMARY KEY, name TEXT, area REAL);
INSERT INTO park VALUES (1, 'Elm', 2.5), (2, 'Oak', 4.0);
"""

ATHLETE_DOCS = """
# athlete
One row per athlete.
- height: the athlete's height in centimetres (168.0)
- weight: the athlete's weight in kilograms
- score: the judges' mark

# park
- area: its area in square kilometres
"""

_athlete = functools.partial(answer_rows, docs=ATHLETE_DOCS)


@pytest.fixture
async def athletes(tmp_path: Path) -> Database:
    return await open_database(tmp_path, ATHLETES)


async def test_a_unit_word_of_the_column_read_is_understood(athletes: Database) -> None:
    assert _athlete(athletes, "What is the average height of the athletes, in cm?") == [
        (168.333333,)
    ]
    assert _athlete(athletes, "How many athletes are taller than 165 cm?") == [(2,)]


@pytest.mark.parametrize(
    "question",
    [
        "What is the average weight of the athletes, in cm?",  # a length, of a weight
        "What is the average score of the athletes, in cm?",  # a column of no known unit
        "How many athletes have a score above 8 cm?",
        "What is the total area of the parks, in square miles?",
        "What is the average height of the athletes in kg?",  # a weight's unit, a known word
        "What is the average height of the athletes in kilograms?",
    ],
)
async def test_a_unit_word_of_no_column_read_declines(athletes: Database, question: str) -> None:
    assert _athlete(athletes, question) is None


async def test_a_known_unit_word_of_the_column_read_is_understood(athletes: Database) -> None:
    assert _athlete(athletes, "What is the average weight of the athletes in kg?") == [(60.666667,)]


async def test_at_least_compares_a_number_it_ranks_nothing(athletes: Database) -> None:
    tall = _athlete(athletes, "Which athletes are at least 165 cm tall?")
    assert sorted(tall or []) == [("Ona",), ("Rue",)]
    heavy = _athlete(athletes, "Which athletes have a weight of at least 60?")
    assert sorted(heavy or []) == [("Ona",), ("Rue",)]  # not the lightest of them
