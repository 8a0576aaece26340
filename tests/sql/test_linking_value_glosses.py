"""Coded values said by the words their column's documentation glosses them with
("TD (touchdown)": "How many touchdowns ..."), and the glosses that are not read: a phrase
of two codes, or one with a word of another column ("regular season" beside a season)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, open_database

SCHEMA = """
CREATE TABLE match (id INTEGER PRIMARY KEY, season INTEGER, stage TEXT, kind TEXT);
INSERT INTO match VALUES (1, 2020, 'REG', 'A'), (2, 2020, 'REG', 'B'), (3, 2020, 'PO', 'A'),
    (4, 2021, 'REG', 'A'), (5, 2021, 'EX', 'B');
CREATE TABLE score (id INTEGER PRIMARY KEY, match_id INTEGER REFERENCES match(id), code TEXT);
INSERT INTO score VALUES (1, 1, 'TD'), (2, 1, 'FG'), (3, 2, 'TD'), (4, 3, 'SF'),
    (5, 4, 'FG'), (6, 4, 'FG');
"""
DOCS = """# match
- stage: EX (exhibition, friendly), REG (regular season) or PO (playoffs: knockout)
- kind: A (home and friendly), B (away)

# score
- code: TD (touchdown), FG (field goal) or SF (safety)
"""


@pytest.fixture
async def league(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def _read(league: Database, question: str) -> list[tuple[object, ...]] | None:
    catalog, connection = league
    plan = read_question(question, catalog, docs=parse_documentation(DOCS))
    if isinstance(plan, Abstention):
        return None
    return connection.execute(compile_plan(plan, catalog)).fetchall()


async def test_a_glossed_code_is_said_by_its_words(league: Database) -> None:
    assert _read(league, "How many touchdowns are there?") == [(2,)]
    assert _read(league, "How many field goals are there?") == [(3,)]
    assert _read(league, "How many playoff matches are there?") == [(1,)]
    assert _read(league, "How many knockout matches are there?") == [(1,)]


async def test_a_gloss_with_a_word_of_another_column_declines(league: Database) -> None:
    assert _read(league, "How many regular season matches are there?") is None


async def test_a_gloss_of_two_codes_declines(league: Database) -> None:
    assert _read(league, "How many friendly matches are there?") is None


async def test_without_documentation_a_gloss_is_unknown(league: Database) -> None:
    catalog, _ = league
    assert isinstance(read_question("How many touchdowns are there?", catalog), Abstention)


TONGUES = """
CREATE TABLE tongue (code TEXT PRIMARY KEY, name TEXT, status TEXT, scope TEXT);
INSERT INTO tongue VALUES ('aa', 'Alpha', 'E', 'I'), ('bb', 'Beta', 'E', 'M'),
    ('cc', 'Gamma', 'C', 'I'), ('dd', 'Delta', 'X', 'I'), ('ee', 'Epsilon', 'S', 'S');
"""
TONGUE_DOCS = """# tongue
- status: "X" spoken, "E" extinct, "C" constructed (invented), "S" special
- scope: "I" individual, "M" macrotongue (a group of close ones), "S" special
"""


async def test_a_quoted_code_is_said_by_the_words_after_it(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, TONGUES)
    docs = parse_documentation(TONGUE_DOCS)

    def read(question: str) -> list[tuple[object, ...]] | None:
        plan = read_question(question, catalog, docs=docs)
        if isinstance(plan, Abstention):
            return None
        return connection.execute(compile_plan(plan, catalog)).fetchall()

    assert read("How many extinct tongues are there?") == [(2,)]
    assert read("How many macrotongues are there?") == [(1,)]
    assert read("How many special tongues are there?") is None  # "S" of both columns


REALMS = """
CREATE TABLE realm (code TEXT PRIMARY KEY, name TEXT, zone TEXT);
INSERT INTO realm VALUES ('ab', 'Abra', 'NO'), ('cd', 'Cadra', 'SO'), ('ef', 'Efra', 'SO'),
    ('gh', 'Ghra', 'EA'), ('ij', 'Ijra', 'SO');
CREATE TABLE port (id INTEGER PRIMARY KEY, name TEXT, zone TEXT,
    realm_code TEXT REFERENCES realm(code));
INSERT INTO port VALUES (1, 'Anport', 'NO', 'ab'), (2, 'Bnport', 'SO', 'cd'),
    (3, 'Cnport', 'SO', 'cd'), (4, 'Dnport', 'EA', 'gh'), (5, 'Enport', 'SO', 'ef'),
    (6, 'Fnport', 'NO', 'ab');
"""
REALM_DOCS = """# port
- zone: the code of its zone: "NO" Northmark, "SO" Southmark, "EA" Eastmark

# realm
- zone: its zone's code, as for ports
"""


async def test_a_gloss_is_shared_by_a_column_of_the_same_codes(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, REALMS)
    docs = parse_documentation(REALM_DOCS)

    def read(question: str) -> list[tuple[object, ...]] | None:
        plan = read_question(question, catalog, docs=docs)
        if isinstance(plan, Abstention):
            return None
        return connection.execute(compile_plan(plan, catalog)).fetchall()

    assert read("How many realms are in Southmark?") == [(3,)]  # the realms' own zone
    assert read("How many ports are in Southmark?") == [(3,)]
    assert read("How many realms are in Eastmark?") == [(1,)]
