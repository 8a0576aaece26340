"""A day said beside a month's name ("on March 1st 2021", "on the 1st of March") is read
by a condition on a whole date or a day column, or the question declines: a month number
equal to the day ("March" read as ``month = 3`` beside "3rd") does not read it.  A month
without a day reads as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE hike (id INTEGER PRIMARY KEY, trail TEXT, year INTEGER, month INTEGER,
                   day INTEGER);
INSERT INTO hike VALUES (1, 'Ridge', 2021, 3, 3), (2, 'Creek', 2021, 3, 14),
                        (3, 'Ridge', 2021, 3, 20), (4, 'Lake', 2021, 4, 3),
                        (5, 'Lake', 2021, 1, 1), (6, 'Creek', 2021, 1, 9);
"""


@pytest.fixture
async def hikes(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    "question",
    [
        "How many hikes were on March 3rd 2021?",  # 'march' read as month = 3 only
        "How many hikes were on January 1st 2021?",
        "How many hikes were on the 1st of January 2021?",
    ],
)
async def test_a_day_no_condition_reads_declines(hikes: Database, question: str) -> None:
    assert answer_rows(hikes, question) in (None, [(1,)])  # declined, or read with its day


async def test_a_month_without_a_day_reads_as_before(hikes: Database) -> None:
    assert answer_rows(hikes, "How many hikes were in March 2021?") == [(3,)]
