"""Verbs that name a date column or a child table: "came out after 2000" is a release
date, "in which year was Encke discovered" its discovery year, "never tweeted" / "never
ordered anything" is no row of the table of tweets or orders, "never sailed a boat" no
row of the link table whose key the verb names; a verb naming no table, or a link it
does not name, is still declined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO member VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy'), (4, 'Di');
CREATE TABLE post (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(id),
                   body TEXT);
INSERT INTO post VALUES (1, 1, 'hi'), (2, 1, 'yo'), (3, 2, 'hey');
CREATE TABLE purchase (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(id),
                       total REAL);
INSERT INTO purchase VALUES (1, 3, 9.5);
CREATE TABLE boat (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO boat VALUES (1, 'Wave'), (2, 'Gull');
CREATE TABLE boat_sailor (boat_id INTEGER REFERENCES boat(id),
                          sailor_id INTEGER REFERENCES member(id),
                          PRIMARY KEY (boat_id, sailor_id));
INSERT INTO boat_sailor VALUES (1, 1), (2, 1), (2, 4);
CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT, release_date TEXT,
                    created TEXT, edited TEXT);
CREATE TABLE comet (id INTEGER PRIMARY KEY, name TEXT, discovery_year INTEGER);
INSERT INTO comet VALUES (1, 'Halley', 1758), (2, 'Encke', 1818);
INSERT INTO album VALUES (1, 'Alpha', '1995-05-01', '2014-12-01', '2014-12-20'),
    (2, 'Beta', '2003-01-09', '2014-12-02', '2014-12-20'),
    (3, 'Gamma', '2010-07-15', '2014-12-03', '2014-12-20');
"""


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_came_out_reads_the_release_date(db: Database) -> None:
    assert rows(db, "How many albums came out after 2000?") == [(2,)]
    assert rows(db, "Which albums came out before 2000?") == [("Alpha",)]


async def test_the_year_a_verb_names_of_a_named_row(db: Database) -> None:
    assert rows(db, "In which year was Encke discovered?") == [(1818,)]
    assert rows(db, "What year was Beta released?") == [("2003-01-09",)]
    assert abstains(db, "In which year was Encke named?")


async def test_never_and_the_verb_of_a_child_table(db: Database) -> None:
    assert rows(db, "How many members have never posted?") == [(2,)]
    assert rows(db, "Which members never purchased anything?") == [
        ("Ada",), ("Bob",), ("Di",)
    ]  # fmt: skip


async def test_never_through_the_link_table_the_verb_names(db: Database) -> None:
    assert rows(db, "How many members have never sailed a boat?") == [(2,)]


async def test_a_verb_naming_no_table_or_link_declines(db: Database) -> None:
    assert abstains(db, "How many members have never skated?")
    assert abstains(db, "How many members have never painted a boat?")


STAFF = """
CREATE TABLE employee (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO employee VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy');
CREATE TABLE project (id INTEGER PRIMARY KEY, title TEXT,
                      leader_id INTEGER REFERENCES employee(id));
INSERT INTO project VALUES (1, 'Apollo', 1);
CREATE TABLE employee_project (employee_id INTEGER REFERENCES employee(id),
                               project_id INTEGER REFERENCES project(id),
                               PRIMARY KEY (employee_id, project_id));
INSERT INTO employee_project VALUES (2, 1);
"""


async def test_a_child_paired_with_the_rows_twice_needs_the_verb_of_its_key(
    tmp_path: Path,
) -> None:
    staff = await open_database(tmp_path, STAFF)
    assert rows(staff, "How many employees have never led a project?") == [(2,)]
    assert abstains(staff, "How many employees have never had a project?")


async def test_have_not_reads_as_never(db: Database) -> None:
    assert rows(db, "How many members have not posted?") == [(2,)]
    assert rows(db, "Which members did not purchase anything?") == [
        ("Ada",), ("Bob",), ("Di",)
    ]  # fmt: skip
    assert abstains(db, "How many members have not skated?")
