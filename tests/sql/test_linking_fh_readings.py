"""Three readings that answered confidently wrong: a word common to several listed
values of a column read as one of them (the one short enough to be a code), a word read
both as the column a question compares and as a value of another table, and "in more
than N <things>" through a link table counting the link's rows, not the distinct things."""

from __future__ import annotations

from pathlib import Path

from tests.sql.linking_schemas import abstains, answer_rows, open_database, rows

PRIZES = """
CREATE TABLE prize (id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE winner (id INTEGER PRIMARY KEY, name TEXT,
                     prize_id INTEGER REFERENCES prize (id));
INSERT INTO prize VALUES (1, 'The Zorbel Prize in Physics'), (2, 'The Zorbel Prize in Music'),
  (3, 'The Zorbel Peace Prize'), (4, 'The Zorbel Prize in Poetry and Drama');
INSERT INTO winner VALUES (1, 'Ada', 1), (2, 'Bo', 2), (3, 'Cy', 3), (4, 'Di', 4),
  (5, 'Ed', 1), (6, 'Flo', 2);
"""


async def test_a_word_of_every_listed_value_picks_none_of_them(tmp_path: Path) -> None:
    database = await open_database(tmp_path, PRIZES)
    assert answer_rows(database, "How many Zorbel winners are there?") in (None, [(6,)])


async def test_a_word_of_one_listed_value_still_picks_it(tmp_path: Path) -> None:
    database = await open_database(tmp_path, PRIZES)
    assert answer_rows(database, "How many peace winners are there?") in (None, [(1,)])


GADGETS = """
CREATE TABLE gadget (id INTEGER PRIMARY KEY, title TEXT, badge TEXT);
CREATE TABLE gadget_trait (gadget_id INTEGER REFERENCES gadget (id), name TEXT, value TEXT);
INSERT INTO gadget VALUES (1, 'Alpha', 'Q'), (2, 'Beta', 'Q'), (3, 'Gamma', 'Z'),
  (4, 'Delta', 'Q');
INSERT INTO gadget_trait VALUES (1, 'badge', 'Q'), (3, 'badge', 'Z'), (1, 'size', '4'),
  (2, 'size', '5'), (3, 'color', 'red'), (4, 'color', 'blue');
"""


async def test_a_compared_column_word_is_no_value_of_another_table(tmp_path: Path) -> None:
    database = await open_database(tmp_path, GADGETS)
    asked = ("How many gadgets have Q as their badge?", "How many gadgets have the badge Q?")
    for question in asked:
        assert answer_rows(database, question) in (None, [(3,)]), question


SHOWS = """
CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE performer (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE show_performer (show_id INTEGER REFERENCES show (id),
                             performer_id INTEGER REFERENCES performer (id));
INSERT INTO show VALUES (1, 'Dawn'), (2, 'Dusk'), (3, 'Noon');
INSERT INTO performer VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
INSERT INTO show_performer VALUES (1, 1), (2, 1), (2, 2), (2, 2), (3, 3);
"""


async def test_more_than_n_things_through_a_link_counts_distinct_things(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SHOWS)
    assert not abstains(database, "Which performers appear in more than 1 show?")
    assert rows(database, "Which performers appear in more than 1 show?") == [("Ada",)]
    assert rows(database, "How many performers appear in more than 1 show?") == [(1,)]
