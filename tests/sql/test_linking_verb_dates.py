"""A year or a place said with the verb of a column's noun ("discovered in the 1800s" ->
discovery_year, "discovered in Sweden" -> discovery_place): read as that column; of two
such columns reachable, never one guessed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE comet (id INTEGER PRIMARY KEY, name TEXT, discovery_year INTEGER,
                    discovery_place TEXT, discoverer TEXT);
INSERT INTO comet VALUES (1, 'Halley', 1758, 'England', 'Ann'),
    (2, 'Encke', 1818, 'Sweden', 'Bob'), (3, 'Biela', 1826, 'Sweden', 'Cy'),
    (4, 'Hale', 1995, 'Chile', 'Di');
CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT, launch_year INTEGER,
                    build_year INTEGER);
INSERT INTO probe VALUES (1, 'Alpha', 1990, 1980), (2, 'Beta', 1995, 1990);
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_the_noun_column_of_a_verb_reads_its_year(db: Database) -> None:
    assert rows(db, "How many comets were discovered in the 1800s?") == [(2,)]
    assert rows(db, "How many comets were discovered in 1995?") == [(1,)]
    assert rows(db, "How many comets were discovered in Sweden?") == [(2,)]


async def test_a_verb_naming_no_single_date_column_declines(db: Database) -> None:
    assert abstains(db, "How many comets were discovered?")  # no condition read
    assert abstains(db, "How many probes were discovered in 1990?")  # no such column
