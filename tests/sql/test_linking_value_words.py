"""A word of a coded value stands for the value ("large airports": 'large_airport',
"urgent orders": '1-URGENT') only when exactly one listed value of one column has it as a
whole word; a word of several values, or of values in two columns, is declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE airport (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, altitude INTEGER);
INSERT INTO airport VALUES (1, 'Alpha', 'large_airport', 100), (2, 'Beta', 'large_airport', 300),
    (3, 'Gamma', 'small_airport', 50), (4, 'Delta', 'medium_airport', 70),
    (5, 'Eps', 'medium_airport', 20), (6, 'Zeta', 'heliport', 10);
CREATE TABLE parcel (id INTEGER PRIMARY KEY, priority TEXT, weight REAL);
INSERT INTO parcel VALUES (1, '1-URGENT', 2.0), (2, '1-URGENT', 3.0), (3, '2-HIGH', 1.0),
    (4, '3-NOT SPECIFIED', 4.0), (5, '2-HIGH', 5.0), (6, '3-NOT SPECIFIED', 1.0);
CREATE TABLE part (id INTEGER PRIMARY KEY, maker TEXT);
INSERT INTO part VALUES (1, 'Maker#1'), (2, 'Maker#3'), (3, 'Maker#3');
CREATE TABLE crate (id INTEGER PRIMARY KEY, size TEXT, colour TEXT);
INSERT INTO crate VALUES (1, 'SMALL BOX', 'dark red'), (2, 'MED BOX', 'light red'),
    (3, 'SMALL BAG', 'dark blue'), (4, 'MED BAG', 'light blue');
"""


@pytest.fixture
async def coded(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many large airports are there?", 2),
        ("How many urgent parcels are there?", 2),
        ("What is the average altitude of the large airports?", 200),
        ("What is the total weight of the urgent parcels?", 5.0),
        ("How many parts does Maker#3 make?", 2),  # the question's words: maker 3
    ],
)
def test_a_word_of_one_coded_value_reads_that_value(
    coded: Database, question: str, expected: float
) -> None:
    assert rows(coded, question) == [(expected,)]


@pytest.mark.parametrize(
    "question",
    [
        "How many small crates are there?",  # 'small_airport' and 'SMALL BOX', 'SMALL BAG'
        "How many red crates are there?",  # two values of one column
        "How many box crates are there?",  # 'SMALL BOX' and 'MED BOX'
    ],
)
def test_a_word_of_several_values_is_declined(coded: Database, question: str) -> None:
    assert abstains(coded, question)


MAKERS = """
CREATE TABLE turbine (id INTEGER PRIMARY KEY, model TEXT, maker TEXT, height REAL,
    wind_class TEXT);
INSERT INTO turbine VALUES (1, 'A-1', 'Acme Wind', 80, 'I'), (2, 'A-2', 'Acme Wind', 90, 'II'),
    (3, 'B-1', 'Borg', 70, 'I'), (4, 'C-1', 'Corex', 60, 'III'), (5, 'D-1', 'Dyna Gen', 95, 'I');
"""


async def test_a_word_of_a_name_written_as_words_is_no_value(tmp_path: Path) -> None:
    makers = await open_database(tmp_path, MAKERS)
    # 'Acme Wind' is a name, "wind" a word of a column: what the turbines are, not whose
    question = "How many wind turbine makers are listed?"
    assert abstains(makers, question) or rows(makers, question) == [(4,)]
    assert rows(makers, "How many turbines does Acme Wind make?") == [(2,)]
    assert rows(makers, "How many turbines does Dyna make?") == [(1,)]  # no word of the schema


CHANNELS = """
CREATE TABLE season (id INTEGER PRIMARY KEY, channel TEXT);
INSERT INTO season VALUES (1, 'North One'), (2, 'North One'), (3, 'Channel 9'), (4, 'Sky Two');
CREATE TABLE cook (id INTEGER PRIMARY KEY, name TEXT, age INTEGER,
    season INTEGER REFERENCES season(id));
INSERT INTO cook VALUES (1, 'Ann', 30, 1), (2, 'Bob', 40, 2), (3, 'Cy', 50, 3), (4, 'Di', 20, 4);
"""


async def test_the_columns_own_name_is_not_a_word_of_its_value(tmp_path: Path) -> None:
    """ "on each channel" names the column, not its value 'Channel 9'."""
    shows = await open_database(tmp_path, CHANNELS)
    assert rows(shows, "What was the average age of the cooks on each channel?") == [
        ("Channel 9", 50.0), ("North One", 35.0), ("Sky Two", 20.0)
    ]  # fmt: skip
    assert rows(shows, "How many cooks were on Channel 9?") == [(1,)]
