"""A documented amount ("goals = g") the question says must be what the plan reads: "How
many goals did Ann Lee score?" is never the number of people called Ann Lee, nor of the
awards named after her — a plan that reads no goals answers another question."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE people (person_id TEXT PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO people VALUES ('lee01', 'Ann', 'Lee'), ('roy01', 'Bo', 'Roy'),
    ('kim01', 'Cy', 'Kim');
CREATE TABLE scoring (person_id TEXT REFERENCES people(person_id), year INTEGER,
    g INTEGER);
INSERT INTO scoring VALUES ('lee01', 2001, 10), ('lee01', 2002, 12), ('roy01', 2001, 3),
    ('kim01', 2002, 5);
CREATE TABLE keeping (person_id TEXT REFERENCES people(person_id), year INTEGER,
    g INTEGER);
INSERT INTO keeping VALUES ('kim01', 2001, 7), ('kim01', 2002, 9);
CREATE TABLE honours (person_id TEXT REFERENCES people(person_id), year INTEGER,
    honour TEXT);
INSERT INTO honours VALUES ('roy01', 2001, 'Ann Lee Trophy'), ('kim01', 2002, 'Ann Lee Trophy'),
    ('lee01', 2002, 'Golden Boot');
"""

DOCS = """
# scoring
- g: own goals

## Synonyms
- own goals = g
"""


@pytest.fixture
async def league(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


@pytest.mark.parametrize(
    "question",
    [
        "How many own goals did Ann Lee score?",  # the trophy named after her: 2 rows
        "How many own goals did person lee01 score?",  # the person: 1 row
        "How many own goals did Bo Roy score?",
    ],
)
def test_a_documented_amount_the_plan_does_not_read_is_no_answer(
    league: Database, question: str
) -> None:
    assert abstains(league, question) or rows(league, question) == [(22,)], question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many own goals were scored in 2001?", [(13.0,)]),
        ("How many honours are there?", [(3,)]),
    ],
)
def test_a_documented_amount_that_is_read_still_answers(
    league: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(league, question) == expected
