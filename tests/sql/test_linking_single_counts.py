"""Rankings and totals that would pick one reading silently: a count whose groups reach
one counted row each, a "highest" value summed over a child's alternatives, and a
measure two tables hold as near the question's table — declined; their safe
neighbours still answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
INSERT INTO film VALUES (1, 'Alpha', 2000), (2, 'Beta', 2001), (3, 'Gamma', 2002);
CREATE TABLE maker (film_id INTEGER REFERENCES film(id), maker TEXT,
                    PRIMARY KEY (film_id, maker));
INSERT INTO maker VALUES (1, 'Ann Ames'), (2, 'Ann Ames'), (3, 'Bob Bell');
CREATE TABLE worker (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO worker VALUES (1, 'Cy', 'Cole'), (2, 'Di', 'Dunn'), (3, 'Ed', 'Eck');
CREATE TABLE venture (id INTEGER PRIMARY KEY, title TEXT,
                      leader INTEGER REFERENCES worker(id));
INSERT INTO venture VALUES (1, 'Moon', 1), (2, 'Mars', 2);
CREATE TABLE worker_venture (worker_id INTEGER REFERENCES worker(id),
                             venture_id INTEGER REFERENCES venture(id),
                             PRIMARY KEY (worker_id, venture_id));
INSERT INTO worker_venture VALUES (1, 1), (2, 1), (3, 1), (1, 2);
CREATE TABLE metal (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO metal VALUES (1, 'Iron'), (2, 'Gold');
CREATE TABLE valence (id INTEGER PRIMARY KEY, metal_id INTEGER REFERENCES metal(id),
                      charge INTEGER);
INSERT INTO valence VALUES (1, 1, 2), (2, 1, 3), (3, 1, 1), (4, 2, 5);
CREATE TABLE kind (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO kind VALUES (1, 'Net Pay'), (2, 'Food');
CREATE TABLE pay (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO pay VALUES (1, 'Acme'), (2, 'Shop');
CREATE TABLE entry (id INTEGER PRIMARY KEY, pay INTEGER REFERENCES pay(id),
                    kind INTEGER REFERENCES kind(id), amount REAL);
INSERT INTO entry VALUES (1, 1, 1, 500), (2, 1, 1, 500), (3, 2, 2, 30);
CREATE TABLE plan (id INTEGER PRIMARY KEY, pay INTEGER REFERENCES pay(id),
                   kind INTEGER REFERENCES kind(id), amount REAL);
INSERT INTO plan VALUES (1, 1, 1, 450);
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_a_count_through_the_groups_own_key_declines(db: Database) -> None:
    assert abstains(db, "Which venture has the most workers?")  # its one leader
    assert rows(db, "Which maker has the most films?") == [("Ann Ames", 2)]  # by the value


async def test_a_highest_value_over_a_childs_alternatives_is_never_summed(db: Database) -> None:
    assert abstains(db, "Which metal has the highest charge?")
    assert rows(db, "Which metal has the most valences?") == [("Iron", 3)]  # rows: counted


async def test_a_measure_two_tables_hold_as_near_declines(db: Database) -> None:
    assert abstains(db, "What is the total amount of net pay?")  # made, or planned?


async def test_the_documentations_word_for_both_measures_keeps_the_nearest(db: Database) -> None:
    catalog, connection = db
    catalog.docs = parse_documentation("## Synonyms\n- takings = amount\n")
    catalog.cache = {}
    assert rows((catalog, connection), "What are the total takings of net pay?") == [(1000.0,)]
