"""Words that name what every counted row is, never a condition: a table named whole by
the question's words wins over a shorter-named table named only in part ("gizmo tone
bands" are the bands, not the tones), and a word the documentation puts before the
counted rows' noun ("brass lamps", for a shop selling only brass lamps) is no value of
a many-valued free-text column (a maker named 'Brass').  Each answer is right, or the
linker abstains."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from tests.sql.linking_schemas import Database, open_database, rows

TONES = """
CREATE TABLE gizmo_tone_band (band_id INTEGER PRIMARY KEY, band_name TEXT);
CREATE TABLE gizmo_tone (tone_id INTEGER PRIMARY KEY, tone_name TEXT,
                         band_id INTEGER REFERENCES gizmo_tone_band (band_id));
INSERT INTO gizmo_tone_band VALUES (1, 'Low'), (2, 'High');
INSERT INTO gizmo_tone VALUES (1, 'Hum', 1), (2, 'Buzz', 1), (3, 'Chirp', 2), (4, 'Ping', 2),
  (5, 'Whistle', 2);
"""
"""Two tone bands of five tones."""


@pytest.fixture
async def tones(tmp_path: Path) -> Database:
    return await open_database(tmp_path, TONES)


async def test_a_table_named_whole_wins_over_one_named_in_part(tones: Database) -> None:
    assert rows(tones, "How many gizmo tone bands are there?") == [(2,)]
    assert rows(tones, "How many gizmo tones are there?") == [(5,)]


_MAKERS = ["Brass"] + [f"Maker{chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(59)]
LAMPS = (
    "CREATE TABLE lamps (lamp_id INTEGER PRIMARY KEY, name TEXT, maker TEXT, finish TEXT);\n"
    + "".join(
        f"INSERT INTO lamps VALUES ({i}, 'Lamp {i}', '{maker}', '{('Gloss', 'Matte')[i % 2]}');\n"
        for i, maker in enumerate(_MAKERS * 2)
    )
)
"""120 brass lamps of 60 makers (two of them by a maker named 'Brass'), two finishes."""

LAMP_DOCS = """The brass lamps a small shop sells, each with its maker and finish.

# lamps
One row per lamp.
- name: the lamp's name
- maker: who made the lamp
- finish: Matte or Gloss
"""


@pytest.fixture
async def lamps(tmp_path: Path) -> Database:
    database = await open_database(tmp_path, LAMPS)
    database[0].docs = parse_documentation(LAMP_DOCS)
    database[0].cache = {}
    return database


async def test_a_documented_topic_word_is_no_value_of_a_free_text_column(lamps: Database) -> None:
    assert rows(lamps, "How many brass lamps are there?") == [(120,)]
    assert rows(lamps, "How many lamps are there?") == [(120,)]
    assert rows(lamps, "How many matte lamps are there?") == [(60,)]
