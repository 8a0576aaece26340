"""A value spelled with a sign at its end ("G#", "Q++") is one word of the question, read
as that value (not declined as if it were the shorter "G"); a sign before or inside a
number ("#9", "10+", "U+00E9") is still no part of a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.words import question_words
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SONGS = """
CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT, "key" TEXT, tongue TEXT);
INSERT INTO songs VALUES (1, 'Ode', 'G', 'Q'), (2, 'Hum', 'G', 'Q++'),
                         (3, 'Lark', 'G#', 'Q++'), (4, 'Wren', 'A', 'Q');
"""


@pytest.fixture
async def songs(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SONGS)


async def test_a_value_ending_in_a_sign_is_read(songs: Database) -> None:
    assert rows(songs, "How many songs are in the key of G#?") == [(1,)]
    assert rows(songs, "How many songs are in the key of G?") == [(2,)]
    assert rows(songs, "How many songs have the tongue Q++?") == [(2,)]


async def test_an_unknown_value_ending_in_a_sign_declines(songs: Database) -> None:
    assert abstains(songs, "How many songs are in the key of A#?")


def test_a_sign_before_or_inside_a_number_is_no_word() -> None:
    assert question_words("track #9 with 10+ plays, U+00E9") == [
        "track", "9", "with", "10", "plays", "u", "00e9"
    ]  # fmt: skip
    assert question_words("songs in F# or C++!") == ["songs", "in", "f#", "or", "c++"]
