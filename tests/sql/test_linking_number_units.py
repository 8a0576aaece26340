"""A number said in a unit that is not the compared column's quantity ("a fee over 100
kg" of a fee in dollars, "a fee above 10%" of an amount, "a depth over 5 minutes" of a
column of no unit) declines; so does a value read from a compared number's unit ("mass
over 200 u" read as the crate of code 'U').  A number in the column's own quantity, a
percentage of a column said in percent, read as before."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE crate (id INTEGER PRIMARY KEY, code TEXT, fee REAL, mass REAL,
                    fill REAL, waste REAL, depth REAL);
INSERT INTO crate VALUES (1, 'U', 120.0, 250.0, 80.0, 0.1, 3.0),
                         (2, 'K', 2.5, 20.0, 30.0, 0.3, 9.0),
                         (3, 'P', 40.0, 210.0, 55.0, 0.05, 6.0);
"""

DOCS = """
# crate
One row per crate.
- code: its one-letter code
- fee: its shipping fee in dollars
- mass: its mass in kilograms
- fill: how full it is, in percent
- waste: the share spoilt, a fraction (0.1 means 10 %)
"""


@pytest.fixture
async def crates(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


_answer = functools.partial(answer_rows, docs=DOCS)


@pytest.mark.parametrize(
    "question",
    [
        "How many crates have a fee over 100 kg?",  # a weight of an amount of money
        "How many crates have a fee above 10%?",  # a share of an amount
        "How many crates have a fee above 10 percent?",
        "How many crates have a waste above 5%?",  # 5% is 0.05 of a fraction, not 5
        "How many crates have a mass over 100 dollars?",
        "How many crates have a depth over 5 minutes?",  # no unit, no word of a duration
        "How many crates have a mass over 200 u?",  # 'u' the unit, not the code 'U'
    ],
)
async def test_a_number_in_another_quantity_declines(crates: Database, question: str) -> None:
    assert _answer(crates, question) is None


async def test_a_number_in_the_columns_own_quantity_reads_as_before(crates: Database) -> None:
    assert _answer(crates, "How many crates have a mass over 200 kg?") == [(2,)]
    assert _answer(crates, "How many crates have a fee over 100 dollars?") == [(1,)]
    assert _answer(crates, "How many crates have a fill above 50%?") == [(2,)]
    assert _answer(crates, "How many crates have a mass over 200?") == [(2,)]
