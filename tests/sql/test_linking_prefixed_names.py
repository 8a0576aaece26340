"""Names in a terse style of their own: every column of a table starts with one short
prefix (``m_``, ``bk_``) that is no word, and lower-case compounds of words and
abbreviations (``acctbal``, ``listprice``, ``homecity``) read as their words, so the
questions a user writes in plain English find them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.words import column_prefix, identifier_words, question_words
from tests.sql.linking_schemas import Database, open_database, rows

LIBRARY = """
CREATE TABLE member (m_memberid INTEGER PRIMARY KEY, m_name TEXT, m_acctbal REAL,
                     m_homecity TEXT);
CREATE TABLE book (bk_bookid INTEGER PRIMARY KEY, bk_title TEXT, bk_listprice REAL);
CREATE TABLE loan (ln_loanid INTEGER PRIMARY KEY, ln_duedate DATE,
                   ln_memberid INTEGER REFERENCES member (m_memberid),
                   ln_bookid INTEGER REFERENCES book (bk_bookid));
INSERT INTO member VALUES (1, 'Ines', 12.5, 'Porto'), (2, 'Jon', -3.0, 'Braga'),
  (3, 'Kai', 40.0, 'Porto');
INSERT INTO book VALUES (1, 'Atlas', 2500.0), (2, 'Primer', 15.0), (3, 'Lexicon', 1800.0);
INSERT INTO loan VALUES (1, '2024-01-10', 1, 1), (2, '2024-02-11', 1, 2), (3, '2024-02-20', 3, 3);
"""


@pytest.fixture
async def library(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LIBRARY)


def test_a_prefix_on_every_column_is_no_word() -> None:
    assert column_prefix(["m_memberid", "m_name", "m_acctbal"]) == "m_"
    assert column_prefix(["bk_bookid", "bk_title", "bk_listprice"]) == "bk_"
    assert column_prefix(["dep_time", "arr_time", "carrier"]) == ""  # words, not a prefix
    assert column_prefix(["a_x", "b_y", "c_z"]) == ""
    assert column_prefix(["m_id", "m_name"]) == ""  # too few columns to tell


def test_compounds_read_as_words() -> None:
    assert identifier_words("m_acctbal", "m_") == ["account", "balance"]
    assert identifier_words("bk_listprice", "bk_") == ["list", "price"]
    assert identifier_words("m_homecity", "m_") == ["home", "city"]
    assert identifier_words("password") == ["password"]  # no word's parts
    assert identifier_words("category") == ["category"]  # short: never split
    assert identifier_words("dep_time") == ["departure", "time"]
    assert question_words("more than $1,500?") == ["more", "than", "1500"]


async def test_plain_english_finds_terse_columns(library: Database) -> None:
    assert rows(library, "Which member has the highest account balance?") == [("Kai", 40.0)]
    assert rows(library, "What is the average account balance of members?") == [(16.5,)]
    assert rows(library, "How many members have a home city of Porto?") == [(2,)]
    assert rows(library, "How many books cost more than $1,500?") == [(2,)]
    assert rows(library, "Which book has the highest list price?") == [("Atlas", 2500.0)]
