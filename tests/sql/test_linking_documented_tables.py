"""Tables whose names say nothing ("list_a", "list_b") and whose documentation says what
a row is: "one row per country", "one row per writing system".  A question names the
table by that noun phrase; a word two tables' rows are equally named by is declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE list_a (code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE list_c (code TEXT PRIMARY KEY, name TEXT, withdrawn TEXT);
CREATE TABLE list_w (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO list_a VALUES ('FR', 'France'), ('DE', 'Germany'), ('NZ', 'New Zealand');
INSERT INTO list_c VALUES ('CSHH', 'Czechoslovakia', '1993'), ('YUCS', 'Yugoslavia', '2003'),
  ('SUHH', 'USSR', '1992'), ('ZRCD', 'Zaire', '1997');
INSERT INTO list_w VALUES ('Latn', 'Latin'), ('Cyrl', 'Cyrillic');
"""

DOCS = """
# list_a
One row per country (nation, territory).
- code: its two-letter code

# list_c
One row per country code withdrawn (retired) since 1974.
- withdrawn: the year its code was withdrawn

# list_w
One row per writing system (script, alphabet).
- code: its four-letter code
"""

TWICE = DOCS.replace("One row per country code withdrawn", "One row per country, withdrawn")


async def documented(tmp_path: Path, docs: str) -> Database:
    catalog, connection = await open_database(tmp_path, SCHEMA)
    catalog.docs, catalog.cache = parse_documentation(docs), {}
    return catalog, connection


@pytest.fixture
async def lists(tmp_path: Path) -> Database:
    return await documented(tmp_path, DOCS)


async def test_the_table_whose_rows_are_countries_counts_the_countries(lists: Database) -> None:
    # list_c's rows are "country codes withdrawn", not countries
    assert rows(lists, "How many countries are there?") == [(3,)]


async def test_a_two_word_row_noun_names_its_table(lists: Database) -> None:
    assert rows(lists, "How many writing systems are there?") == [(2,)]


async def test_two_tables_of_countries_leave_the_question_open(tmp_path: Path) -> None:
    twice = await documented(tmp_path, TWICE)
    assert abstains(twice, "How many countries are there?")
