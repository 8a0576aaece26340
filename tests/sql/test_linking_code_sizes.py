"""A column asked for with more words than its name ("the IATA code", "the series name")
or by the size of its values ("the three-letter ISO code", beside a two-letter one): the
one column so named, its own value — and the readings that could be two columns, or a
number no code is, decline."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE realm (iso TEXT PRIMARY KEY, iso3 TEXT, name TEXT, dial TEXT, area INTEGER,
                    coin_code TEXT, series TEXT);
INSERT INTO realm VALUES ('AR', 'ARL', 'Arland', '+41', 900, 'CRN', 'north'),
    ('BO', 'BOR', 'Borland', '+7', 300, 'MRK', 'south'),
    ('CE', 'CEN', 'Cenland', '+230', 120, 'CRN', 'north');
CREATE TABLE port (id INTEGER PRIMARY KEY, port_name TEXT, IATA TEXT, ICAO TEXT,
                   realm TEXT REFERENCES realm(iso));
INSERT INTO port VALUES (1, 'Dale Field', 'DLF', 'KDLF', 'AR'),
    (2, 'Esk Airfield', 'ESK', 'KESK', 'BO');
CREATE TABLE script (name TEXT PRIMARY KEY, code TEXT);
INSERT INTO script VALUES ('Runic', 'Runr'), ('Ogham', 'Ogam'), ('Latin', 'Latn');
"""


@pytest.fixture
async def world(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the three-letter ISO code of Borland?", [("BOR",)]),
        ("What is the two-letter ISO code of Borland?", [("BO",)]),
        ("What is the 3-letter ISO code of Cenland?", [("CEN",)]),
        ("What is the four-letter code of the Runic script?", [("Runr",)]),
        ("What is the IATA code of Dale Field?", [("DLF",)]),
        ("What is the dial code of Arland?", [("+41",)]),
        ("What is the series name of Cenland?", [("north",)]),
    ],
)
async def test_a_column_asked_with_more_words(
    world: Database, question: str, answer: list[object]
) -> None:
    assert rows(world, question) == answer


@pytest.mark.parametrize(
    "question",
    [
        "What is the area code of Arland?",  # an area in km² is no code
        "What is the three-letter code of Arland?",  # iso3 or coin_code: both three letters
        "What is the five-letter ISO code of Arland?",  # no such code
        "What is the realm code of Dale Field?",  # a key's value: the parent's, not asked
    ],
)
async def test_a_size_or_head_noun_that_fits_no_one_column_declines(
    world: Database, question: str
) -> None:
    assert abstains(world, question)
