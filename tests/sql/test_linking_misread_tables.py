"""Questions whose nouns or values the words alone would read in the wrong table: a
child table named after its parent's column, a compound counted as its first noun, a
kind's name counted as rows, a value said as one table's row read in another's."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.linking import Abstention, read_question
from hookline.sql.mentions import Vocabulary
from tests.sql.linking_schemas import open_database, rows

_SHOWS = """
CREATE TABLE shows (id INTEGER PRIMARY KEY, title TEXT, kind TEXT);
CREATE TABLE title_translation (show INTEGER REFERENCES shows(id), lang TEXT, title TEXT);
INSERT INTO shows VALUES (1, 'Alpha', 'tv'), (2, 'Beta', 'movie'), (3, 'Gamma', 'tv');
INSERT INTO title_translation VALUES (1, 'en', 'A'), (1, 'fr', 'A2'), (1, 'de', 'A3'),
  (2, 'en', 'B'), (3, 'en', 'G'), (3, 'fr', 'G2');
"""


async def test_a_child_named_after_its_parents_column_is_not_its_rows(tmp_path: Path) -> None:
    """ "titles" of a title_translation table whose parent has a title: not its rows."""
    catalog, _ = await open_database(tmp_path, _SHOWS)
    assert Vocabulary.of(catalog).table_named("titles") != "title_translation"
    plan = read_question("How many titles of each kind are there?", catalog)
    assert isinstance(plan, Abstention) or plan.table != "title_translation"


_TOWNS = """
CREATE TABLE provinces (id TEXT PRIMARY KEY, name_nl TEXT, name_fr TEXT);
CREATE TABLE towns (id TEXT PRIMARY KEY, name_nl TEXT, name_fr TEXT,
  province TEXT REFERENCES provinces(id));
INSERT INTO provinces VALUES ('1', 'Provincie Westmark', 'Province de Westmark'),
  ('2', 'Provincie Oostmark', 'Province de Eastmark');
INSERT INTO towns VALUES ('1', 'Westmarkstad', 'Westmark', '1'), ('2', 'Eikdorp', 'Oakby', '1'),
  ('3', 'Olmdorp', 'Elmby', '1'), ('4', 'Oostmark', 'Eastmark', '2'), ('5', 'Esdorp', 'Ashby', '2');
"""


async def test_the_province_of_a_value_read_in_towns_is_declined(tmp_path: Path) -> None:
    """ "the province of Westmark": never the town named Westmark."""
    catalog, _ = await open_database(tmp_path, _TOWNS)
    plan = read_question("How many towns does the province of Westmark have?", catalog)
    assert isinstance(plan, Abstention) or all(
        f.column.table != "towns" for f in plan.filters if f.column
    )


_FIELDS = """
CREATE TABLE field (id TEXT PRIMARY KEY, label TEXT, type TEXT, size INTEGER);
CREATE TABLE entry (field TEXT REFERENCES field(id), value TEXT);
INSERT INTO field VALUES ('ST', 'State', 'C', 2), ('AST', 'State', 'C', 3),
  ('CO', 'County', 'C', 30), ('PA', 'Park', 'C', 40), ('PR', 'Province', 'C', 2),
  ('CPR', 'Province', 'C', 2), ('ZO', 'Zone', 'I', 10);
INSERT INTO entry VALUES ('ST', 'Texas'), ('ST', 'Ohio'),
  ('CO', 'Harris'), ('CO', 'Dallas'), ('CO', 'Stark'), ('PA', 'Big Bend');
"""


async def test_a_kind_s_name_is_not_counted_as_its_rows(tmp_path: Path) -> None:
    """ "how many counties": never the one field row labelled 'County'."""
    catalog, _ = await open_database(tmp_path, _FIELDS)
    plan = read_question("How many counties does Texas have?", catalog)
    assert isinstance(plan, Abstention) or plan.table != "field"


_GLYPHS = """
CREATE TABLE glyph (id INTEGER PRIMARY KEY, literal TEXT);
CREATE TABLE tag_name (gid INTEGER REFERENCES glyph(id), value TEXT);
CREATE TABLE reading (gid INTEGER REFERENCES glyph(id), value TEXT);
INSERT INTO glyph VALUES (1, 'x'), (2, 'y');
INSERT INTO tag_name VALUES (1, 'a'), (1, 'b'), (1, 'c');
INSERT INTO reading VALUES (2, 'p'), (2, 'q'), (1, 'r');
"""


async def test_a_compound_is_not_counted_as_its_first_noun(tmp_path: Path) -> None:
    """ "the most name readings": not the tag names ("name" a word of tag_name)."""
    catalog, _ = await open_database(tmp_path, _GLYPHS)
    plan = read_question("Which glyph has the most name readings?", catalog)
    assert isinstance(plan, Abstention) or plan.table != "tag_name"


_STEPS = """
CREATE TABLE glyph (id INTEGER PRIMARY KEY, literal TEXT, step_count INTEGER);
CREATE TABLE step_error (gid INTEGER REFERENCES glyph(id), value INTEGER);
INSERT INTO glyph VALUES (1, 'x', 3), (2, 'y', 12), (3, 'z', 7);
INSERT INTO step_error VALUES (1, 4), (1, 2), (3, 8);
"""


async def test_a_child_named_after_what_its_parent_counts_is_not_counted(
    tmp_path: Path,
) -> None:
    """ "the most steps" with a step_count: never the step_error rows counted."""
    catalog, _ = await open_database(tmp_path, _STEPS)
    plan = read_question("Which glyph has the most steps?", catalog)
    assert isinstance(plan, Abstention) or plan.table != "step_error"


_PROVINCES = """
CREATE TABLE provinces (id TEXT PRIMARY KEY, name TEXT);
CREATE TABLE towns (id TEXT PRIMARY KEY, name TEXT, province TEXT REFERENCES provinces(id));
INSERT INTO provinces VALUES ('1', 'Westmark'), ('2', 'Eastmark');
INSERT INTO towns VALUES ('1', 'Oakby', '1'), ('2', 'Elmby', '1'), ('3', 'Ashby', '2');
"""


async def test_the_province_of_a_value_read_in_provinces_is_answered(tmp_path: Path) -> None:
    """ "the province of Westmark" read in the provinces: the towns counted."""
    database = await open_database(tmp_path, _PROVINCES)
    assert rows(database, "How many towns does the province of Westmark have?") == [(2,)]
