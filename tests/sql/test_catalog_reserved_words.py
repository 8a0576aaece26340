"""Columns and tables named with SQL keywords (``primary``, ``group``, ``order``, ``user``):
the catalog reads them and the planner's SQL quotes them (unquoted, ``SELECT DISTINCT
t.primary`` does not parse and the database could not be loaded at all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.catalog import quote
from tests.sql.linking_schemas import Database, open_database, rows

KEYWORDS = """
CREATE TABLE "group" (id INTEGER PRIMARY KEY, name TEXT, "primary" INTEGER);
INSERT INTO "group" VALUES (1, 'Red', 1), (2, 'Blue', 0), (3, 'Green', 0);
CREATE TABLE "order" (id INTEGER PRIMARY KEY, "group" INTEGER REFERENCES "group"(id),
    "user" TEXT, amount REAL);
INSERT INTO "order" VALUES (1, 1, 'ann', 10), (2, 2, 'bob', 20), (3, 2, 'ann', 5),
    (4, 2, 'cy', 7);
"""


@pytest.fixture
async def keywords(tmp_path: Path) -> Database:
    return await open_database(tmp_path, KEYWORDS)


@pytest.mark.parametrize(
    ("name", "written"),
    [("primary", '"primary"'), ("group", '"group"'), ("user", '"user"'), ("amount", "amount"),
     ("UnitPrice", '"UnitPrice"'), ('say "hi"', '"say ""hi"""')],
)  # fmt: skip
def test_a_keyword_is_quoted_a_plain_word_is_not(name: str, written: str) -> None:
    assert quote(name) == written


def test_a_database_whose_names_are_keywords_is_read_and_answered(keywords: Database) -> None:
    assert rows(keywords, "How many orders are there?") == [(4,)]
    assert rows(keywords, "What is the total amount of the orders?") == [(42.0,)]
    assert rows(keywords, "Which group has the most orders?") == [("Blue", 3)]
