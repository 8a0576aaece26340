"""Which table a noun means and which column names a row, where the words alone would
read another: a ranking's group word read again as a measure ("which section has the
most gadgets" as a sum of a ``section`` number), "how many books" of a table pairing
lessons with books, a word a number code's documentation glosses read as a value of
another table, and "each gadget section" read as each gadget."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import open_database

SCHEMA = """
CREATE TABLE section (section INTEGER PRIMARY KEY, title TEXT);
INSERT INTO section VALUES (1, 'Tools'), (2, 'Toys'), (3, 'Lamps');
CREATE TABLE gadget (code TEXT PRIMARY KEY, label TEXT,
    section INTEGER REFERENCES section(section));
INSERT INTO gadget VALUES ('g1', 'hammer', 1), ('g2', 'saw', 1), ('g3', 'drill', 1),
    ('g4', 'kite', 2), ('g5', 'yoyo', 2), ('g6', 'spot', 3);
CREATE TABLE variant (code TEXT PRIMARY KEY, base TEXT REFERENCES gadget(code),
    label TEXT, section INTEGER);
INSERT INTO variant VALUES ('v1', 'g6', 'spot red', 3), ('v2', 'g6', 'spot blue', 3),
    ('v3', 'g6', 'spot green', 3), ('v4', 'g4', 'kite red', 2);
CREATE TABLE finish (code TEXT PRIMARY KEY REFERENCES variant(code), shade INTEGER);
INSERT INTO finish VALUES ('v1', 1), ('v2', 3), ('v3', 3), ('v4', 2);
CREATE TABLE tag (code TEXT REFERENCES gadget(code), tag TEXT, PRIMARY KEY (code, tag));
INSERT INTO tag VALUES ('g1', 'dark'), ('g1', 'heavy'), ('g2', 'sharp'), ('g4', 'light'),
    ('g5', 'small'), ('g6', 'bright');
"""
DOCS = """# finish
One row per finish of a variant.
- code: the variant (a row of variant)
- shade: its shade: 1 light, 2 medium, 3 dark
"""

PAIRS = """
CREATE TABLE item (id TEXT PRIMARY KEY, name TEXT, weight INTEGER);
INSERT INTO item VALUES ('b1', 'primer', 1), ('b2', 'manual', 2), ('b3', 'atlas', 3),
    ('t1', 'saw', 4);
CREATE TABLE lesson (id TEXT PRIMARY KEY, title TEXT, hours INTEGER);
INSERT INTO lesson VALUES ('l1', 'cutting', 2), ('l2', 'joining', 3), ('l3', 'sanding', 1);
CREATE TABLE lesson_book (lesson TEXT REFERENCES lesson(id), book TEXT REFERENCES item(id),
    level INTEGER, PRIMARY KEY (lesson, book));
INSERT INTO lesson_book VALUES ('l1', 'b1', 1), ('l2', 'b1', 2), ('l3', 'b1', 1),
    ('l1', 'b2', 3), ('l2', 'b2', 1);
"""
PAIR_DOCS = """# lesson_book
One row per book a lesson can be learned from.
- lesson: the lesson (lesson.id)
- book: the book (item.id)
"""


async def _read(
    tmp_path: Path, schema: str, docs: str, question: str
) -> list[tuple[object, ...]] | None:
    tmp_path.mkdir(exist_ok=True)  # noqa: ASYNC240
    catalog, connection = await open_database(tmp_path, schema)
    plan = read_question(question, catalog, docs=parse_documentation(docs))
    if isinstance(plan, Abstention):
        return None
    return connection.execute(compile_plan(plan, catalog)).fetchall()


async def test_the_word_of_the_groups_is_no_measure(tmp_path: Path) -> None:
    """ "section" names the sections ranked, never a sum of a variant's section number."""
    found = await _read(tmp_path, SCHEMA, DOCS, "Which section has the most gadgets?")
    assert found == [("Tools", 3)]


async def test_a_table_pairing_rows_counts_no_things_of_a_key(tmp_path: Path) -> None:
    """Five lesson-book pairs are neither the two books they name nor every book."""
    assert await _read(tmp_path / "a", PAIRS, PAIR_DOCS, "How many books are there?") is None
    lessons = await _read(tmp_path / "b", PAIRS, PAIR_DOCS, "How many lessons are there?")
    assert lessons == [(3,)]


async def test_a_word_glossing_a_number_code_is_no_value_of_another_table(
    tmp_path: Path,
) -> None:
    """ "dark" is the shade 3 of a finish, not the tag 'dark' of a gadget."""
    question = "How many finishes are dark?"
    assert await _read(tmp_path / "a", SCHEMA, DOCS, question) is None
    tagged = await _read(tmp_path / "b", SCHEMA, DOCS, "How many gadgets have the tag heavy?")
    assert tagged == [(1,)]


async def test_each_of_two_table_words_is_the_second_ones(tmp_path: Path) -> None:
    """ "each gadget section": the sections (or a decline), never each gadget."""
    question = "How many variants does each gadget section have?"
    found = await _read(tmp_path / "a", SCHEMA, DOCS, question)
    assert found is None or sorted(found) == [("Lamps", 3), ("Toys", 1)]
    each = await _read(tmp_path / "b", SCHEMA, DOCS, "How many gadgets are in each section?")
    assert sorted(each or []) == [("Lamps", 1), ("Tools", 3), ("Toys", 2)]
