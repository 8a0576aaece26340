"""Readings the question's words do not tell apart are asked about, never picked silently:
a value in two columns of one table ('Acme' the maker and the seller of parts), a noun
that is the last word of two tables' names ("codes" of ``level_codes`` and
``item_codes``), a common noun that is one word of a name in capitals ("all registries",
"the registry" for 'Global Trade Registry'), and a count of the different values of a column
over rows a unique value of the same table pins to one row (always 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.linking import Abstention, read_question
from tests.sql.linking_schemas import Database, abstains, open_database, rows

PARTS = """
CREATE TABLE grades (grade_id INTEGER PRIMARY KEY, code TEXT, name TEXT);
INSERT INTO grades VALUES (1, 'GOLD', 'Gold'), (2, 'TIN', 'Tin'), (3, 'LEAD', 'Lead');
CREATE TABLE parts (part_id INTEGER PRIMARY KEY, name TEXT, maker TEXT, seller TEXT,
    weight INTEGER, grade_id INTEGER REFERENCES grades(grade_id));
INSERT INTO parts VALUES
    (1, 'bolt', 'Acme', 'Zenith', 3, 1), (2, 'nut', 'Borg', 'acme', 1, 1),
    (3, 'gear', 'Borg', 'acme', 7, 2), (4, 'cog', 'Acme', 'Zenith', 5, 3),
    (5, 'pin', 'Cato', 'Zenith', 2, 1), (6, 'rod', 'Cato', 'Borg', 9, 2);
"""


@pytest.fixture
async def parts(tmp_path: Path) -> Database:
    return await open_database(tmp_path, PARTS)


def test_a_value_in_two_columns_of_one_table_is_asked_about(parts: Database) -> None:
    declined = read_question("How many parts does Acme have?", parts[0])
    assert isinstance(declined, Abstention)
    assert "parts.maker" in declined.message and "parts.seller" in declined.message


def test_a_code_beside_a_name_is_one_reading(parts: Database) -> None:
    assert rows(parts, "How many gold parts are there?") == [(3,)]


def test_the_column_the_question_names_is_read(parts: Database) -> None:
    assert rows(parts, "How many parts have the maker Acme?") == [(2,)]
    assert rows(parts, "How many parts have the seller Acme?") == [(2,)]


CODES = """
CREATE TABLE schemes (scheme TEXT PRIMARY KEY, title TEXT, short_name TEXT, year INTEGER);
INSERT INTO schemes VALUES
    ('nat.1990', 'National Coding Scheme', 'NCS 1990', 1990),
    ('nat.2000', 'National Coding Scheme Revised', 'NCS 2000', 2000),
    ('glob.2010', 'Global Trade Registry', 'GTR 2010', 2010);
CREATE TABLE scheme_level_codes (scheme TEXT REFERENCES schemes(scheme), level_code TEXT,
    depth INTEGER, PRIMARY KEY (scheme, level_code));
INSERT INTO scheme_level_codes VALUES ('nat.1990', '1', 1), ('nat.1990', '2', 2),
    ('nat.2000', '1', 1), ('nat.2000', '2', 2), ('glob.2010', '1', 1);
CREATE TABLE itemCodes (scheme TEXT REFERENCES schemes(scheme), id TEXT, name TEXT,
    level_code TEXT, PRIMARY KEY (scheme, id),
    FOREIGN KEY (scheme, level_code) REFERENCES scheme_level_codes (scheme, level_code));
INSERT INTO itemCodes VALUES
    ('nat.1990', 'A', 'Farming', '1'), ('nat.1990', 'A1', 'Wheat', '2'),
    ('nat.1990', 'A2', 'Barley', '2'), ('nat.2000', 'A', 'Farming', '1'),
    ('nat.2000', 'A1', 'Wheat', '2'), ('glob.2010', 'X', 'Trade', '1'),
    ('glob.2010', 'Y', 'Mining', '1');
"""


@pytest.fixture
async def codes(tmp_path: Path) -> Database:
    return await open_database(tmp_path, CODES)


def test_a_noun_ending_two_tables_names_is_asked_about(codes: Database) -> None:
    assert abstains(codes, "How many codes does NCS 1990 have?")


def test_a_common_noun_is_no_word_of_a_name(codes: Database) -> None:
    assert abstains(codes, "How many item codes are there across all registries?")
    assert abstains(codes, "How many item codes does the registry have?")
    assert rows(codes, "How many item codes are there across all schemes?") == [(7,)]
    named = "How many item codes does the Global Trade Registry have?"
    assert rows(codes, named) == [(2,)]


def test_different_values_of_one_pinned_row_are_asked_about(codes: Database) -> None:
    assert abstains(codes, "How many different titles are used in NCS 1990?")
    assert rows(codes, "How many different titles are there?") == [(3,)]


async def test_the_last_word_after_a_function_word_still_names_it(tmp_path: Path) -> None:
    plays = await open_database(
        tmp_path,
        """
        CREATE TABLE plays (play_id INTEGER PRIMARY KEY, pattern TEXT);
        INSERT INTO plays VALUES (1, 'At Gate'), (2, 'Open Play'), (3, 'At Gate'),
            (4, 'Off Post'), (5, 'Open Play');
    """,
    )
    assert rows(plays, "How many plays were at a gate?") == [(2,)]
