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

from hookline.sql.documentation import parse_documentation
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


LEDGER = """
CREATE TABLE account (key INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE payee (key INTEGER PRIMARY KEY, name TEXT, paymode TEXT);
CREATE TABLE ope (id INTEGER PRIMARY KEY, amount REAL,
                  account INTEGER REFERENCES account (key),
                  dst_account INTEGER REFERENCES account (key),
                  payee INTEGER REFERENCES payee (key), paymode TEXT);
CREATE TABLE port (code TEXT PRIMARY KEY, city TEXT);
CREATE TABLE trip (id INTEGER PRIMARY KEY, origin TEXT REFERENCES port (code),
                   dest TEXT REFERENCES port (code));
INSERT INTO account VALUES (1, 'Cheque account'), (2, 'Saving account');
INSERT INTO payee VALUES (1, 'Fuelco', 'Cash'), (2, 'Grocer', 'Debit card'), (3, 'Landlord', NULL);
INSERT INTO ope VALUES (1, -50, 1, NULL, 1, 'Debit card'), (2, -40, 1, NULL, 1, 'Debit card'),
  (3, -30, 1, NULL, 2, 'Debit card'), (4, -100, 1, 2, NULL, 'Bank transfer'),
  (5, 100, 2, 1, NULL, 'Bank transfer'), (6, -500, 1, NULL, 3, 'Cash');
INSERT INTO port VALUES ('AAA', 'Avalon'), ('BBB', 'Brigadoon');
INSERT INTO trip VALUES (1, 'AAA', 'BBB'), (2, 'AAA', 'BBB'), (3, 'BBB', 'AAA');
"""
"""Six entries of two accounts (a transfer is two entries, each with the other account
in dst_account), paid to three payees; trips between two ports, from one to the other."""


@pytest.fixture
async def ledger(tmp_path: Path) -> Database:
    return await open_database(tmp_path, LEDGER)


async def test_how_many_times_counts_the_rows_referring_to_the_value(ledger: Database) -> None:
    assert rows(ledger, "How many times was Fuelco paid?") == [(2,)]
    assert rows(ledger, "How many payees are named Fuelco?") == [(1,)]
    assert abstains(ledger, "How many payees are Fuelco?")  # one row, the one named so


async def test_a_value_through_two_keys_reads_the_key_named_after_its_table(
    ledger: Database,
) -> None:
    assert rows(ledger, "How many opes did the cheque account have?") == [(5,)]
    assert abstains(ledger, "How many trips did Avalon have?")  # from it, or to it?


async def test_a_count_of_a_table_named_after_a_preposition_is_declined(
    ledger: Database,
) -> None:
    catalog = ledger[0]
    catalog.docs = parse_documentation("## Synonyms\n- transfer = ope with a dst_account\n")
    catalog.cache = {}
    assert abstains(ledger, "How many transfers between accounts are recorded?")
    assert rows(ledger, "How many accounts are there?") == [(2,)]


async def test_a_value_of_the_counted_rows_and_of_their_child_rows_is_declined(
    ledger: Database,
) -> None:
    # the payee's own pay mode, or the one of its entries?
    assert abstains(ledger, "How many different payees were paid by debit card?")
    assert rows(ledger, "How many opes had the paymode debit card?") == [(3,)]
