"""Groups a name does not tell apart: a ranking by a parent whose one name column repeats
over its rows (one firm, several offices) is declined, not shown as one row's count under
the shared name; and "each position type" is not read as a number column named by its
first word alone when the whole phrase names another column (``pos_type``)."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, open_database, rows

SCHEMA = """
CREATE TABLE firm (firm_id INTEGER PRIMARY KEY, firm_name TEXT, street TEXT);
INSERT INTO firm VALUES (1, 'Acme', 'North Road'), (2, 'Acme', 'South Road'),
    (3, 'Bolt', 'East Road'), (4, 'Crane', 'West Road');
CREATE TABLE permit (id INTEGER PRIMARY KEY, firm_id INTEGER REFERENCES firm(firm_id),
                     kind TEXT);
INSERT INTO permit VALUES (1, 1, 'A'), (2, 1, 'A'), (3, 2, 'A'), (4, 2, 'A'), (5, 3, 'A'),
    (6, 3, 'A'), (7, 3, 'A'), (8, 4, 'A');
CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, shop_name TEXT);
INSERT INTO shop VALUES (1, 'Ajax'), (2, 'Brio'), (3, 'Cora');
CREATE TABLE sale (id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shop(shop_id));
INSERT INTO sale VALUES (1, 1), (2, 1), (3, 2), (4, 3), (5, 1);
CREATE TABLE pos_types (pos_type INTEGER PRIMARY KEY, name TEXT);
INSERT INTO pos_types VALUES (1, 'Keeper'), (2, 'Runner');
CREATE TABLE athlete (id INTEGER PRIMARY KEY, name TEXT, position INTEGER,
                      pos_type INTEGER REFERENCES pos_types(pos_type));
INSERT INTO athlete VALUES (1, 'Ann', 3, 1), (2, 'Ben', 5, 2), (3, 'Cid', 5, 2),
    (4, 'Dan', 7, 2);
"""


def _declined(database: Database, question: str) -> bool:
    """Whether the linker abstains from ``question`` or its plan does not compile."""
    catalog, _ = database
    plan = read_question(question, catalog)
    if isinstance(plan, Abstention):
        return True
    try:
        compile_plan(plan, catalog)
    except ValueError:
        return True
    return False


async def test_a_ranking_by_a_shared_name_is_declined(tmp_path: Path) -> None:
    # Acme has 4 permits over two offices; by office it would show "Acme 2" below Bolt.
    database = await open_database(tmp_path, SCHEMA)
    assert _declined(database, "Which firm has the most permits?")
    assert _declined(database, "What are the top 2 firms by number of permits?")


async def test_a_ranking_by_a_name_of_its_own_stays(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    assert rows(database, "Which shop has the most sales?") == [("Ajax", 3)]


async def test_a_phrase_naming_another_column_is_not_its_first_word(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SCHEMA)
    question = "How many athletes are there for each position type?"
    catalog, connection = database
    plan = read_question(question, catalog)
    if not isinstance(plan, Abstention):
        try:
            shown = connection.execute(compile_plan(plan, catalog)).fetchall()
        except ValueError:
            return
        assert sorted(shown) != sorted([(3, 1), (5, 2), (7, 1)])  # the positions' numbers
        assert sorted(shown) == sorted([("Keeper", 1), ("Runner", 3)])


PARENTED = """
CREATE TABLE region (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO region VALUES (1, 'North'), (2, 'South');
CREATE TABLE office (id INTEGER PRIMARY KEY, name TEXT,
                     region_id INTEGER REFERENCES region(id));
INSERT INTO office VALUES (1, 'Central', 1), (2, 'Central', 2), (3, 'Harbour', 1);
CREATE TABLE visit (id INTEGER PRIMARY KEY, office_id INTEGER REFERENCES office(id));
INSERT INTO visit VALUES (1, 1), (2, 1), (3, 1), (4, 2), (5, 3), (6, 3);
"""


async def test_alike_names_under_parents_stay(tmp_path: Path) -> None:
    # Two offices named Central, one in each region: two things, each its own count.
    database = await open_database(tmp_path, PARENTED)
    assert rows(database, "Which office has the most visits?") == [("Central", 3)]


DESCRIBED = """
CREATE TABLE dish (dish_no TEXT PRIMARY KEY, long_text TEXT, nick_name TEXT);
INSERT INTO dish VALUES ('01001', 'Bread, rye, toasted', NULL),
    ('01002', 'Soup, onion, canned', 'French soup'), ('01003', 'Rice, white, boiled', NULL),
    ('01004', 'Cake, lemon, iced', NULL);
CREATE TABLE remark (id INTEGER PRIMARY KEY, dish_no TEXT REFERENCES dish(dish_no),
                     body TEXT);
INSERT INTO remark VALUES (1, '01003', 'x'), (2, '01003', 'y'), (3, '01001', 'z');
"""


async def test_a_row_named_in_few_rows_is_shown_by_its_description(tmp_path: Path) -> None:
    # The one name column has gaps; each row's words, not its number key, name it.
    database = await open_database(tmp_path, DESCRIBED)
    assert database[0].label("dish") == ["long_text"]
    shown = rows(database, "Which dish has the most remarks?")
    assert len(shown) == 1 and str(shown[0][0]).startswith("Rice, white, boiled")


SPELLED = """
CREATE TABLE shop (id INTEGER PRIMARY KEY, name TEXT, closed_on TEXT);
INSERT INTO shop VALUES (1, 'Ajax', 'monday'), (2, 'Brio', 'Monday'), (3, 'Cora', 'mondays'),
    (4, 'Dove', 'tuesday'), (5, 'Eden', NULL);
"""


async def test_a_value_counts_its_plural_spelling(tmp_path: Path) -> None:
    database = await open_database(tmp_path, SPELLED)
    assert rows(database, "How many shops are closed on Monday?") == [(3,)]


async def test_a_word_of_a_dictionary_is_not_its_plural(tmp_path: Path) -> None:
    # Every word of a dictionary is its own row: "regard" and "regards" are two words.
    words = [f"w{i:03d}" for i in range(60)] + ["regard", "regards"]
    values = ", ".join(f"({i}, '{w}')" for i, w in enumerate(words))
    script = "CREATE TABLE entry (id INTEGER PRIMARY KEY, word TEXT);\n"
    script += f"INSERT INTO entry VALUES {values};"
    database = await open_database(tmp_path, script)
    assert rows(database, "How many entries named regard are there?") == [(1,)]
