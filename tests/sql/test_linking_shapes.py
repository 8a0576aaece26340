"""Three question shapes on small databases of their own naming styles (UPPER_SNAKE,
camelCase with abbreviations, PascalCase keys): a ranking by the number of another
table's rows, "how many items/units" as a quantity (never a price), and a value spelled
in the counted table's own label and in a related table's.  Each answer is right, or the
linker abstains; never a confident wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, abstains, open_database, rows

CINEMA = """
CREATE TABLE STUDIO (STUDIO_ID INTEGER PRIMARY KEY, STUDIO_NAME TEXT);
CREATE TABLE FILM (FILM_ID INTEGER PRIMARY KEY, FILM_TITLE TEXT, RUNTIME_MIN INTEGER,
                   STUDIO_ID INTEGER REFERENCES STUDIO (STUDIO_ID));
CREATE TABLE TICKET_SALE (SALE_ID INTEGER PRIMARY KEY, SALE_DT TEXT, QTY INTEGER,
                          UNIT_PRICE_AMT REAL, FILM_ID INTEGER REFERENCES FILM (FILM_ID));
INSERT INTO STUDIO VALUES (1, 'Northlight'), (2, 'Harbor Pictures'), (3, 'Quiet Hill');
INSERT INTO FILM VALUES (1, 'Northlight', 95, 2), (2, 'Salt Road', 120, 1),
  (3, 'Paper Moons', 88, 1), (4, 'Low Tide', 101, 2), (5, 'Glass Orchard', 133, 2),
  (6, 'The Long Field', 99, 3);
INSERT INTO TICKET_SALE VALUES (1, '2024-01-02', 3, 12.5, 1), (2, '2024-01-03', 5, 9.0, 2),
  (3, '2024-02-01', 2, 12.5, 4), (4, '2023-12-30', 1, 15.0, 6);
"""
"""UPPER_SNAKE: a film titled like a studio; QTY next to a price in the same table."""

SUPPLY = """
CREATE TABLE vendor (vendorId INTEGER PRIMARY KEY, vendorName TEXT, countryCd TEXT);
CREATE TABLE partItem (partId INTEGER PRIMARY KEY, partDesc TEXT, listPrice REAL,
                       unitsInStock INTEGER, vendorId INTEGER REFERENCES vendor (vendorId));
CREATE TABLE orderLine (lineId INTEGER PRIMARY KEY, orderDt TEXT, qtyOrdered INTEGER,
                        lineAmt REAL, routingCity TEXT,
                        partId INTEGER REFERENCES partItem (partId));
INSERT INTO vendor VALUES (1, 'Apex', 'DE'), (2, 'Borealis', 'FR');
INSERT INTO partItem VALUES (1, 'Apex', 4.5, 10, 2), (2, 'Hinge', 1.25, 200, 1),
  (3, 'Bracket', 2.0, 50, 1), (4, 'Washer', 0.1, 900, 1);
INSERT INTO orderLine VALUES (1, '2024-03-01', 7, 31.5, 'Lyon', 1),
  (2, '2024-03-02', 40, 50.0, 'Turin', 2), (3, '2024-03-05', 12, 24.0, 'Lyon', 3);
"""
"""camelCase with abbreviations: two quantities (units in stock, quantity ordered); a part
described like a vendor."""

LEAGUE = """
CREATE TABLE Team (TeamKey INTEGER PRIMARY KEY, TeamName TEXT);
CREATE TABLE Venue (VenueKey INTEGER PRIMARY KEY, VenueName TEXT);
CREATE TABLE Game (GameKey INTEGER PRIMARY KEY, GameTitle TEXT,
                   HomeTeamKey INTEGER REFERENCES Team (TeamKey),
                   VenueKey INTEGER REFERENCES Venue (VenueKey));
INSERT INTO Team VALUES (1, 'Riverside'), (2, 'Old Mill');
INSERT INTO Venue VALUES (1, 'Riverside'), (2, 'North Park');
INSERT INTO Game VALUES (1, 'Riverside', 1, 2), (2, 'Opening Day', 1, 1),
  (3, 'Derby', 2, 1), (4, 'Final', 1, 2), (5, 'Old Mill Derby', 2, 2);
