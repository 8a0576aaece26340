"""A group column of a word a sibling key also has, referring to a table of that word,
is declined: "each pipe kind" names ``kind`` and ``catalog_kind`` alike."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database

PIPES = """
CREATE TABLE pipe_catalog_kinds (name TEXT PRIMARY KEY, diameter REAL);
CREATE TABLE pipes (id INTEGER PRIMARY KEY, label TEXT, kind TEXT,
  catalog_kind TEXT REFERENCES pipe_catalog_kinds(name), length REAL);
INSERT INTO pipe_catalog_kinds VALUES ('DN100 steel', 100), ('DN200 clay', 200);
INSERT INTO pipes VALUES (1, 'P1', 'steel', 'DN100 steel', 3), (2, 'P2', 'clay', 'DN200 clay', 4),
  (3, 'P3', 'steel', 'DN100 steel', 5), (4, 'P4', 'clay', 'DN200 clay', 6);
"""


async def test_a_kind_a_sibling_key_refers_to_is_declined(tmp_path: Path) -> None:
    database = await open_database(tmp_path, PIPES)
    assert abstains(database, "How many pipes of each pipe kind are there?")
    assert abstains(database, "Which pipe kind is used the most?")
