"""Words a schema says another way: a verb for its doer's column ("curated" -> curator),
a past participle for its stem's column ("hired" -> hire_date), "flies" for fly, "people"
for the one table of people, "orders" for the table of order_* columns — and the same
questions declined when the schema holds two such things."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.verb_forms import agent_nouns, third_person_base, verb_bases
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE staff (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                    hire_date TEXT);
INSERT INTO staff VALUES (1, 'Ann', 'Lee', '2020-03-01'), (2, 'Bo', 'Kim', '2020-07-09'),
    (3, 'Cy', 'Park', '2021-01-15');
CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO client VALUES (1, 'Acme'), (2, 'Birch');
CREATE TABLE deal (id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(id),
                   order_date TEXT, order_status TEXT, total REAL);
INSERT INTO deal VALUES (1, 1, '2021-02-01', 'open', 10.0), (2, 1, '2021-03-01', 'closed', 5.0),
    (3, 2, '2021-04-01', 'open', 7.5);
CREATE TABLE exhibit (id INTEGER PRIMARY KEY, title TEXT);
INSERT INTO exhibit VALUES (1, 'Glass'), (2, 'Stone'), (3, 'Paper');
CREATE TABLE exhibit_curator (exhibit_id INTEGER REFERENCES exhibit(id), curator TEXT,
                              PRIMARY KEY (exhibit_id, curator));
INSERT INTO exhibit_curator VALUES (1, 'Dee Moss'), (2, 'Dee Moss'), (3, 'Eli Roth');
CREATE TABLE exhibit_sponsor (exhibit_id INTEGER REFERENCES exhibit(id), sponsor TEXT,
                              PRIMARY KEY (exhibit_id, sponsor));
INSERT INTO exhibit_sponsor VALUES (3, 'Dee Moss'), (1, 'Fay Wu');
CREATE TABLE carrier (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO carrier VALUES (1, 'Skyway'), (2, 'Jetline');
CREATE TABLE route (id INTEGER PRIMARY KEY, carrier_id INTEGER REFERENCES carrier(id));
INSERT INTO route VALUES (1, 1), (2, 2), (3, 2);
"""


@pytest.fixture
async def museum(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("word", "base"),
    [("directed", "direct"), ("hired", "hire"), ("teaches", "teach"), ("taught", "teach"),
     ("planned", "plan"), ("carried", "carry"), ("flies", "fly")],
)  # fmt: skip
def test_verb_bases_undo_english_suffixes(word: str, base: str) -> None:
    assert base in verb_bases(word)


def test_agent_nouns_and_third_persons() -> None:
    assert "director" in agent_nouns("directed")
    assert "teacher" in agent_nouns("taught")
    assert "manager" in agent_nouns("manages")
    assert agent_nouns("director") == []
    assert third_person_base("flies") == "fly"
    assert third_person_base("places") is None  # a plural noun, not "place" + s


async def test_a_verb_reads_its_doers_column(museum: Database) -> None:
    assert rows(museum, "How many exhibits did Dee Moss curate?") == [(2,)]
    assert rows(museum, "How many exhibits has Dee Moss curated?") == [(2,)]


async def test_a_verb_whose_doer_does_not_hold_the_value_declines(museum: Database) -> None:
    assert abstains(museum, "How many exhibits did Fay Wu curate?")  # a sponsor only
    assert abstains(museum, "How many exhibits did Dee Moss have?")  # curator or sponsor?


async def test_a_verb_of_two_doers_columns_declines(tmp_path: Path) -> None:
    twice = (
        SCHEMA
        + """
    CREATE TABLE show (id INTEGER PRIMARY KEY, title TEXT, curator TEXT);
    INSERT INTO show VALUES (1, 'Light', 'Dee Moss');
    """
    )
    database = await open_database(tmp_path, twice)
    assert abstains(database, "How many exhibits did Dee Moss curate?")


async def test_a_participle_reads_its_stems_column(museum: Database) -> None:
    assert rows(museum, "How many staff were hired in 2020?") == [(2,)]


async def test_people_are_the_one_table_of_people(museum: Database) -> None:
    assert rows(museum, "How many people were hired in 2020?") == [(2,)]


