"""What the documentation says of a column, read for what it is: a list of numbered
meanings ("1 noun, 2 verb") makes the column codes, never added up or averaged whatever the
question says; a description that begins by saying which rows have a value ("for some
words, ...") says something of the rows, and its words do not name the column ("for a
child row, its parent" still does)."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import open_database

SCHEMA = """
CREATE TABLE shelves (shelf_id INTEGER PRIMARY KEY, label TEXT, kind INTEGER);
INSERT INTO shelves VALUES (1, 'Left', 1), (2, 'Right', 2), (3, 'Top', 1);
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT, binding TEXT,
                    shelf_id INTEGER REFERENCES shelves(shelf_id));
INSERT INTO books VALUES (1, 'Sea', 'h', 1), (2, 'Sky', NULL, 1), (3, 'Sun', 'p', 2),
    (4, 'Salt', NULL, 3);
"""

DOCS = """
# shelves
- kind: 1 fiction, 2 poetry
# books
- binding: for some novels, the binding: h hardback, p paperback; empty otherwise
- shelf_id: for a shelved book, its shelf
"""


async def _catalog(tmp_path: Path) -> SqlCatalog:
    catalog, _ = await open_database(tmp_path, SCHEMA)
    catalog.docs, catalog.cache = parse_documentation(DOCS), {}
    return catalog


async def test_numbered_meanings_are_codes_never_added_up(tmp_path: Path) -> None:
    catalog = await _catalog(tmp_path)

    for question in ("How many fiction shelves are there?", "What is the average kind?"):
        assert isinstance(read_question(question, catalog), Abstention), question


async def test_a_description_beginning_with_which_rows_names_no_column(tmp_path: Path) -> None:
    catalog = await _catalog(tmp_path)

    plan = read_question("How many novels have more than 1 book?", catalog)

    assert isinstance(plan, Abstention), compile_plan(plan, catalog)
