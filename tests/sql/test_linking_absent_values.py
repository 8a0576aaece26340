"""Counts of the rows whose column is empty ("countries with no capital"): a text, a date
or a key column of the counted table is read as empty; a number ("no population": 0, or
unknown?) and a phrase naming no single column are never guessed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO town VALUES (1, 'Oslo'), (2, 'Bergen');
CREATE TABLE realm (id INTEGER PRIMARY KEY, name TEXT, formal_title TEXT,
                    capital INTEGER REFERENCES town(id), headcount INTEGER,
                    motto TEXT, anthem TEXT);
INSERT INTO realm VALUES (1, 'Norland', 'Kingdom of Norland', 1, 5, 'Up', 'Hymn'),
    (2, 'Sudland', NULL, NULL, 0, '', NULL), (3, 'Westland', '', 2, 7, 'On', 'Song'),
    (4, 'Eastland', 'Republic of Eastland', NULL, NULL, 'Go', 'Ode');
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_an_empty_key_or_text_column_is_counted(db: Database) -> None:
    assert rows(db, "How many realms have no capital?") == [(2,)]
    assert rows(db, "How many realms have no formal title?") == [(2,)]  # NULL and ''
    assert rows(db, "How many realms are there without a motto?") == [(1,)]


async def test_a_number_or_an_unnamed_column_is_never_guessed(db: Database) -> None:
    assert abstains(db, "How many realms have no headcount?")  # 0, or not known?
    assert abstains(db, "How many realms have no flag?")


CHILDREN = """
CREATE TABLE writer (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO writer VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
CREATE TABLE tome (id INTEGER PRIMARY KEY, title TEXT, writer_id INTEGER REFERENCES writer(id));
INSERT INTO tome VALUES (1, 'Dawn', 1), (2, 'Dusk', 1), (3, 'Noon', 3);
CREATE TABLE port (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO port VALUES (1, 'Ayr'), (2, 'Bude');
CREATE TABLE voyage (id INTEGER PRIMARY KEY, origin INTEGER REFERENCES port(id),
                     destination INTEGER REFERENCES port(id));
INSERT INTO voyage VALUES (1, 1, 1);
"""


@pytest.fixture
async def kids(tmp_path: Path) -> Database:
    return await open_database(tmp_path, CHILDREN)


async def test_rows_no_child_row_refers_to_are_named_and_counted(kids: Database) -> None:
    assert rows(kids, "Which writers have no tomes?") == [("Bob",)]
    assert rows(kids, "Which writers have no tomes at all?") == [("Bob",)]
    assert rows(kids, "How many writers have no tomes?") == [(1,)]


async def test_a_child_table_referring_twice_is_never_guessed(kids: Database) -> None:
    assert abstains(kids, "Which ports have no voyages?")  # from them, or to them?


LINKED = """
CREATE TABLE pupil (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO pupil VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
CREATE TABLE club (id INTEGER PRIMARY KEY, title TEXT);
INSERT INTO club VALUES (1, 'Chess'), (2, 'Choir'), (3, 'Drama');
CREATE TABLE membership (pupil_id INTEGER REFERENCES pupil(id),
                         club_id INTEGER REFERENCES club(id), PRIMARY KEY (pupil_id, club_id));
INSERT INTO membership VALUES (1, 1), (1, 2), (3, 2);
CREATE TABLE coach (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO coach VALUES (1, 'Dee'), (2, 'Eve');
CREATE TABLE squad (id INTEGER PRIMARY KEY, title TEXT, coach_id INTEGER REFERENCES coach(id));
INSERT INTO squad VALUES (1, 'Reds', 1), (2, 'Blues', NULL);
CREATE TABLE squad_coach (squad_id INTEGER REFERENCES squad(id),
                          coach_id INTEGER REFERENCES coach(id), PRIMARY KEY (squad_id, coach_id));
INSERT INTO squad_coach VALUES (1, 2);
"""


@pytest.fixture
async def linked(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LINKED)


async def test_rows_the_link_table_pairs_with_nothing(linked: Database) -> None:
    assert rows(linked, "How many pupils have no clubs?") == [(1,)]
    assert rows(linked, "Which pupils have no recorded clubs at all?") == [("Bob",)]
    assert rows(linked, "How many clubs have no pupils?") == [(1,)]
    assert rows(linked, "How many clubs have no pupils assigned?") == [(1,)]
    assert rows(linked, "How many clubs does no pupil have?") == [(1,)]


async def test_a_link_beside_a_key_of_the_rows_is_never_guessed(linked: Database) -> None:
    assert abstains(linked, "How many squads have no coach?")  # its own key, or the pairs?


async def test_rows_no_child_row_has_are_counted(kids: Database) -> None:
    assert rows(kids, "How many writers does no tome have?") == [(1,)]
    assert abstains(kids, "How many tomes does no writer have?")  # the parent: not absent


async def test_words_that_only_qualify_the_absent_rows_are_read(kids: Database) -> None:
    assert rows(kids, "How many writers have no known tomes?") == [(1,)]
    assert rows(kids, "How many writers have no tomes of their own?") == [(1,)]
    assert abstains(kids, "How many writers have their own tomes?")  # "own": no absence
    assert abstains(kids, "How many writers are known?")


async def test_can_says_no_more_than_the_verb_after_it(linked: Database) -> None:
    assert rows(linked, "Which clubs can Ann be in?") == [("Chess",), ("Choir",)]
    assert rows(linked, "How many pupils can be in Chess?") == [(1,)]


FACILITIES = """
CREATE TABLE lodge (id INTEGER PRIMARY KEY, name TEXT, ramp_access TEXT, sauna TEXT);
INSERT INTO lodge VALUES (1, 'Alpha', 'yes', 'yes'), (2, 'Beta', 'no', NULL),
    (3, 'Gamma', 'partial', 'yes'), (4, 'Delta', 'no', NULL), (5, 'Epsilon', NULL, 'yes'),
    (6, 'Zeta', 'yes', NULL);
"""


@pytest.fixture
async def lodges(tmp_path: Path) -> Database:
    return await open_database(tmp_path, FACILITIES)


async def test_no_of_a_yes_no_column_is_its_no_value(lodges: Database) -> None:
    """ "no ramp access" is the rows saying 'no', not the one that says nothing."""
    assert rows(lodges, "How many lodges have no ramp access at all?") == [(2,)]
    assert rows(lodges, "How many lodges are there without ramp access?") == [(2,)]


async def test_a_yes_column_without_a_no_value_is_never_guessed(lodges: Database) -> None:
    assert abstains(lodges, "How many lodges have no sauna?")  # empty: unknown, or none?
