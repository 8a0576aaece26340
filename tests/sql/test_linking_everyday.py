"""Everyday English the linker reads on any schema: accents, irregular plurals,
possessives, "Fire-type", "in the database", "which 3", "born" — and the plans that
would drop such a word abstain instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from hookline.sql.value_index import ValueIndex
from hookline.sql.words import question_words, singular
from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE cafe (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
INSERT INTO cafe VALUES (1, 'Blue', 'São Paulo'), (2, 'Red', 'São Paulo'), (3, 'Green', 'Lyon');
CREATE TABLE person (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, height REAL,
                     birth_city TEXT, death_city TEXT, home_city TEXT, sex TEXT);
INSERT INTO person VALUES (1, 'Ada', 'Byron', 1.70, 'Lyon', 'Oslo', 'Oslo', 'F'),
    (2, 'Bo', 'Diddley', 1.80, 'Oslo', 'Oslo', 'Lyon', 'M'),
    (3, 'Cy', 'Young', 1.90, 'Oslo', 'Lyon', 'Lyon', 'M');
CREATE TABLE visit (id INTEGER PRIMARY KEY, person_id INTEGER REFERENCES person(id),
                    cafe_id INTEGER REFERENCES cafe(id));
INSERT INTO visit VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1);
CREATE TABLE move (name TEXT PRIMARY KEY, type TEXT, power INTEGER, effect TEXT);
INSERT INTO move VALUES ('ember', 'fire', 40, 'Burns.'), ('blaze', 'fire', 90, 'Burns more.'),
    ('splash', 'water', 0, 'Does nothing.');
CREATE TABLE creature (name TEXT PRIMARY KEY, attack INTEGER, weight REAL);
INSERT INTO creature VALUES ('aa', 10, 1.0), ('bb', 30, 7.5), ('cc', 20, 2.0), ('dd', 5, 3.0);
CREATE TABLE typing (creature TEXT REFERENCES creature(name), slot INTEGER, type TEXT,
                     PRIMARY KEY (creature, slot));
CREATE TABLE happening (id INTEGER PRIMARY KEY, kind TEXT, dateval TEXT, datetype TEXT);
INSERT INTO happening VALUES (1, 'Birth', '1991-02-03', ''), (2, 'Birth', '1899', 'about'),
    (3, 'Death', '1995-07', 'before'), (4, 'Death', '1850-01-01', '');
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL);
INSERT INTO item VALUES (1, 'cup', 9.0), (2, 'mug', 3.0);
CREATE TABLE supply (id INTEGER PRIMARY KEY, name TEXT, cost REAL,
                     item_id INTEGER REFERENCES item(id));
INSERT INTO supply VALUES (1, 'clay', 2.0, 2), (2, 'glaze', 1.0, 1);
CREATE TABLE athlete (id INTEGER PRIMARY KEY, name TEXT, debut_year INTEGER);
INSERT INTO athlete VALUES (1, 'Al', 1985), (2, 'Bea', 1990), (3, 'Cal', 1989);
INSERT INTO typing VALUES ('aa', 1, 'water'), ('bb', 1, 'fire'), ('cc', 1, 'water');
CREATE TABLE creature_move (creature TEXT REFERENCES creature(name),
                            move TEXT REFERENCES move(name), PRIMARY KEY (creature, move));
INSERT INTO creature_move VALUES ('aa', 'ember'), ('bb', 'ember'), ('cc', 'blaze');
"""


@pytest.fixture
async def town(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    ("plural", "one"),
    [("people", "person"), ("women", "woman"), ("men", "man"), ("mice", "mouse"),
     ("species", "species"), ("cities", "city")],
)  # fmt: skip
def test_irregular_plurals_are_singular(plural: str, one: str) -> None:
    assert singular(plural) == one


def test_question_words_fold_accents_possessives_and_kinds() -> None:
    assert question_words("How many Cafés in São Paulo?") == ["how", "many", "cafes", "in",
                                                              "sao", "paulo"]  # fmt: skip
    assert question_words("What is Ada's height?") == ["what", "is", "ada", "height"]
    assert question_words("Fire-type moves") == ["fire", "type", "moves"]
    assert question_words("Wi-Fi and X-ray") == ["wi-fi", "and", "x-ray"]


def test_an_accented_value_is_found_with_or_without_its_accents() -> None:
    index = ValueIndex()
    index.add("cafe", "city", "São Paulo")
    index.add("shop", "name", "McDonald's")
    assert [m.value for m in index.lookup(["sao", "paulo"])] == ["São Paulo"]
    assert [m.value for m in index.lookup(["mcdonald"])] == ["McDonald's"]


async def test_accents_on_either_side_link(town: Database) -> None:
    assert rows(town, "How many cafés are there?") == [(3,)]
    assert rows(town, "How many cafes are in São Paulo?") == [(2,)]
    assert rows(town, "How many cafes are in Sao Paulo?") == [(2,)]


async def test_people_and_the_database_are_everyday_words(town: Database) -> None:
    assert rows(town, "How many people are in the database?") == [(3,)]


