"""A negation before a list of values ("excluding Abc and Xyz", "not in Abc or Xyz")
excludes every value of the list: never the first one alone, with the others read as a
positive condition."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE kiosk (id INTEGER PRIMARY KEY, name TEXT, province TEXT);
INSERT INTO kiosk VALUES (1, 'Abel', 'Norvik'), (2, 'Brisk', 'Sudby'), (3, 'Cove', 'Ostholm'),
    (4, 'Dune', 'Vesterby'), (5, 'Elm', 'Norvik'), (6, 'Fen', 'Ostholm'), (7, 'Gale', 'Sudby');
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def _right_or_declined(db: Database, question: str, expected: list[tuple[int]]) -> bool:
    return abstains(db, question) or rows(db, question) == expected


async def test_every_value_of_an_excluded_list_is_excluded(db: Database) -> None:
    assert rows(db, "How many kiosks are there excluding those in Norvik and Sudby?") == [(3,)]
    assert rows(db, "How many kiosks are not in Norvik or Sudby?") == [(3,)]
    assert rows(db, "How many kiosks are there except those in Sudby and Ostholm?") == [(3,)]


async def test_a_longer_excluded_list_is_right_or_declined(db: Database) -> None:
    three = "How many kiosks are there excluding those in Norvik, Sudby and Ostholm?"
    assert _right_or_declined(db, three, [(1,)])
    other = "How many kiosks are there other than those in Norvik and Sudby?"
    assert _right_or_declined(db, other, [(3,)])
    without = "How many kiosks are there without those in Norvik and Sudby?"
    assert _right_or_declined(db, without, [(3,)])


async def test_a_value_after_a_negated_one_in_another_clause_stays_positive(
    db: Database,
) -> None:
    assert rows(db, "How many kiosks in Sudby are not called Gale?") == [(1,)]
