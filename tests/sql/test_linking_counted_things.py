"""What a count counts, on a small ledger and a film catalogue: a table listing a value
per film counts its distinct values ("how many genres": not the film-genre rows); "how
many times was X paid" counts the rows referring to X, never the one row X names; a value
reached through two keys to the same table reads the key of that table's own name (the
account, not the transfer's other account); a count of a table named only after a
preposition ("transfers between accounts") is declined; "what is the plot of X" is no
chart request.  Each answer is right, or the linker abstains."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.linking import asks_for_chart
from tests.sql.linking_schemas import Database, abstains, open_database, rows

FILMS = """
CREATE TABLE film (ID INTEGER PRIMARY KEY, Title TEXT, Year INTEGER);
CREATE TABLE genre (ID INTEGER REFERENCES film (ID), Genre TEXT, PRIMARY KEY (ID, Genre));
INSERT INTO film VALUES (1, 'Orbit', 2001), (2, 'Harbor', 2003), (3, 'Quarry', 2003);
INSERT INTO genre VALUES (1, 'Drama'), (1, 'Mystery'), (2, 'Drama'), (3, 'Drama'),
  (3, 'Comedy');
"""
"""Five film-genre rows of three genres."""


@pytest.fixture
async def films(tmp_path: Path) -> Database:
    return await open_database(tmp_path, FILMS)


async def test_a_plot_asked_about_is_no_chart_request(films: Database) -> None:
    catalog = films[0]
    for question in ("Plot the films per year", "Show me a bar chart of films by year",
                     "Can you chart the genres?", "Films per year as a line graph"):  # fmt: skip
        assert asks_for_chart(question, catalog), question
    for question in ("What is the plot of Orbit?", "Show the plot of Orbit",
                     "Which films topped the charts?"):  # fmt: skip
        assert not asks_for_chart(question, catalog), question
        assert abstains(films, question), question


async def test_a_table_listing_a_value_per_film_counts_the_values(films: Database) -> None:
    assert rows(films, "How many genres are there?") == [(3,)]
    assert rows(films, "How many genres does Quarry have?") == [(2,)]
    assert rows(films, "How many films are there?") == [(3,)]
