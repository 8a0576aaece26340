"""A column of thousands of lower-case words holds most words of a question: a plain word
found only there ("the animal file") is not read as a condition — the question is declined —
while a word written as a value (quoted) still filters, and a smaller column's words do."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows


def _lexicon() -> str:
    letters = ("bcdgkmpt", "aeiou", "lnrst", "aeiou", "bdkmnt")
    words = [*("".join(p) for p in itertools.product(*letters))][:5200]
    words += ["file", "bank"]
    values = ", ".join(f"({i}, '{w}', {1 + i % 3})" for i, w in enumerate(words, start=1))
    return f"""
CREATE TABLE topics (topic_id INTEGER PRIMARY KEY, topic TEXT);
INSERT INTO topics VALUES (1, 'animal'), (2, 'plant');
CREATE TABLE groups (group_id INTEGER PRIMARY KEY, topic_id INTEGER REFERENCES topics(topic_id));
INSERT INTO groups VALUES (1, 1), (2, 1), (3, 2);
CREATE TABLE members (member_id INTEGER PRIMARY KEY, word TEXT,
                      group_id INTEGER REFERENCES groups(group_id));
INSERT INTO members VALUES {values};
"""


@pytest.fixture
async def lexicon(tmp_path: Path) -> Database:
    return await open_database(tmp_path, _lexicon())


async def test_a_plain_word_found_among_thousands_of_words_is_declined(lexicon: Database) -> None:
    assert abstains(lexicon, "How many groups are in the animal file?")


async def test_a_quoted_word_and_a_small_columns_word_still_filter(lexicon: Database) -> None:
    assert rows(lexicon, "Which group is 'bank' in?") == [(1,)]
    assert rows(lexicon, "How many groups are in the plant topic?") == [(1,)]
