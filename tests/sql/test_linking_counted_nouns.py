"""Which table a count's noun names, which column of several groups it, which rows a word
of a category names: a pairing table's last word alone ("pieces" of ``kit_piece``)
declines; "beasts of each kind" groups by the beasts' own kinds, not their arts';
"formats are images" with formats named "image/png" declines a reading of the icon
"image-x-generic"; "hair colour variations", documented as another table's rows,
counts those rows, not the ``hair_colours`` table's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE kit (id TEXT PRIMARY KEY, name TEXT);
INSERT INTO kit VALUES ('k1', 'Starter'), ('k2', 'Deluxe');
CREATE TABLE part (id TEXT PRIMARY KEY, name TEXT, weight REAL);
INSERT INTO part VALUES ('p1', 'Bolt', 1.0), ('p2', 'Nut', 0.5), ('p3', 'Gear', 2.0);
CREATE TABLE kit_piece (kit TEXT REFERENCES kit(id), slot INTEGER,
                        part TEXT REFERENCES part(id), quantity INTEGER,
                        PRIMARY KEY (kit, slot, part));
INSERT INTO kit_piece VALUES ('k1', 1, 'p1', 4), ('k1', 1, 'p2', 4), ('k1', 2, 'p3', 1),
                             ('k2', 1, 'p1', 8), ('k2', 2, 'p3', 2);
"""

BEASTS = """
CREATE TABLE beast (name TEXT PRIMARY KEY, speed INTEGER);
INSERT INTO beast VALUES ('Ember', 5), ('Frost', 3), ('Gale', 9);
CREATE TABLE art (name TEXT PRIMARY KEY, kind TEXT, power INTEGER);
INSERT INTO art VALUES ('Blaze', 'fire', 40), ('Chill', 'ice', 30), ('Gust', 'air', 20),
                         ('Spark', 'fire', 10);
CREATE TABLE beast_art (beast TEXT REFERENCES beast(name), art TEXT REFERENCES art(name),
                          PRIMARY KEY (beast, art));
INSERT INTO beast_art VALUES ('Ember', 'Blaze'), ('Ember', 'Spark'), ('Frost', 'Chill'),
                               ('Frost', 'Blaze'), ('Gale', 'Gust'), ('Gale', 'Blaze');
CREATE TABLE beast_kind (beast TEXT REFERENCES beast(name), slot INTEGER, kind TEXT,
                         PRIMARY KEY (beast, slot));
INSERT INTO beast_kind VALUES ('Ember', 1, 'fire'), ('Frost', 1, 'ice'), ('Gale', 1, 'air'),
                              ('Gale', 2, 'ice');
"""

FORMATS = """
CREATE TABLE format (name TEXT PRIMARY KEY, label TEXT, icon TEXT);
INSERT INTO format VALUES ('image/png', 'PNG', 'image-x-generic'), ('image/gif', 'GIF', ''),
  ('image/jpeg', 'JPEG', ''), ('text/plain', 'Plain', 'text-x-generic'),
  ('text/csv', 'CSV', 'x-office-spreadsheet'), ('video/mp4', 'MP4', 'video-x-generic'),
  ('video/ogg', 'OGV', '');
CREATE TABLE pattern (format TEXT REFERENCES format(name), glob TEXT,
                      PRIMARY KEY (format, glob));
INSERT INTO pattern VALUES ('image/png', '*.png'), ('image/gif', '*.gif'), ('text/csv', '*.csv');
"""

TOWNS = """
CREATE TABLE region (code TEXT PRIMARY KEY, name TEXT);
INSERT INTO region VALUES ('AF', 'Africa'), ('EU', 'Europe');
CREATE TABLE town (id INTEGER PRIMARY KEY, name TEXT, region TEXT REFERENCES region(code),
                   zone TEXT);
INSERT INTO town VALUES (1, 'Lagos', 'AF', 'Africa/Lagos'), (2, 'Accra', 'AF', 'Africa/Accra'),
  (3, 'Paris', 'EU', 'Europe/Paris'), (4, 'Lyon', 'EU', 'Europe/Paris');
"""

FACES = """
CREATE TABLE face (code TEXT PRIMARY KEY, label TEXT);
INSERT INTO face VALUES ('F1', 'smiling'), ('F2', 'waving');
CREATE TABLE tint (code TEXT PRIMARY KEY, base TEXT REFERENCES face(code), label TEXT);
INSERT INTO tint VALUES ('T1', 'F1', 'smiling: red'), ('T2', 'F1', 'smiling: grey'),
                        ('T3', 'F2', 'waving: red and grey');
CREATE TABLE hair_colours (code TEXT REFERENCES tint(code), position INTEGER, colour INTEGER,
                           PRIMARY KEY (code, position));
INSERT INTO hair_colours VALUES ('T1', 1, 1), ('T2', 1, 2), ('T3', 1, 1), ('T3', 2, 2);
"""
FACE_DOCS = "# tint\nOne row per hair colour variation of a face.\n"

BEASTS_BASE = """
CREATE TABLE beast_base (name TEXT PRIMARY KEY, glyph TEXT);
INSERT INTO beast_base VALUES ('canine', 'C'), ('feline', 'f');
CREATE TABLE beast (id INTEGER PRIMARY KEY, name TEXT, template TEXT REFERENCES beast_base(name));
INSERT INTO beast VALUES (1, 'Wolf', 'canine'), (2, 'Jackal', 'canine'), (3, 'Lynx', 'feline');
"""
BASE_DOCS = "# beast_base\nOne row per beast template.\n"


async def test_a_documented_phrase_naming_the_groups_keeps_the_counted_rows(
    tmp_path: Path,
) -> None:
    beasts = await open_database(tmp_path, BEASTS_BASE, docs=BASE_DOCS)
    assert rows(beasts, "Which beast template has the most beasts?") == [("canine", 2)]


async def test_a_pairing_tables_last_word_alone_declines(tmp_path: Path) -> None:
    kits = await open_database(tmp_path, SCHEMA)
    assert abstains(kits, "How many pieces are there?")  # the pairs, or the parts?
    assert rows(kits, "How many kit pieces are there?") == [(5,)]
    assert rows(kits, "How many parts are there?") == [(3,)]


async def test_each_kind_groups_by_the_counted_rows_own_kinds(tmp_path: Path) -> None:
    beasts = await open_database(tmp_path, BEASTS)
    counts = rows(beasts, "How many beasts are there of each kind?")
    assert sorted(counts) == [("air", 1), ("fire", 1), ("ice", 2)]


@pytest.mark.parametrize(
    "question", ["How many formats are images?", "How many video formats are there?"]
)
async def test_a_word_beginning_the_rows_names_is_not_read_in_another_column(
    tmp_path: Path, question: str
) -> None:
    formats = await open_database(tmp_path, FORMATS)
    assert abstains(formats, question)


async def test_a_word_beginning_values_of_a_column_not_naming_the_rows_is_read(
    tmp_path: Path,
) -> None:
    towns = await open_database(tmp_path, TOWNS)  # "Africa/Lagos" is a zone, not a town
    assert rows(towns, "How many towns are there in Africa?") == [(2,)]


async def test_a_documented_phrase_counts_the_documented_rows(tmp_path: Path) -> None:
    faces: Database = await open_database(tmp_path, FACES, docs=FACE_DOCS)
    assert rows(faces, "How many hair colour variations are there?") == [(3,)]
    assert rows(faces, "How many hair colour variations does the smiling face have?") == [(2,)]
    assert rows(faces, "How many hair colours are there?") == [(4,)]
    assert rows(faces, "How many faces have no hair colour variation?") == [(0,)]
