"""A number the question puts in a range — before "or less", "and up", "at most", or
after a comparative and a column's word ("bigger than size 9") — is never compared with
"=": read so, the question declines.  The bare number reads as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

SCHEMA = """
CREATE TABLE tile (id INTEGER PRIMARY KEY, name TEXT, cost INTEGER, size INTEGER);
INSERT INTO tile VALUES (1, 'Slate', 1, 9), (2, 'Clay', 3, 12), (3, 'Marble', 5, 4),
                        (4, 'Cork', 3, 9);
"""


@pytest.fixture
async def tiles(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "right"),
    [
        ("How many tiles cost 3 or less?", [(3,)]),
        ("How many tiles cost 3 or more?", [(3,)]),
        ("How many tiles cost 3 and up?", [(3,)]),
        ("How many tiles cost 3 at most?", [(3,)]),
        ("How many tiles are bigger than size 9?", [(1,)]),
    ],
)
async def test_a_range_is_never_read_as_equal(
    tiles: Database, question: str, right: list[tuple[int]]
) -> None:
    assert answer_rows(tiles, question) in (None, right)


async def test_the_bare_number_reads_as_before(tiles: Database) -> None:
    assert answer_rows(tiles, "How many tiles cost 3?") == [(2,)]
