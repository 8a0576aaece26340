"""A value joined by "and" to the rows' noun asks for both kinds ("shops and kiosks"), and
a ranking grouped by a key the question does not say shows codes where names are asked:
both declined, the plain readings still answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE towns (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO towns VALUES ('T.01', 'Ashby'), ('T.02', 'Brook'), ('T.03', 'Crane');
CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT, kind TEXT,
    place_code TEXT REFERENCES towns(code));
INSERT INTO shops VALUES (1, 'Alma', 'store', 'T.01'), (2, 'Bree', 'kiosk', 'T.01'),
    (3, 'Cole', 'store', 'T.02'), (4, 'Dane', 'kiosk', 'T.03'), (5, 'Eve', 'store', 'T.03'),
    (6, 'Fenn', 'store', 'T.03');
"""

DOCS = """
# shops
- place_code: the city (a row of towns) the shop is in
"""


@pytest.fixture
async def shops(tmp_path: Path) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs = parse_documentation(DOCS)
    return catalog, connection


def test_a_kind_joined_to_the_rows_noun_by_and_is_declined(shops: Database) -> None:
    assert abstains(shops, "How many shops and kiosks are there?")
    assert rows(shops, "How many kiosks are there?") == [(2,)]
    assert rows(shops, "How many shops are there?") == [(6,)]


def test_a_ranking_grouped_by_a_key_not_said_is_declined(shops: Database) -> None:
    """ "each city" read through the documentation as ``place_code``: its codes, no city."""
    assert abstains(shops, "How many shops does each city have?")
    assert rows(shops, "How many shops does each town have?") == [
        ("Crane", 3), ("Ashby", 2), ("Brook", 1)
    ]  # fmt: skip


def test_a_key_abbreviating_the_word_said_is_read(shops: Database) -> None:
    """ "each place" says a word of ``place_code``: its codes are what was asked."""
    assert rows(shops, "How many shops does each place have?")[0] == ("T.03", 3)
