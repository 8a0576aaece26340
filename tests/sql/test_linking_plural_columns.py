"""A value two columns of the counted rows hold, read in the one whose word the question
says in the plural ("blue eyes" -> eye_color, not skin_color)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE being (id INTEGER PRIMARY KEY, name TEXT, skin_color TEXT, eye_color TEXT);
INSERT INTO being VALUES (1, 'Ann', 'fair', 'blue'), (2, 'Bob', 'blue', 'brown'),
    (3, 'Cy', 'green', 'blue, red'), (4, 'Di', 'blue, green', 'green'), (5, 'Ed', 'blue', 'green');
"""
DOCS = """# being
One row per being.
- skin_color: skin colour ("fair", "blue")
- eye_color: eye colour ("blue", "green")
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs, catalog.cache = parse_documentation(DOCS), {}
    return catalog, connection


async def test_a_plural_word_names_the_column_of_the_value(db: Database) -> None:
    assert rows(db, "How many beings have blue eyes?") == [(2,)]
    assert rows(db, "How many beings have blue skin?") == [(3,)]