"""
"""PascalCase keys: one name for a team, a venue and a game (not one table's parent)."""


@pytest.fixture
async def cinema(tmp_path: Path) -> Database:
    return await open_database(tmp_path, CINEMA)


@pytest.fixture
async def supply(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SUPPLY)


@pytest.fixture
async def league(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LEAGUE)


# -- a ranking by the number of another table's rows ----------------------------------


async def test_the_top_groups_by_number_of_rows_count_the_other_tables_rows(
    cinema: Database, supply: Database, league: Database
) -> None:
    top = rows(cinema, "What are the top 2 studios by number of films?")
    assert [(name, count) for name, count in top] == [("Harbor Pictures", 3), ("Northlight", 2)]
    assert rows(cinema, "Which studio has the most films?")[0][:2] == ("Harbor Pictures", 3)
    assert rows(supply, "Which vendor has the most parts?")[0][:2] == ("Apex", 3)
    assert rows(league, "What are the top 2 teams by number of games?")[0][:2] == ("Riverside", 3)


async def test_a_table_ranked_by_its_own_rows_abstains(cinema: Database) -> None:
    assert abstains(cinema, "What are the top 2 studios?")  # one film each, or one studio


# -- "how many items / units": a quantity, never a price ------------------------------


async def test_units_sold_add_up_the_quantity_not_the_price(cinema: Database) -> None:
    assert rows(cinema, "How many units were sold in total?") == [(11,)]
    assert rows(cinema, "How many items were sold in 2024?") == [(10,)]


async def test_the_quantity_the_question_names_is_added_up(supply: Database) -> None:
    assert rows(supply, "How many units were ordered?") == [(59,)]  # qtyOrdered
    assert rows(supply, "How many units are in stock?") == [(1160,)]  # unitsInStock


async def test_two_quantities_and_no_word_to_choose_abstain(supply: Database) -> None:
    assert abstains(supply, "How many items were sold?")  # in stock, or ordered?


async def test_items_without_a_quantity_column_are_never_a_price(league: Database) -> None:
    assert abstains(league, "How many items were sold?")


# -- a value in the counted table's own label and in a related table's -----------------


async def test_a_name_of_a_parent_counts_its_childrens_rows(
    cinema: Database, supply: Database
) -> None:
    # 'Northlight' is a studio and a film's title: the studio's films, not the film itself
    assert rows(cinema, "How many films did Northlight make?") == [(2,)]
    # 'Apex' is a vendor and a part's description: the vendor's parts
    assert rows(supply, "How many parts does Apex have?") == [(3,)]


async def test_the_table_named_before_a_value_says_whose_it_is(league: Database) -> None:
    assert rows(league, "How many games were played at the venue Riverside?") == [(2,)]
    assert rows(league, "How many games did the team Riverside play?") == [(3,)]


async def test_a_name_of_two_unrelated_tables_abstains(league: Database) -> None:
    # 'Riverside' is a team, a venue and a game: which one counts cannot be told
    assert abstains(league, "How many games did Riverside play?")


async def test_the_abstention_says_which_tables_hold_the_name(league: Database) -> None:
    reading = read_question("How many games did Riverside play?", league[0])
    assert isinstance(reading, Abstention)
    assert "'Riverside' is in Game.GameTitle, Team.TeamName, Venue.VenueName" in reading.message
    assert "the Team Riverside" in reading.message  # a way to say it that is answered


async def test_a_name_only_in_the_counted_tables_own_label_needs_named(tmp_path: Path) -> None:
    recipes = ", ".join(f"({i}, 'Recipe {i}')" for i in range(1, 61))
    database = await open_database(tmp_path, f"""
        CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, recipe_title TEXT);
        INSERT INTO recipe VALUES {recipes}, (61, 'Green Valley'), (62, 'Green Valley');
    """)  # fmt: skip
    reading = read_question("How many recipes did Green Valley make?", database[0])
    assert isinstance(reading, Abstention)
    assert "say 'named Green Valley'" in reading.message
    assert rows(database, "How many recipes are named Green Valley?") == [(2,)]


# -- other general readings these schemas show ----------------------------------------


async def test_a_participle_names_its_stems_columns(supply: Database) -> None:
    assert rows(supply, "How many order lines were routed to Lyon?") == [(2,)]


async def test_a_key_column_ranks_the_rows_it_refers_to(league: Database) -> None:
    assert rows(league, "Which home team has the most games?")[0][:2] == ("Riverside", 3)


async def test_the_longest_row_is_named_not_measured(cinema: Database) -> None:
    docs = parse_documentation("# FILM\n- RUNTIME_MIN: the film's length in minutes\n")
    plan = read_question("What is the longest film?", cinema[0], docs=docs)
    assert not isinstance(plan, Abstention)
    assert cinema[1].execute(compile_plan(plan, cinema[0])).fetchall()[0][0] == "Glass Orchard"


async def test_a_value_inside_a_longer_value_is_the_longer_one(league: Database) -> None:
    # 'Old Mill' is a team, 'Old Mill Derby' a game: the whole title, not the team too
    assert rows(league, "How many games are named Old Mill Derby?") == [(1,)]


async def test_sold_without_a_measure_abstains(cinema: Database) -> None:
    reading = read_question("How many films were sold?", cinema[0])  # tickets, not films
    assert isinstance(reading, Abstention)
    assert "'sold'" in reading.message


async def test_the_longest_row_is_not_the_largest_column_of_its_name(tmp_path: Path) -> None:
    database = await open_database(tmp_path, """
        CREATE TABLE voyage (voyage_id INTEGER PRIMARY KEY, voyage INTEGER, nautical_miles REAL);
        INSERT INTO voyage VALUES (1, 901, 40.5), (2, 17, 800.0);
    """)  # fmt: skip
    assert abstains(database, "What is the longest voyage?")  # not the voyage number 901
    assert rows(database, "What is the highest voyage number?") == [(901.0,)]


async def test_the_highest_row_named_like_its_measure_is_that_measure(tmp_path: Path) -> None:
    database = await open_database(tmp_path, """
        CREATE TABLE wages (wage_id INTEGER PRIMARY KEY, wage REAL, yr INTEGER);
        INSERT INTO wages VALUES (1, 30.5, 2020), (2, 99.0, 2021);
    """)  # fmt: skip
    assert rows(database, "What is the highest wage?") == [(99.0,)]