async def test_people_of_two_tables_of_people_decline(tmp_path: Path) -> None:
    two = (
        SCHEMA
        + """
    CREATE TABLE member (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
    INSERT INTO member VALUES (1, 'Gus', 'Hale');
    """
    )
    database = await open_database(tmp_path, two)
    assert abstains(database, "How many people are there?")


async def test_orders_are_the_table_of_order_columns(museum: Database) -> None:
    assert rows(museum, "How many orders are there?") == [(3,)]
    assert rows(museum, "Which client placed the most orders?")[0][0] == "Acme"
    assert rows(museum, "What is the total of all orders?") == [(22.5,)]


async def test_orders_of_two_tables_decline(tmp_path: Path) -> None:
    two = (
        SCHEMA
        + """
    CREATE TABLE refill (id INTEGER PRIMARY KEY, order_date TEXT, order_status TEXT);
    INSERT INTO refill VALUES (1, '2021-01-01', 'open');
    """
    )
    database = await open_database(tmp_path, two)
    assert abstains(database, "How many orders are there?")


async def test_a_prefix_without_a_date_names_no_table(tmp_path: Path) -> None:
    contacts = """
    CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT, contact_first TEXT,
                         contact_last TEXT, contact_phone TEXT);
    INSERT INTO client VALUES (1, 'Acme', 'Ann', 'Lee', '555');
    """
    database = await open_database(tmp_path, contacts)
    assert abstains(database, "How many contacts are there?")


async def test_flies_is_the_verb_fly(museum: Database) -> None:
    assert rows(museum, "Which carrier flies the most routes?") == [("Jetline", 2)]


async def test_who_and_a_verb_ranks_its_doers(museum: Database) -> None:
    assert rows(museum, "Who curated the most exhibits?") == [("Dee Moss", 2)]


async def test_who_and_a_verb_of_a_key_ranks_the_rows_it_names(tmp_path: Path) -> None:
    films = (
        SCHEMA
        + """
    CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT,
                       director_id INTEGER REFERENCES staff(id));
    INSERT INTO film VALUES (1, 'Up', 2), (2, 'Down', 2), (3, 'Out', 1);
    """
    )
    database = await open_database(tmp_path, films)
    assert rows(database, "Who directed the most films?")[0][0] == "Bo Kim"


async def test_a_past_of_a_verb_without_a_column_is_known(museum: Database) -> None:
    assert rows(museum, "How many exhibits included Dee Moss as curator?") == [(2,)]


NATIONS = """
CREATE TABLE nation (id INTEGER PRIMARY KEY, name TEXT, population INTEGER);
INSERT INTO nation VALUES (1, 'Avalon', 9000000), (2, 'Borduria', 2000000);
"""


async def test_people_without_a_table_of_people_are_a_population(tmp_path: Path) -> None:
    database = await open_database(tmp_path, NATIONS)
    assert rows(database, "How many nations have more than 5 million people?") == [(1,)]


async def test_people_of_a_table_of_people_are_its_rows(tmp_path: Path) -> None:
    people = (
        NATIONS
        + """
    CREATE TABLE citizen (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                          nation_id INTEGER REFERENCES nation(id));
    INSERT INTO citizen VALUES (1, 'Ann', 'Lee', 1);
    """
    )
    database = await open_database(tmp_path, people)
    assert rows(database, "How many nations have more than 5 million people?") == [(0,)]


async def test_a_synonym_of_a_tables_word_names_it(tmp_path: Path) -> None:
    films = """
    CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT, year INTEGER);
    INSERT INTO film VALUES (1, 'Up', 1994), (2, 'Down', 1994), (3, 'Out', 1995);
    """
    database = await open_database(tmp_path, films)
    assert rows(database, "How many movies came out in 1994?") == [(2,)]


async def test_a_verb_after_a_table_word_groups_by_no_doer(tmp_path: Path) -> None:
    elements = """
    CREATE TABLE element (id INTEGER PRIMARY KEY, name TEXT, discoverers TEXT, place TEXT,
                          melting REAL);
    INSERT INTO element VALUES (1, 'Aa', 'Ann Lee', 'Lyon', 10.0),
        (2, 'Bb', 'Bo Kim', 'Lyon', 30.0), (3, 'Cc', 'Ann Lee', 'Oslo', 50.0);
    """
    database = await open_database(tmp_path, elements)
    question = "Which element discovered in Lyon has the highest melting?"
    assert abstains(database, question) or rows(database, question)[0][0] == "Bb"
