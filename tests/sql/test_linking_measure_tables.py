"""A measure word several tables have a column for, with no table named: the question's
words choose the table (its row noun, the measure's other words, the documentation's
description, a column only one of them has), a sum is one answer when every table adds the
measure up to the same total, and otherwise the question is declined naming the tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SHOP = """
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT, price REAL, maker TEXT);
CREATE TABLE lamps (lamp_id INTEGER PRIMARY KEY, lamp_name TEXT, price REAL, colour TEXT,
                    list_price REAL, maker TEXT);
INSERT INTO books VALUES (1, 'Dune', 10.0, 'Ace'), (2, 'Emma', 30.0, 'Bix'),
  (3, 'Kim', 5.0, 'Ace');
INSERT INTO lamps VALUES (1, 'Arc', 100.0, 'red', 120.0, 'Bix'),
  (2, 'Orb', 50.0, 'blue', 60.0, 'Ace');
"""
"""Books and lamps both have a price (and a maker): the average is 15 or 75."""

CHAIN = """
CREATE TABLE store (store_id INTEGER PRIMARY KEY, store_name TEXT, revenue REAL);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, sold_on DATE, revenue REAL,
                   store_id INTEGER REFERENCES store (store_id));
INSERT INTO store VALUES (1, 'North', 1000.0), (2, 'South', 10.0);
INSERT INTO sale VALUES (1, '2023-01-01', 5.0, 1), (2, '2023-01-02', 70.0, 2),
  (3, '2024-01-01', 20.0, 2);
"""
"""A store's revenue (its own figure) and its sales' revenue: parent and child."""

LEAGUE = """
CREATE TABLE club_season (club_season_id INTEGER PRIMARY KEY, club_name TEXT,
                          year INTEGER, goals INTEGER, fouls INTEGER);
CREATE TABLE player_season (player_season_id INTEGER PRIMARY KEY, player_name TEXT,
                            year INTEGER, goals INTEGER, fouls INTEGER,
                            club_season_id INTEGER REFERENCES club_season (club_season_id));
INSERT INTO club_season VALUES (1, 'Rovers', 2020, 5, 9), (2, 'United', 2020, 3, 1),
  (3, 'Rovers', 2021, 4, 2);
INSERT INTO player_season VALUES (1, 'Ada', 2020, 4, 1, 1), (2, 'Bo', 2020, 1, 1, 1),
  (3, 'Cy', 2020, 3, 1, 2), (4, 'Di', 2021, 4, 1, 3);
"""
"""Goals per club season are the sum of its players' (12 each way); fouls are not."""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SHOP)


@pytest.fixture
async def chain(tmp_path: Path) -> Database:
    return await open_database(tmp_path, CHAIN)


@pytest.fixture
async def league(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LEAGUE)


def declined(database: Database, question: str) -> str:
    plan = read_question(question, database[0])
    assert isinstance(plan, Abstention), (question, compile_plan(plan, database[0]))
    return plan.message


@pytest.mark.parametrize(
    "question",
    [
        "What is the average price?",
        "What is the highest price?",
        "What is the total price?",
        "Which maker has the highest price?",  # never the maker of the most rows
    ],
)
async def test_a_price_of_two_tables_with_none_named_is_declined(
    shop: Database, question: str
) -> None:
    message = declined(shop, question)
    assert message.startswith("I could not answer that: 'price' is in books and lamps")


async def test_the_table_a_question_names_chooses_the_price(shop: Database) -> None:
    assert rows(shop, "Which lamp has the highest price?") == [("Arc", 100.0)]
    assert rows(shop, "Which book has the highest price?") == [("Emma", 30.0)]
    assert rows(shop, "What is the average price of lamps?") == [(75.0,)]
    assert rows(shop, "What is the average book price?") == [(15.0,)]


async def test_a_column_only_one_table_has_chooses_it(shop: Database) -> None:
    assert rows(shop, "Which colour has the highest price?") == [("red", 100.0)]
    assert rows(shop, "What is the highest list price?") == [(120.0,)]


async def test_a_parent_and_a_child_measure_are_chosen_by_the_noun(chain: Database) -> None:
    assert rows(chain, "Which store has the highest revenue?") == [("North", 1000.0)]
    assert rows(chain, "What is the total revenue of sales in 2023?") == [(75.0,)]
    assert rows(chain, "What is the average revenue per sale?") == [(31.666667,)]
    assert "'revenue' is in " in declined(chain, "What is the total revenue?")


async def test_tables_adding_up_to_the_same_total_give_one_sum(league: Database) -> None:
    assert rows(league, "How many goals were scored in 2020?") == [(8,)]
    assert rows(league, "Which year had the most goals?")[0][0] == 2020
    assert abstains(league, "What is the average goals?")  # per club or per player?
    assert abstains(league, "How many fouls were committed in 2020?")  # 10, or 3?


async def test_the_documentation_describing_one_column_chooses_it(league: Database) -> None:
    text = "# player_season\n- fouls: fouls\n\n## Synonyms\n- fouls = fouls\n"
    plan = read_question("How many fouls were there in 2020?", league[0],
                         docs=parse_documentation(text))  # fmt: skip
    assert not isinstance(plan, Abstention), plan.message
    assert league[1].execute(compile_plan(plan, league[0])).fetchall() == [(3,)]


FIXTURES = """
CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name TEXT);
INSERT INTO venues VALUES (1, 'North Park'), (2, 'River Ground');
CREATE TABLE fixtures (fixture_id INTEGER PRIMARY KEY,
                       venue_id INTEGER REFERENCES venues(venue_id),
                       home_goals INTEGER, away_goals INTEGER);
INSERT INTO fixtures VALUES (1, 1, 2, 1), (2, 1, 0, 3), (3, 2, 4, 0);
"""


async def test_a_measure_word_of_two_columns_of_one_table_is_declined(tmp_path: Path) -> None:
    fixtures = await open_database(tmp_path, FIXTURES)

    assert abstains(fixtures, "What is the average number of goals per fixture at North Park?")
    assert abstains(fixtures, "How many goals were scored at North Park?")
    assert rows(fixtures, "What is the average number of home goals per fixture?") == [(2.0,)]


async def test_a_word_of_one_stem_says_the_columns_other_word(tmp_path: Path) -> None:
    runners = await open_database(
        tmp_path,
        "CREATE TABLE runners (runner_id INTEGER PRIMARY KEY, name TEXT, move_speed INTEGER,"
        " throw_speed INTEGER); INSERT INTO runners VALUES (1, 'Ash', 300, 900),"
        " (2, 'Bo', 330, 700), (3, 'Cy', 310, 1000);",
    )
    catalog, connection = runners
    docs = parse_documentation("# runners\n- move_speed: its base movement speed\n")

    plan = read_question("Which runner has the fastest movement speed?", catalog, docs=docs)

    assert not isinstance(plan, Abstention), plan.message
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == [("Bo", 330)]
    assert abstains(runners, "Which runner has the highest speed?")
