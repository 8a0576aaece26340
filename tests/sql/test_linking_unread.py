"""A number or a superlative the plan does not read is never dropped (a bus network of its
own, snake_case): "route 110" is a condition, not noise, and "the longest trip" orders
something a count does not — declined, never every row counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

BUSES = """
CREATE TABLE line (line_id TEXT PRIMARY KEY, line_label TEXT);
CREATE TABLE journey (journey_id INTEGER PRIMARY KEY, line_id TEXT REFERENCES line (line_id),
                      minutes INTEGER);
CREATE TABLE halt (halt_id INTEGER PRIMARY KEY, halt_name TEXT);
INSERT INTO line VALUES ('L7', 'Harbour loop'), ('L9', 'Airport express');
INSERT INTO journey VALUES (1, 'L7', 40), (2, 'L7', 45), (3, 'L9', 25);
INSERT INTO halt VALUES (1, 'Quay'), (2, 'Market'), (3, 'Terminal');
"""


@pytest.fixture
async def buses(tmp_path: Path) -> Database:
    return await open_database(tmp_path, BUSES)


async def test_a_number_no_condition_reads_is_declined(buses: Database) -> None:
    assert rows(buses, "How many journeys are there?") == [(3,)]
    assert abstains(buses, "How many journeys does line 110 have?")  # never 3


async def test_a_superlative_a_count_cannot_order_is_declined(buses: Database) -> None:
    assert abstains(buses, "How many halts does the longest journey have?")  # never 3
    assert rows(buses, "What are the top 2 journeys by minutes?")[0][1] == 45


async def test_numbers_and_superlatives_a_plan_reads_still_answer(buses: Database) -> None:
    assert rows(buses, "How many journeys have minutes over 30?") == [(2,)]
    assert rows(buses, "What are the top 2 lines by number of journeys?") == [
        ("Harbour loop (L7)", 2),
        ("Airport express (L9)", 1),
    ]


SCHOOL = """
CREATE TABLE weekday (weekday_name TEXT PRIMARY KEY, number INTEGER);
CREATE TABLE course (course_name TEXT PRIMARY KEY);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY,
                     course_name TEXT REFERENCES course (course_name),
                     weekday_name TEXT REFERENCES weekday (weekday_name));
INSERT INTO weekday VALUES ('Monday', 1), ('Friday', 5);
INSERT INTO course VALUES ('Art'), ('Maths');
INSERT INTO lesson VALUES (1, 'Maths', 'Monday'), (2, 'Maths', 'Monday'), (3, 'Art', 'Friday');
"""
"""Maths has the most lessons (2); Art's one lesson is on the day numbered 5."""


async def test_the_most_rows_of_a_table_are_never_another_tables_measure(tmp_path: Path) -> None:
    school = await open_database(tmp_path, SCHOOL)
    assert rows(school, "Which course has the most lessons?") == [("Maths", 2)]
    assert abstains(school, "Which course has the most lessons per weekday number?")
