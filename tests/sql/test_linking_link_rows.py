"""Rows selected through a link table: "Which shows does Ada appear in?" lists the shows
the one table of shows and performers pairs with Ada.  Two tables that pair the same
two (a cast and a crew) leave the question open."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE performer (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE show_performer (show_id INTEGER REFERENCES show (id),
                             performer_id INTEGER REFERENCES performer (id),
                             PRIMARY KEY (show_id, performer_id));
INSERT INTO show VALUES (1, 'Dawn'), (2, 'Dusk'), (3, 'Noon');
INSERT INTO performer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
INSERT INTO show_performer VALUES (1, 1), (2, 1), (2, 2), (3, 3);
"""

CREW = """
CREATE TABLE show_crew (show_id INTEGER REFERENCES show (id),
                        performer_id INTEGER REFERENCES performer (id));
INSERT INTO show_crew VALUES (3, 1);
"""


@pytest.fixture
async def shows(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


async def test_the_rows_a_link_table_pairs_with_a_named_row(shows: Database) -> None:
    assert rows(shows, "Which shows does Ada appear in?") == [("Dawn",), ("Dusk",)]


async def test_the_link_read_the_other_way(shows: Database) -> None:
    assert rows(shows, "Which performers appear in Dusk?") == [("Ada",), ("Bo",)]


async def test_two_link_tables_between_the_same_rows_are_declined(tmp_path: Path) -> None:
    both = await open_database(tmp_path, SCHEMA + CREW)
    assert abstains(both, "Which shows does Ada appear in?")


async def test_rows_paired_with_more_than_n_rows(shows: Database) -> None:
    assert rows(shows, "Which performers appear in more than 1 show?") == [("Ada",)]
    assert rows(shows, "How many shows have more than 1 performer?") == [(1,)]


async def test_the_appearances_two_link_tables_count_are_declined(tmp_path: Path) -> None:
    both = await open_database(tmp_path, SCHEMA + CREW)
    assert abstains(both, "Which performers appear in more than 1 show?")


async def test_which_row_appears_in_the_most_rows(shows: Database) -> None:
    assert rows(shows, "Which performer appears in the most shows?") == [("Ada", 2)]
