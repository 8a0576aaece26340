"""A value that is both a plain text of the rows asked about and the name of a row of a
table joined to them ("How many tracks did Blue Moon record?": tracks by the artist Blue
Moon, or tracks whose composer is written 'Blue Moon'?) is two readings: the planner asks
which, unless a word of the question says it (the artist, composed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE artists (artist_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO artists VALUES (1, 'Blue Moon'), (2, 'Red Sky'), (3, 'Green Day Trio');
CREATE TABLE albums (album_id INTEGER PRIMARY KEY, title TEXT,
    artist_id INTEGER REFERENCES artists(artist_id));
INSERT INTO albums VALUES (1, 'First Light', 1), (2, 'Second Wind', 2), (3, 'Third Eye', 3);
CREATE TABLE tracks (track_id INTEGER PRIMARY KEY, name TEXT,
    album_id INTEGER REFERENCES albums(album_id), composer TEXT, seconds INTEGER);
INSERT INTO tracks VALUES
    (1, 'Dawn', 1, 'Blue Moon', 200), (2, 'Noon', 1, 'Ann Roe', 210),
    (3, 'Dusk', 1, 'Ann Roe', 220), (4, 'Gale', 2, 'Blue Moon', 230),
    (5, 'Calm', 2, 'Bo Lee', 240), (6, 'Rain', 2, 'Bo Lee', 250),
    (7, 'Hail', 3, 'Ann Roe', 260), (8, 'Snow', 3, 'Bo Lee', 270);
"""


@pytest.fixture
async def music(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    "question",
    [
        "How many tracks did Blue Moon record?",
        "List the tracks Blue Moon recorded.",
        "What is the total length in seconds of the tracks Blue Moon recorded?",
    ],
)
def test_a_composer_written_as_an_artists_name_is_asked_about(
    music: Database, question: str
) -> None:
    assert abstains(music, question), question


def test_a_value_only_the_rows_own_text_holds_is_read_there(music: Database) -> None:
    assert rows(music, "How many tracks did Ann Roe compose?") == [(3,)]


def test_the_artist_named_by_the_question_is_read(music: Database) -> None:
    assert rows(music, "How many tracks did the artist Red Sky record?") == [(3,)]


KEYED = """
CREATE TABLE items (id TEXT PRIMARY KEY, name TEXT);
INSERT INTO items VALUES ('felt', 'felt hat'), ('silk', 'silk scarf'), ('vest', 'felt vest'),
    ('cape', 'silk cape'), ('mask', 'mask');
CREATE TABLE materials (id TEXT PRIMARY KEY, name TEXT);
INSERT INTO materials VALUES ('m_felt', 'Felt'), ('m_silk', 'Silk'), ('m_wool', 'Wool');
CREATE TABLE item_materials (item TEXT REFERENCES items(id),
    material TEXT REFERENCES materials(id));
INSERT INTO item_materials VALUES ('felt', 'm_felt'), ('vest', 'm_felt'), ('vest', 'm_wool'),
    ('silk', 'm_silk'), ('cape', 'm_silk'), ('mask', 'm_wool');
"""


async def test_the_rows_own_key_written_as_a_named_row_is_asked_about(tmp_path: Path) -> None:
    database = await open_database(tmp_path, KEYED)
    question = "How many items are made of Felt?"  # the item 'felt', or the material Felt?
    assert abstains(database, question) or rows(database, question) == [(2,)]
