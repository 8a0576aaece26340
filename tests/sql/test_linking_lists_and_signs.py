"""Values and amounts that read as one thing and mean another, on a small film schema and
a small ledger: a studio named alone in some cells and inside comma-separated lists in
others, a person who directed, wrote and acted, a title starting with "A Film", and
amounts documented as negative for money paid out.  Each answer is right, or the linker
abstains; never a confident wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

FILMS = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, year INTEGER, runtime INTEGER);
CREATE TABLE scores (id INTEGER PRIMARY KEY REFERENCES film (id), studio TEXT);
CREATE TABLE director (id INTEGER REFERENCES film (id), director TEXT);
CREATE TABLE writer (id INTEGER REFERENCES film (id), writer TEXT);
CREATE TABLE actor (id INTEGER REFERENCES film (id), actor TEXT);
INSERT INTO film VALUES (1, 'A Film Unfinished', 1980, 90), (2, 'Blue Sky', 1981, 120),
  (3, 'Red Dawn', 1990, 100), (4, 'Green Hill', 1984, 110), (5, 'Grey Days', 1985, 80);
INSERT INTO scores VALUES (1, 'Acme'), (2, 'Acme, Zenith Pictures'),
  (3, 'Orbit Films, Acme'), (4, 'Zenith Pictures'), (5, 'Acmeville');
INSERT INTO director VALUES (1, 'Ada Lane'), (2, 'Ada Lane'), (3, 'Bo Reed'), (4, 'Ada Lane'),
  (5, 'Cy Moss');
INSERT INTO writer VALUES (2, 'Ada Lane'), (3, 'Dee Park'), (4, 'Cy Moss'), (5, 'Bo Reed');
INSERT INTO actor VALUES (5, 'Ada Lane'), (1, 'Eve Hart'), (2, 'Eve Hart'), (3, 'Bo Reed');
"""

LEDGER = """
CREATE TABLE payee (key INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE entry (id INTEGER PRIMARY KEY, amount REAL, payee INTEGER REFERENCES payee (key));
INSERT INTO payee VALUES (1, 'Employer'), (2, 'Landlord'), (3, 'Grocer'), (4, 'Cinema');
INSERT INTO entry VALUES (1, 2000, 1), (2, -800, 2), (3, -120, 3), (4, -30, 3), (5, -15, 4);
"""

LEDGER_DOCS = """
# entry
One row per transaction.
- amount: how much; negative for a payment, positive for money received
- payee: who was paid or who paid
"""


@pytest.fixture
async def films(tmp_path: Path) -> Database:
    return await open_database(tmp_path, FILMS)


async def test_a_value_also_inside_comma_lists_counts_every_list_naming_it(
    films: Database,
) -> None:
    # not only the cells that are exactly 'Acme' (1), nor 'Acmeville'
    assert rows(films, "How many films did Acme make?") == [(3,)]


async def test_a_value_in_several_tables_as_near_declines(films: Database) -> None:
    # Ada Lane directed 3 films, wrote 1 and acted in 1: "Ada Lane films" cannot be told
    assert abstains(films, "How many Ada Lane films came out in the 1980s?")


async def test_a_table_word_with_an_article_is_not_part_of_a_title(films: Database) -> None:
    # "a film" is any film, not the title 'A Film Unfinished'
    assert rows(films, "What is the average runtime of a film?") == [(100.0,)]


async def test_a_ranking_of_money_paid_out_by_a_signed_amount_declines(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, LEDGER)
    catalog.docs, catalog.cache = parse_documentation(LEDGER_DOCS), {}
    # the largest signed total is the employer's 2000 received, not money paid
    assert abstains(
        (catalog, connection), "What are the top 3 payees by total amount paid to them?"
    )


async def test_a_ranking_of_an_undocumented_amount_still_answers(tmp_path: Path) -> None:
    database = await open_database(tmp_path, LEDGER)
    assert rows(database, "What are the top 2 payees by total amount?")[0][0] == "Employer"
