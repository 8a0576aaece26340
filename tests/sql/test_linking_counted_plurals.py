"""A number before a plural counts those things: "gauges with more than 2 readings" where
``reading`` is a column of the child table counts the child's rows (never compares the
column with 2), and "more than 1 keeper" counts a link table's pairs as it lists them,
not through the table of keepers (which would drop a pair whose key it does not list)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

GAUGES = """
CREATE TABLE gauge (id INTEGER PRIMARY KEY, label TEXT);
INSERT INTO gauge VALUES (1, 'North'), (2, 'South'), (3, 'East');
CREATE TABLE sample (id INTEGER PRIMARY KEY, gauge INTEGER REFERENCES gauge (id),
                     reading REAL);
INSERT INTO sample VALUES (1, 1, 1.0), (2, 1, 1.5), (3, 1, 0.5),
    (4, 2, 9.0), (5, 3, 7.0), (6, 3, 8.0), (7, 3, 0.1);
"""

OWN = """
CREATE TABLE gauge (id INTEGER PRIMARY KEY, label TEXT, reading REAL);
INSERT INTO gauge VALUES (1, 'North', 1.0), (2, 'South', 9.0), (3, 'East', 3.0);
"""


@pytest.fixture
async def gauges(tmp_path: Path) -> Database:
    return await open_database(tmp_path, GAUGES)


def test_more_than_n_plural_of_a_child_column_counts_the_child_rows(gauges: Database) -> None:
    assert rows(gauges, "How many gauges have more than 2 readings?") == [(2,)]
    assert rows(gauges, "Which gauges have more than 2 readings?") == [("East",), ("North",)]


async def test_more_than_n_plural_of_an_own_column_is_declined(tmp_path: Path) -> None:
    own = await open_database(tmp_path, OWN)
    assert abstains(own, "How many gauges have more than 2 readings?")


async def test_a_comparison_with_the_column_named_as_written_stays(gauges: Database) -> None:
    assert rows(gauges, "How many samples have a reading more than 2?") == [(3,)]


KEEPERS = """
CREATE TABLE hive (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE keeper (name TEXT PRIMARY KEY, hives INTEGER);
CREATE TABLE hive_keeper (hive_id INTEGER REFERENCES hive (id),
                          keeper TEXT REFERENCES keeper (name),
                          PRIMARY KEY (hive_id, keeper));
INSERT INTO hive VALUES (1, 'Amber'), (2, 'Birch'), (3, 'Clover');
INSERT INTO keeper VALUES ('Ida', 2), ('Jo', 1);
INSERT INTO hive_keeper VALUES (1, 'Ida'), (1, 'Jo'), (2, 'Ida'), (2, 'Kit'), (3, 'Kit');
"""


async def test_more_than_n_linked_rows_counts_the_pairs_of_the_link_table(
    tmp_path: Path,
) -> None:
    hives = await open_database(tmp_path, KEEPERS)
    assert rows(hives, "How many hives have more than 1 keeper?") == [(2,)]
