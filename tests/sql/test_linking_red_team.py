"""Confident wrong answers found by asking plausible variations of questions (session
15's red team), each a class: a value in the rows' own column of many values beats the
same value in another table's plain column ("customers in Paris": their city, not the
city their purchases were shipped to); the least total of a measure of child rows counts
a group with none as 0; a table's amount added up through the rows of a table referring
to it (a purchase's postage summed once per purchase line) declines; a name that is a
row of two tables, both with the asked column, declines; a superlative of size before the
rows counted ("the largest purchase"), or before the rows whose measure is added up ("the
longest song"), declines; "total" in a ranking by a number of rows declines; a place
read in a farther column of its words than the rows' nearest one ("purchases in Dover",
Dover a sales rep's city, no customer's) declines; a ranking by one of two columns of a
table ending in the word said (birth and death country) declines; a number of a yes/no
column's values declines; a measure of a table extending a named one row for one is
each named row's value, never their sum ("the score of Dawn", two films), and so is a
column of a named row's child rows ("the mass of Carbon": each isotope's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SHOP = """
CREATE TABLE category (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO category VALUES (1, 'Lamps'), (2, 'Chairs'), (3, 'Rugs');
CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT, price REAL,
                      category_id INTEGER REFERENCES category(id));
INSERT INTO product VALUES (1, 'Arc', 10, 1), (2, 'Bolt', 20, 2), (3, 'Cove', 30, 3);
CREATE TABLE rep (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
INSERT INTO rep VALUES (1, 'Rex', 'Dover'), (2, 'Sid', 'Paris');
CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, city TEXT,
                       rep_id INTEGER REFERENCES rep(id));
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO customer SELECT i, 'Client ' || i,
    CASE WHEN i <= 3 THEN 'Paris' ELSE 'Town ' || i END, 1 + i % 2 FROM n;
CREATE TABLE purchase (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id),
                       postage REAL, ship_name TEXT, ship_city TEXT, bought_on TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 59)
INSERT INTO purchase SELECT i, 1 + i % 20, i, 'Ship ' || i,
    CASE WHEN i IN (10, 11) THEN 'Paris' ELSE 'Port ' || i END, '2024-01-01' FROM n;
CREATE TABLE line (id INTEGER PRIMARY KEY, purchase_id INTEGER REFERENCES purchase(id),
                   product_id INTEGER REFERENCES product(id), quantity INTEGER);
INSERT INTO line VALUES (1, 1, 1, 1), (2, 1, 1, 2), (3, 1, 2, 1), (4, 2, 3, 5),
                        (5, 3, 2, 1), (6, 4, 1, 1);
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, population INTEGER);
INSERT INTO town VALUES (1, 'Springfield', 100), (2, 'Shelby', 50), (3, 'Ogden', 70);
CREATE TABLE county (id INTEGER PRIMARY KEY, name TEXT, population INTEGER);
INSERT INTO county VALUES (1, 'Springfield', 9000), (2, 'Marion', 4000);
CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, birth_country TEXT,
                     death_country TEXT);
INSERT INTO player VALUES (1, 'Al', 'Peru', 'Chile'), (2, 'Bea', 'Peru', 'Chile'),
                          (3, 'Cy', 'Chile', NULL);
CREATE TABLE season (id INTEGER PRIMARY KEY, team TEXT, year INTEGER, cup_win TEXT);
INSERT INTO season VALUES (1, 'Reds', 2001, 'Y'), (2, 'Reds', 2002, 'N'),
                          (3, 'Blues', 2001, 'N'), (4, 'Blues', 2002, 'N');
CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT);
INSERT INTO film VALUES (1, 'Dawn'), (2, 'Dawn'), (3, 'Dusk');
CREATE TABLE review (film_id INTEGER PRIMARY KEY REFERENCES film(id), score REAL);
INSERT INTO review VALUES (1, 6.5), (2, 8.0), (3, 7.0);
CREATE TABLE element (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO element VALUES (1, 'Carbon'), (2, 'Iron'), (3, 'Neon');
CREATE TABLE isotope (id INTEGER PRIMARY KEY, element_id INTEGER REFERENCES element(id),
                      mass REAL);
INSERT INTO isotope VALUES (1, 1, 12.0), (2, 1, 13.0), (3, 2, 56.0), (4, 3, 20.0);
CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO artist VALUES (1, 'Ada'), (2, 'Bo');
CREATE TABLE song (id INTEGER PRIMARY KEY, title TEXT, seconds INTEGER,
                   artist_id INTEGER REFERENCES artist(id));
INSERT INTO song VALUES (1, 'One', 100, 1), (2, 'Two', 100, 1), (3, 'Three', 100, 1),
                        (4, 'Four', 250, 2);
"""


@pytest.fixture
async def shop(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SHOP)


def test_the_rows_own_column_of_many_values_beats_another_tables(shop: Database) -> None:
    assert rows(shop, "How many customers are in Paris?") == [(3,)]  # not the 2 shipped


def test_the_least_total_of_child_rows_counts_a_group_with_none(shop: Database) -> None:
    least = rows(shop, "Which customer has the lowest total postage?")
    assert len(least) == 40 and ("Client 60", 0) in least  # clients 21 to 60 bought nothing
    assert rows(shop, "Which customer has the highest total postage?") == [("Client 20", 117)]


def test_an_amount_added_up_through_rows_referring_to_it_declines(shop: Database) -> None:
    assert abstains(shop, "What is the total postage of Lamps?")  # purchase 1 twice
    assert abstains(shop, "Which category has the highest total postage?")
    assert rows(shop, "What is the total quantity of Lamps?") == [(4,)]


def test_a_name_of_rows_of_two_tables_with_the_asked_column_declines(shop: Database) -> None:
    assert abstains(shop, "What is the population of Springfield?")
    assert rows(shop, "What is the population of the county Springfield?") == [(9000,)]
    assert rows(shop, "What is the population of Ogden?") == [(70,)]


def test_a_superlative_of_size_before_the_rows_counted_declines(shop: Database) -> None:
    assert abstains(shop, "Which customer has the largest purchase?")
    assert abstains(shop, "Which artist has the longest song?")  # not 300 seconds in all
    assert rows(shop, "Which artist has the most songs?") == [("Ada", 3)]


def test_total_in_a_ranking_by_a_number_of_rows_declines(shop: Database) -> None:
    assert abstains(shop, "Which customer has the highest total purchase?")
    assert rows(shop, "Which category has the most products in total?")[0][1] == 1


def test_a_place_of_a_farther_table_than_the_nearest_of_its_words_declines(
    shop: Database,
) -> None:
    assert abstains(shop, "How many purchases are in Dover?")  # the customers' reps' city
    assert rows(shop, "How many customers are in Paris?") == [(3,)]


def test_one_of_two_columns_ending_in_the_word_said_declines(shop: Database) -> None:
    assert abstains(shop, "Which country has the most players?")
    assert rows(shop, "Which country were the most players born in?") == [("Peru", 2)]


def test_a_number_of_a_yes_no_columns_values_declines(shop: Database) -> None:
    assert abstains(shop, "How many wins did the Reds have?")


def test_a_measure_of_a_row_for_row_extension_is_each_named_rows(shop: Database) -> None:
    assert sorted(rows(shop, "What is the score of Dawn?")) == [(6.5,), (8.0,)]  # not 14.5


def test_a_column_of_a_named_rows_child_rows_is_each_ones(shop: Database) -> None:
    assert rows(shop, "What is the mass of Carbon?") == [(12.0,), (13.0,)]  # not 25
    assert rows(shop, "What is the mass of Iron?") == [(56.0,)]
    assert rows(shop, "What is the total mass of Carbon?") == [(25.0,)]
