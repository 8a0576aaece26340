"""A ranking of a table's rows by the total of a column named as that table (a key to its
rows that no foreign key declares) adds up codes: declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE sections (section INTEGER PRIMARY KEY, title TEXT);
INSERT INTO sections VALUES (1, 'poems'), (2, 'plays'), (3, 'tales');
CREATE TABLE books (code TEXT PRIMARY KEY, label TEXT,
    section INTEGER REFERENCES sections(section));
INSERT INTO books VALUES ('B1', 'dawn', 1), ('B2', 'dusk', 1), ('B3', 'noon', 3),
    ('B4', 'rain', 2), ('B5', 'snow', 3), ('B6', 'wind', 3);
CREATE TABLE copies (code TEXT PRIMARY KEY, book_code TEXT REFERENCES books(code),
    label TEXT, section INTEGER);
INSERT INTO copies VALUES ('C1', 'B1', 'dawn: red', 1), ('C2', 'B1', 'dawn: blue', 1),
    ('C3', 'B3', 'noon: red', 3), ('C4', 'B4', 'rain: red', 2), ('C5', 'B6', 'wind: red', 3);
"""


@pytest.fixture
async def books(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def test_a_ranking_by_the_total_of_a_column_named_as_its_rows_is_declined(books: Database) -> None:
    """The old reading ranked the sections by SUM(copies.section): 6 for 'tales'.  Now the
    words naming the ranked table are not its measure either (``table_nouns``): the copies
    are counted per section, through their books."""
    assert rows(books, "Which section has the most copies?") == [("poems", 2), ("tales", 2)]
    assert abstains(books, "Which section has the highest total section of copies?")
    assert rows(books, "How many books does each section have?")[0] == ("tales", 3)
