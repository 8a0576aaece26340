"""Dates kept as text with their year last ("24.10.1917", "10/24/1917"): no prefix of
them is a year or a month and they do not sort as time, so "in 1917" is the year found in
the text, and a month, a decade, "before 1917", the earliest or a count per month decline
— never an empty result read as "none", nor an order of days read as an order of dates.
Dates written year first keep their prefix reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.catalog import date_form
from tests.sql.linking_schemas import Database, abstains, open_database, rows

BATTLES = """
CREATE TABLE battle (id INTEGER PRIMARY KEY, title TEXT, date TEXT, turns INTEGER);
INSERT INTO battle VALUES (1, 'Ford', '10.06.1914', 5), (2, 'Ridge', '23.01.1915', 7),
    (3, 'Marsh', '04.06.1916', 9), (4, 'Pass', '24.10.1917', 4), (5, 'Hill', '15.05.1916', 6);
"""

SIEGES = """
CREATE TABLE siege (id INTEGER PRIMARY KEY, title TEXT, date TEXT, turns INTEGER);
INSERT INTO siege VALUES (1, 'Ford', '1914-06-10', 5), (2, 'Ridge', '1915-01-23', 7),
    (3, 'Marsh', '1916-06-04', 9), (4, 'Pass', '1917-10-24', 4), (5, 'Hill', '1916-05-15', 6);
"""


@pytest.fixture
async def battles(tmp_path: Path) -> Database:
    return await open_database(tmp_path, BATTLES)


def test_the_form_of_a_date_is_told_by_its_values() -> None:
    assert date_form(["1916-06-04", "2001-01-01T10:00:00Z"]) == "year_first"
    assert date_form(["19160604", "1916"]) == "year_first"
    assert date_form(["04.06.1916", "6/4/1916 10:00"]) == "year_last"
    assert date_form(["June 4, 1916", "04.06.1916"]) == "other"
    assert date_form([]) == "year_first"


async def test_a_year_is_found_in_a_date_written_year_last(battles: Database) -> None:
    assert rows(battles, "How many battles took place in 1916?") == [(2,)]
    assert sorted(rows(battles, "Which battles take place in 1916?")) == [("Hill",), ("Marsh",)]


@pytest.mark.parametrize(
    "question",
    [
        "How many battles took place in June 1916?",
        "How many battles took place in the 1910s?",
        "How many battles took place before 1916?",
        "What was the first battle?",
        "How many battles took place each month?",
    ],
)
async def test_what_a_date_written_year_last_cannot_say_declines(
    battles: Database, question: str
) -> None:
    assert abstains(battles, question)


async def test_a_date_written_year_first_keeps_its_prefix(tmp_path: Path) -> None:
    sieges = await open_database(tmp_path, SIEGES)
    assert rows(sieges, "How many sieges took place in June 1916?") == [(1,)]
    assert rows(sieges, "How many sieges took place before 1916?") == [(2,)]
