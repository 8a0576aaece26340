"""A list of rows filtered by a value of a parent table each row refers to ("Which
towns are in Norway?": the towns of that country); a parent that refers back to the
rows (a country's capital town), or rows named by a key, are declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE region (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO region VALUES (1, 'Nordics'), (2, 'Alps');
CREATE TABLE land (id INTEGER PRIMARY KEY, name TEXT, region_id INTEGER REFERENCES region(id));
INSERT INTO land VALUES (1, 'Norway', 1), (2, 'Sweden', 1), (3, 'Austria', 2);
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, land_id INTEGER REFERENCES land(id));
INSERT INTO town VALUES (1, 'Oslo', 1), (2, 'Bergen', 1), (3, 'Umea', 2), (4, 'Graz', 3);
"""
CAPITALS = """
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, nation_id INTEGER REFERENCES nation(id));
CREATE TABLE nation (id INTEGER PRIMARY KEY, name TEXT, capital INTEGER REFERENCES town(id));
INSERT INTO nation VALUES (1, 'Norway', 1), (2, 'Sweden', 3);
INSERT INTO town VALUES (1, 'Oslo', 1), (2, 'Bergen', 1), (3, 'Stockholm', 2);
"""


@pytest.fixture
async def atlas(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which towns are in Norway?", [("Bergen",), ("Oslo",)]),
        ("List the lands in the Nordics.", [("Norway",), ("Sweden",)]),
    ],
)
def test_rows_of_a_parent_value(
    atlas: Database, question: str, expected: list[tuple[object, ...]]
) -> None:
    assert rows(atlas, question) == expected


async def test_a_parent_that_refers_back_is_declined(tmp_path: Path) -> None:
    """ "Which nations have Oslo": the nation of the town, or the one whose capital it is?
    ("Which nation is Oslo in" is the town's own key named after the nation: its value.)"""
    database = await open_database(tmp_path, CAPITALS)
    assert abstains(database, "Which nations have Oslo?")
    assert rows(database, "Which nation is Oslo in?") == [("Norway",)]
