"""Two plans that leave a part of the question out: a count of every row when the
question names another table the rows "come in" ("How many emojis come in variants?"),
and a count per group whose groups are narrowed to the one named like the place asked
about ("each city of Ahn", Ahn being also a city): both are declined."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, open_database, rows

SCHEMA = """
CREATE TABLE emojis (code TEXT PRIMARY KEY, label TEXT);
INSERT INTO emojis VALUES ('1F44B', 'waving hand'), ('1F600', 'grinning face'),
    ('1F44D', 'thumbs up');
CREATE TABLE variants (code TEXT PRIMARY KEY, base TEXT REFERENCES emojis(code), tone INTEGER);
INSERT INTO variants VALUES ('1F44B-1', '1F44B', 1), ('1F44B-2', '1F44B', 2),
    ('1F44D-1', '1F44D', 1);
CREATE TABLE cities (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO cities VALUES (1, 'Ahn'), (2, 'Bel'), (3, 'Cor');
CREATE TABLE places (code INTEGER PRIMARY KEY, city_id INTEGER REFERENCES cities(id));
INSERT INTO places VALUES (10, 1), (11, 1), (12, 2), (13, 3), (14, 3), (15, 3);
"""


async def test_a_count_that_leaves_a_named_table_out_is_declined(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    question = "How many emojis come in variants?"
    assert abstains(database, question) or rows(database, question) == [(2,)]
    assert rows(database, "How many emojis are there?") == [(3,)]


async def test_groups_narrowed_to_the_one_named_as_the_place_are_declined(
    tmp_path: Path,
) -> None:
    database = await open_database(tmp_path, SCHEMA)
    assert abstains(database, "How many places does each city of Ahn have?")
    assert rows(database, "How many places does each city have?") == [
        ("Cor", 3), ("Ahn", 2), ("Bel", 1),
    ]  # fmt: skip


async def test_a_parent_every_row_has_is_no_condition(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    assert rows(database, "How many places do cities have?") == [(6,)]
