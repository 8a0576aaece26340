"""A code of a column of many values (indexed, not listed) said by the name its column's
documentation writes after it in quotes ('"NR" Northland'): "depots in Northland" reads
region = 'NR', as "depots in NR" does; a name of no code the column holds, a lower-case
phrase, or a name two columns of the table gloss, is not read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, answer_rows, open_database

_CODES = [f"Q{i:02d}" for i in range(45)] + ["NR", "NR", "NR", "UH", "UH", "SV", "KX"]
_ORIGINS = [f"P{i:02d}" for i in range(48)] + ["KX"] * 4
_ROWS = (f"({i}, 'Depot {i}', '{c}', '{_ORIGINS[i]}')" for i, c in enumerate(_CODES))
SCHEMA = f"""
CREATE TABLE depot (id INTEGER PRIMARY KEY, name TEXT, region TEXT, origin TEXT);
INSERT INTO depot VALUES {", ".join(_ROWS)};
"""
DOCS = """# depot
One row per depot.
- region: the region, a two-letter code ("NR" Northland, "UH" Upper Highlands, "SV"
  Southvale, "ZZ" Farshore, "KX" quiet coast)
"""
TWICE = """# depot
- region: the region, a two-letter code ("NR" Northland, "UH" Upper Highlands)
- origin: the region it was moved from, a two-letter code ("KX" Northland)
"""


@pytest.fixture
async def depots(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA, docs=DOCS)


async def test_a_named_code_is_said_by_its_name(depots: Database) -> None:
    assert answer_rows(depots, "How many depots are there in Northland?", DOCS) == [(3,)]
    assert answer_rows(depots, "How many depots are there in NR?", DOCS) == [(3,)]


async def test_a_name_of_several_words(depots: Database) -> None:
    assert answer_rows(depots, "How many depots are in the Upper Highlands?", DOCS) == [(2,)]


async def test_a_name_of_no_code_of_the_column_declines(depots: Database) -> None:
    assert answer_rows(depots, "How many depots are there in Farshore?", DOCS) is None


async def test_a_lower_case_phrase_is_no_name(depots: Database) -> None:
    assert answer_rows(depots, "How many depots are on the quiet coast?", DOCS) is None


async def test_without_documentation_a_name_is_unknown(tmp_path: Path) -> None:
    depots = await open_database(tmp_path, SCHEMA)
    assert answer_rows(depots, "How many depots are there in Northland?") is None


async def test_a_name_two_columns_gloss_declines(tmp_path: Path) -> None:
    depots = await open_database(tmp_path, SCHEMA, docs=TWICE)
    assert answer_rows(depots, "How many depots are in the Upper Highlands?", TWICE) == [(2,)]
    assert answer_rows(depots, "How many depots are there in Northland?", TWICE) is None


MEMBERS = """
CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT, status TEXT);
INSERT INTO member VALUES (1, 'Ann', 'A'), (2, 'Bob', 'R'), (3, 'Cid', 'A'), (4, 'Dee', 'A');
"""
MEMBER_DOCS = """# member
- status: "A" = active, "R" = retired
"""


async def test_a_code_glossed_after_an_equals_sign(tmp_path: Path) -> None:
    members = await open_database(tmp_path, MEMBERS, docs=MEMBER_DOCS)
    assert answer_rows(members, "How many retired members are there?", MEMBER_DOCS) == [(1,)]
    assert answer_rows(members, "How many active members are there?", MEMBER_DOCS) == [(3,)]
