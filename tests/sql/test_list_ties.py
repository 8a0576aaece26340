"""The row with the most (least) of a measure, and the first (last) row by a date: rows
tied at the top are all the answer, never the one the database happens to return first
("the highest defence" when two units share it).  The answer's words: tests/middleware/
test_sql_planner.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, open_database, rows

FORT = """
CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT UNIQUE, defense INTEGER,
    built DATE);
INSERT INTO unit VALUES (1, 'Pikeman', 2, '2001-03-04'), (2, 'Bastion', 9, '2001-03-04'),
    (3, 'Rampart', 9, '2005-07-01'), (4, 'Scout', 1, '2003-01-09');
"""


@pytest.fixture
async def fort(tmp_path: Path) -> Database:
    return await open_database(tmp_path, FORT)


def test_two_rows_tied_for_the_most_are_both_the_answer(fort: Database) -> None:
    assert rows(fort, "Which unit has the highest defense?") == [
        ("Bastion", 9),
        ("Rampart", 9),
    ]


def test_a_lone_winner_is_the_answer_alone(fort: Database) -> None:
    assert rows(fort, "Which unit has the lowest defense?") == [("Scout", 1)]


def test_the_first_rows_by_a_date_tie_too(fort: Database) -> None:
    assert rows(fort, "Which was the first unit?") == [
        ("Bastion", "2001-03-04"),
        ("Pikeman", "2001-03-04"),
    ]
