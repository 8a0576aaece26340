"""A table whose name column neither says name nor title (``message``) is labelled by the
column its documentation calls a name ("the group's English name"), before a number key
named as the table: "How many emojis are in each group?" shows the groups' names."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import open_database

SCHEMA = """
CREATE TABLE "groups" ("group" INTEGER PRIMARY KEY, "key" TEXT, message TEXT);
INSERT INTO "groups" VALUES (0, 'fruit-veg', 'fruit & vegetables'), (1, 'drink-x', 'drinks'),
    (2, 'sweet-x', 'sweets');
CREATE TABLE foods (code TEXT PRIMARY KEY, label TEXT,
    "group" INTEGER REFERENCES "groups"("group"));
INSERT INTO foods VALUES ('a1', 'apple', 0), ('a2', 'pear', 0), ('a3', 'plum', 0),
    ('b1', 'tea', 1), ('b2', 'milk', 1), ('c1', 'fudge', 2);
"""

DOCS = """
# groups
- group: the group's number, the key
- key: the group's key ("fruit-veg")
- message: the group's English name ("fruit & vegetables", "drinks")
"""


async def test_the_documented_name_labels_the_rows(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, SCHEMA, DOCS)
    assert catalog.label("groups") == ["message"]
    plan = read_question("How many foods are in each group?", catalog)
    assert not isinstance(plan, Abstention)
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == [
        ("fruit & vegetables", 3), ("drinks", 2), ("sweets", 1),
    ]  # fmt: skip


async def test_without_documentation_the_key_named_as_the_table_labels_them(
    tmp_path: Path,
) -> None:
    catalog, _ = await open_database(tmp_path, SCHEMA)
    assert catalog.label("groups") == ["group"]


async def test_a_name_of_another_thing_is_no_label(tmp_path: Path) -> None:
    docs = DOCS.replace("the group's English name", "the full name of the group's founder")
    catalog, _ = await open_database(tmp_path, SCHEMA, docs)
    assert catalog.label("groups") == ["group"]
    docs = DOCS.replace("the group's English", "the founder's")
    (tmp_path / "shapes.db").unlink()
    catalog, _ = await open_database(tmp_path, SCHEMA, docs)
    assert catalog.label("groups") == ["group"]
