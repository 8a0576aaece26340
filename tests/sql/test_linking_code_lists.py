"""Codes glossed by a list in the documentation ("r round, f flat", "k = kayak, c = canoe",
in a column's line or in a sentence naming the column in brackets): a question says the
words, and each table reads them in its own column; two columns of one table glossing one
word leave it unread.  A table documented by a count of its rows ("The 3 harbour docks
...") is named by the words after the count, and no word of that name is a value."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.sql.linking_schemas import Database, open_database

SCHEMA = """
CREATE TABLE dock (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO dock VALUES (1, 'North'), (2, 'South'), (3, 'West');
CREATE TABLE hull (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, shape TEXT,
    dock_id INTEGER REFERENCES dock(id));
INSERT INTO hull VALUES (1, 'Ada', 'k', 'r', 1), (2, 'Bo', 'k', 'f', 1), (3, 'Cy', 'c', 'r', 2),
    (4, 'Di', 'w', 'f', 1), (5, 'Ed', 'k', 'r', 3);
CREATE TABLE paddle (id INTEGER PRIMARY KEY, name TEXT, length INTEGER, kind TEXT);
INSERT INTO paddle VALUES (1, 'P1', 200, 'k'), (2, 'P2', 210, 'c'), (3, 'P3', 220, 'c');
CREATE TABLE note (id INTEGER PRIMARY KEY, word TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO note SELECT i, 'word' || i FROM n;
INSERT INTO note VALUES (61, 'dock'), (62, 'harbour');
"""
DOCS = """Boats and their paddles. Craft types (kind) are coded k = kayak, c = canoe,
w = wherry.

# dock
The 3 harbour docks the boats berth at.
- name: its name

# hull
One row per boat.
- name: its name
- kind: the craft it is
- shape: its bottom: r round, f flat
- dock_id: where it berths (dock)

# paddle
One row per paddle.
- name: its name
- length: in cm
- kind: the craft it is for

# note
One row per note.
- word: a word
"""


@pytest.fixture
async def harbour(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


def _read(database: Database, question: str, docs: str = DOCS) -> list[tuple[object, ...]] | None:
    catalog, connection = database
    catalog.cache = {}
    plan = read_question(question, catalog, docs=parse_documentation(docs))
    if isinstance(plan, Abstention):
        return None
    return connection.execute(compile_plan(plan, catalog)).fetchall()


async def test_a_listed_code_is_said_by_its_words(harbour: Database) -> None:
    assert _read(harbour, "How many flat boats are there?") == [(2,)]
    assert _read(harbour, "How many round boats are there?") == [(3,)]


async def test_a_sentence_naming_the_column_glosses_it_in_each_table(harbour: Database) -> None:
    assert _read(harbour, "How many kayak boats are there?") == [(3,)]
    assert _read(harbour, "How many canoe paddles are there?") == [(2,)]


async def test_one_code_is_no_list(harbour: Database) -> None:
    one = DOCS.replace("r round, f flat", "r round")
    assert _read(harbour, "How many round boats are there?", one) is None


async def test_two_columns_of_one_table_glossing_a_word_decline(harbour: Database) -> None:
    twice = DOCS.replace("- shape: its bottom: r round, f flat", "- shape: r kayak, f flat")
    assert _read(harbour, "How many kayak boats are there?", twice) is None
    assert _read(harbour, "How many kayak paddles are there?", twice) == [(1,)]


async def test_a_table_is_named_after_the_count_of_its_rows(harbour: Database) -> None:
    assert _read(harbour, "How many harbour docks are there?") == [(3,)]
    assert _read(harbour, "Which harbour dock has the most boats?") == [("North", 3)]


WORDS = """
CREATE TABLE entry (word TEXT, pos TEXT, uses INTEGER, PRIMARY KEY (word, pos));
INSERT INTO entry VALUES ('run', 'v', 5), ('run', 'n', 2), ('walk', 'v', 3), ('cat', 'n', 1),
    ('sit', 'v', 2);
CREATE TABLE meaning (id INTEGER PRIMARY KEY, word TEXT, pos TEXT, gist TEXT,
    FOREIGN KEY (word, pos) REFERENCES entry (word, pos));
INSERT INTO meaning VALUES (1, 'run', 'v', 'move fast'), (2, 'run', 'v', 'manage'),
    (3, 'run', 'n', 'a trip'), (4, 'walk', 'v', 'go on foot'), (5, 'cat', 'n', 'a pet');
CREATE TABLE oddity (pos TEXT, form TEXT, base TEXT, PRIMARY KEY (pos, form, base));
INSERT INTO oddity VALUES ('v', 'ran', 'run'), ('v', 'sat', 'sit'), ('n', 'mice', 'mouse');
"""
WORD_DOCS = """Word classes (pos) are coded n = noun, v = verb.

# entry
One row per entry.
- word: the word
- pos: its word class
- uses: how often it is used

# meaning
One row per meaning.
- word, pos: the entry (entry)
- gist: what it means

# oddity
One row per oddity.
- pos: its word class
- form: the odd form
- base: its base word
"""


@pytest.fixture
async def words(tmp_path: Path) -> Database:
    return await open_database(tmp_path, WORDS)


async def test_a_code_shared_through_a_composite_key_is_the_rows_own(words: Database) -> None:
    assert _read(words, "How many verb entries are there?", WORD_DOCS) == [(3,)]


async def test_a_glossed_code_is_never_a_name_of_the_counted_rows(words: Database) -> None:
    assert _read(words, "How many verb oddities are there?", WORD_DOCS) == [(2,)]


CREW = """
CREATE TABLE job (code TEXT PRIMARY KEY, title TEXT);
INSERT INTO job VALUES ('E', 'Engine hand'), ('D', 'Deck hand'), ('C', 'Cook');
CREATE TABLE crew (id INTEGER PRIMARY KEY, name TEXT, job_code TEXT REFERENCES job(code));
INSERT INTO crew VALUES (1, 'Ann', 'E'), (2, 'Bob', 'E'), (3, 'Cid', 'D'), (4, 'Dee', 'C');
"""
CREW_DOCS = """# job
One row per job.
- code: its code ("E" engineer, "D" deckhand, "C" cook)
- title: its name

# crew
One row per crew member.
- name: their name
- job_code: their job (job)
"""


async def test_a_code_and_its_copy_in_a_referring_table_are_one_reading(tmp_path: Path) -> None:
    crew = await open_database(tmp_path, CREW)
    assert _read(crew, "How many engineers are there?", CREW_DOCS) == [(2,)]
