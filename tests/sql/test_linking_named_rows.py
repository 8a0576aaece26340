"""Counts of a table whose rows are things of their own, on a small parts list: a part
is a maker's code with a name, so "how many (different) parts" counts the part rows, never the
distinct codes (which makers reuse); a noun the count leaves unread ("part classes")
declines; "exactly N <child rows>" compares the number of child rows with N."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

PARTS = """
CREATE TABLE maker (maker TEXT PRIMARY KEY, maker_name TEXT);
INSERT INTO maker VALUES ('m1', 'Acme Works'), ('m2', 'Bolt Supply'), ('m3', 'Cog Union'),
  ('m4', 'Dyna Tools');
CREATE TABLE part (maker TEXT REFERENCES maker (maker), part TEXT, part_name TEXT,
                   PRIMARY KEY (maker, part));
INSERT INTO part VALUES ('m1', '0001', 'Gear'), ('m1', '0002', 'Spring'),
  ('m2', '0001', 'Washer'), ('m3', '0001', 'Axle'), ('m3', '0003', 'Lever'),
  ('m3', '0004', 'Pulley');
CREATE TABLE class (class TEXT PRIMARY KEY, class_name TEXT);
INSERT INTO class VALUES ('01', 'Fastener'), ('02', 'Motion');
"""
"""Six parts of three codes; four makers, one with no part; two classes."""


@pytest.fixture
async def parts(tmp_path: Path) -> Database:
    return await open_database(tmp_path, PARTS)


async def test_a_count_of_named_rows_counts_the_rows_not_their_codes(parts: Database) -> None:
    assert rows(parts, "How many parts are there?") == [(6,)]
    assert rows(parts, "How many parts are listed?") == [(6,)]
    assert rows(parts, "How many different parts are there?") == [(6,)]
    assert rows(parts, "How many parts does Cog Union have?") == [(3,)]


async def test_a_noun_a_count_of_distinct_values_leaves_unread_declines(parts: Database) -> None:
    assert abstains(parts, "How many part classes are there?")
    assert abstains(parts, "How many different part classes are there?")
    assert rows(parts, "How many classes are there?") == [(2,)]


async def test_exactly_n_child_rows_compares_their_number(parts: Database) -> None:
    assert rows(parts, "How many makers have exactly one part?") == [(1,)]
    assert rows(parts, "How many makers have exactly 3 parts?") == [(1,)]
    assert rows(parts, "Which makers have exactly two parts?") == [("Acme Works",)]
    assert rows(parts, "How many makers have more than 1 part?") == [(2,)]