async def test_a_possessive_names_its_row(town: Database) -> None:
    assert rows(town, "What is Ada's height?") == [(1.7,)]


async def test_a_kind_compound_is_a_value_and_its_column(town: Database) -> None:
    assert rows(town, "How many Fire-type moves are there?") == [(2,)]


async def test_which_n_is_a_limit(town: Database) -> None:
    assert [r[0] for r in rows(town, "Which 2 creatures have the highest attack?")] == [
        "bb", "cc"
    ]  # fmt: skip


async def test_born_reads_the_birth_column(town: Database) -> None:
    assert rows(town, "Which city were the most people born in?")[0][:1] == ("Oslo",)


async def test_words_a_plan_would_drop_abstain(town: Database) -> None:
    assert abstains(town, "How many creatures have only one type?")


async def test_does_no_reads_the_pairs_of_the_link_table(town: Database) -> None:
    assert rows(town, "How many moves does no creature have?") == [(1,)]  # splash


async def test_a_column_of_the_rows_own_attributes_is_nearest(town: Database) -> None:
    assert rows(town, "Which type has the most creatures?") == [("water", 2)]  # its own
    assert rows(town, "Which type has the most moves?") == [("fire", 2)]


async def test_a_text_primary_key_name_is_the_label(town: Database) -> None:
    assert rows(town, "Which move do the most creatures have?") == [("ember", 2)]


async def test_the_most_common_ranks_values_by_their_rows(town: Database) -> None:
    assert rows(town, "What is the most common home city?") == [("Lyon", 2)]
    assert rows(town, "Which birth city is the least common?") == [("Lyon", 1)]


async def test_an_owners_description_names_its_column(town: Database) -> None:
    docs = parse_documentation("# person\n- home_city: the person's current town\n")
    plan = read_question("What is the most common current town?", town[0], docs=docs)
    assert not isinstance(plan, Abstention)
    assert town[1].execute(compile_plan(plan, town[0])).fetchall() == [("Lyon", 2)]


async def test_a_decade_or_a_century_is_a_range_of_years(town: Database) -> None:
    assert rows(town, "How many happenings are in the 1990s?") == [(2,)]
    assert rows(town, "How many deaths happened in the 1800s?") == [(1,)]
    assert rows(town, "How many athletes debuted in the 1980s?") == [(2,)]


def test_large_numbers_are_digits() -> None:
    assert question_words("more than 7 million people") == ["more", "than", "7000000", "people"]
    assert question_words("over a million") == ["over", "1000000"]
    assert question_words("1.5 billion") == ["1500000000"]


async def test_weigh_is_weight(town: Database) -> None:
    assert rows(town, "How much does bb weigh?") == [(7.5,)]


async def test_men_and_women_are_a_sex_columns_codes(town: Database) -> None:
    assert rows(town, "How many women are there?") == [(1,)]
    assert rows(town, "How many men are in the database?") == [(2,)]
    assert rows(town, "Which home city has the most men?") == [("Lyon", 2)]


async def test_a_cost_word_reads_the_rows_own_cost(town: Database) -> None:
    assert rows(town, "Which supply costs us the most?") == [("clay", 2.0)]


async def test_populous_is_population_and_spoken_no_column(tmp_path: Path) -> None:
    database = await open_database(tmp_path, """
        CREATE TABLE land (code TEXT PRIMARY KEY, name TEXT, population INTEGER);
        INSERT INTO land VALUES ('A', 'Avalon', 10), ('B', 'Brigadoon', 20);
        CREATE TABLE tongue (land TEXT REFERENCES land(code), language TEXT,
                             PRIMARY KEY (land, language));
        INSERT INTO tongue VALUES ('A', 'Elvish'), ('B', 'Elvish'), ('B', 'Gaelic');
    """)  # fmt: skip
    assert rows(database, "Which land is the most populous?") == [("Brigadoon (B)", 20)]
    assert rows(database, "How many languages are spoken in Brigadoon?") == [(2,)]


async def test_a_kind_compound_before_the_rows_ranked_is_a_condition(town: Database) -> None:
    assert rows(town, "Which Fire-type move is the most powerful?")[0][:1] == ("blaze",)
    assert rows(town, "Which Water-type creature is the heaviest?")[0][:1] == ("cc",)


MASTS = """
CREATE TABLE tower (kind TEXT PRIMARY KEY, maker TEXT);
INSERT INTO tower VALUES ('T1', 'Acme'), ('T2', 'Bolt');
CREATE TABLE hub_height (kind TEXT REFERENCES tower(kind), hub_height REAL,
                         PRIMARY KEY (kind, hub_height));
INSERT INTO hub_height VALUES ('T1', 80), ('T1', 90), ('T1', 100), ('T2', 140);
"""


async def test_a_size_is_never_ranked_by_a_number_of_rows(tmp_path: Path) -> None:
    masts = await open_database(tmp_path, MASTS)
    assert abstains(masts, "Which tower has the tallest hub height?")  # not the most rows
    assert rows(masts, "Which tower has the most hub heights?") == [("Acme", 3)]
