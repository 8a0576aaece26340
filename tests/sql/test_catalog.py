"""SqlCatalog and the linker on a schema in another style: PascalCase names, NULLs in text
columns, hundreds of names in one column, documentation — the issue-30 failures."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog, is_opaque_type
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import QueryPlan, compile_plan

SCHEMA = """
CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT,
                    ArtistId INTEGER REFERENCES Artist (ArtistId));
CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, Composer TEXT, Cover BLOB,
                    AlbumId INTEGER REFERENCES Album (AlbumId),
                    GenreId INTEGER REFERENCES Genre (GenreId), UnitPrice REAL);
CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT,
                       Title TEXT);
CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, FirstName TEXT, LastName TEXT,
                       Country TEXT, PostalCode TEXT,
                       SupportRepId INTEGER REFERENCES Employee (EmployeeId));
CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, InvoiceDate TEXT, Total REAL,
                      CustomerId INTEGER REFERENCES Customer (CustomerId));
CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY, UnitPrice REAL, Quantity INTEGER,
                          InvoiceId INTEGER REFERENCES Invoice (InvoiceId),
                          TrackId INTEGER REFERENCES Track (TrackId));
"""
DOCS = """\
# Employee
- Title: the job title

## Synonyms
- sales agent = Employee where Title = 'Sales Support Agent'
"""


def build(path: Path) -> None:
    with sqlite3.connect(path) as c:
        c.executescript(SCHEMA)
        c.executemany("INSERT INTO Genre VALUES (?, ?)", [(1, "Rock"), (2, "Jazz"), (3, "Metal")])
        c.executemany(
            "INSERT INTO Artist VALUES (?, ?)", [(i, f"Artist {i}") for i in range(1, 61)]
        )
        c.executemany("INSERT INTO Album VALUES (?, ?, ?)",
                      [(i, f"Album {i}", 1 + i % 60) for i in range(1, 121)])  # fmt: skip
        c.executemany(
            "INSERT INTO Track VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(i, f"Song {i}", None if i % 3 else f"Composer {(i // 3) % 45}", b"\x00\x01",
              1 + i % 120, 1 + (i % 7 == 0) + (i % 11 == 0), 0.99) for i in range(1, 401)],
        )  # fmt: skip
        c.executemany("INSERT INTO Employee VALUES (?, ?, ?, ?)",
                      [(1, "Jane", "Peacock", "Sales Support Agent"),
                       (2, "Steve", "Johnson", "Sales Support Agent"),
                       (3, "Andrew", "Adams", "General Manager")])  # fmt: skip
        c.executemany(
            "INSERT INTO Customer VALUES (?, ?, ?, ?, ?, ?)",
            [(i, f"First{i}", f"Last{i}", ["Brazil", "Canada", "France"][i % 3],
              None if i % 2 else str(2000 + (i // 2) % 40), 1 + i % 2) for i in range(1, 81)],
        )  # fmt: skip
        c.executemany(
            "INSERT INTO Invoice VALUES (?, ?, ?, ?)",
            [(i, f"{2009 + i % 4}-0{1 + i % 9}-15", 1.98 * (1 + i % 3), 1 + i % 80)
             for i in range(1, 301)],
        )  # fmt: skip
        c.executemany("INSERT INTO InvoiceLine VALUES (?, ?, ?, ?, ?)",
                      [(i, 0.99, 1 + i % 2, 1 + i % 300, 1 + i % 400)
                       for i in range(1, 601)])  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[SqlCatalog, sqlite3.Connection]:
    import asyncio

    path = tmp_path_factory.mktemp("chinook") / "music.db"
    build(path)
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path), docs=parse_documentation(DOCS)))
    return catalog, sqlite3.connect(path, check_same_thread=False)


def ask(store: tuple[SqlCatalog, sqlite3.Connection], question: str) -> list[tuple[object, ...]]:
    catalog, connection = store
    plan = read_question(question, catalog)
    assert not isinstance(plan, Abstention), plan.message
    return connection.execute(compile_plan(plan, catalog)).fetchall()


def gold(store: tuple[SqlCatalog, sqlite3.Connection], sql: str) -> list[tuple[object, ...]]:
    return store[1].execute(sql).fetchall()


def test_labels_are_found_by_type_and_uniqueness(
    store: tuple[SqlCatalog, sqlite3.Connection],
) -> None:
    catalog, _ = store
    assert catalog.label("Album") == ["Title"]
    assert catalog.label("Artist") == ["Name"]
    assert catalog.label("Customer") == ["FirstName", "LastName"]
    assert catalog.label("Invoice") == ["InvoiceId"]


def test_value_lists_count_non_null_values(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    catalog, _ = store
    postal = catalog.column("Customer", "PostalCode")  # 40 values and NULLs: listed
    assert postal.distinct == 40 and len(postal.values) == 40 and "None" not in postal.values
    composer = catalog.column("Track", "Composer")  # 45 values: indexed, not listed
    assert composer.values == [] and catalog.index.lookup(["composer", "7"])


def test_binary_columns_are_never_compared(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    catalog, _ = store
    cover = catalog.column("Track", "Cover")
    assert cover.opaque and not cover.values and not cover.text
    assert all(column != "Cover" for _, column, _ in catalog.index.values)
    kinds = ("json", "jsonb", "ARRAY", "bytea", "BLOB", "USER-DEFINED", "INTEGER[]")
    assert all(is_opaque_type(t) for t in kinds)
    assert not any(is_opaque_type(t) for t in ("text", "numeric", "INTEGER", "DATE"))


def test_a_year_is_a_date_not_a_postal_code(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    assert ask(store, "How many invoices were there in 2010?") == gold(
        store, "SELECT COUNT(*) FROM Invoice WHERE InvoiceDate LIKE '2010%'"
    )


def test_groups_are_named_not_numbered(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    rows = ask(store, "Which genre has the most tracks?")
    assert rows[0][0] == "Rock"


def test_a_name_among_hundreds_filters(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    assert ask(store, "How many albums does Artist 37 have?") == gold(
        store,
        "SELECT COUNT(*) FROM Album a JOIN Artist r ON r.ArtistId = a.ArtistId "
        "WHERE r.Name = 'Artist 37'",
    )


def test_revenue_is_price_times_quantity(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    rows = ask(store, "Which genre generated the most revenue?")
    expected = gold(
        store,
        "SELECT g.Name FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId "
        "JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name "
        "ORDER BY SUM(l.UnitPrice * l.Quantity) DESC LIMIT 1",
    )
    assert rows[0][0] == expected[0][0]


def test_a_documented_synonym_is_a_filter(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    assert ask(store, "How many sales agents are there?") == [(2,)]


def test_a_word_the_database_lacks_is_named(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    catalog, _ = store
    reading = read_question("How many customers have a loyalty tier of gold?", catalog)
    assert isinstance(reading, Abstention)
    assert reading.unknown == ("loyalty tier", "gold")
    assert reading.message.startswith("I don't know what 'loyalty tier', 'gold' means")
    assert "the Customer table has: CustomerId, FirstName, LastName, Country" in reading.message


def test_no_two_columns_share_an_alias(store: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    catalog, connection = store
    sql = compile_plan(QueryPlan(kind="rank", table="Customer", group_table="Customer"), catalog)
    aliases = re.findall(r'AS "([^"]+)"', sql)
    assert len(aliases) == len({a.lower() for a in aliases}) == 4  # label, value, place, ranked
    assert connection.execute(sql).fetchall()


def test_a_plural_value_filters_without_docs(tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "music.db"
    build(path)
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path)))
    plan = read_question("How many Sales Support Agents are there?", catalog)
    assert isinstance(plan, QueryPlan)
    assert sqlite3.connect(path).execute(compile_plan(plan, catalog)).fetchall() == [(2,)]


def test_a_text_key_of_names_labels_its_rows_before_a_column_of_codes(tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "rivers.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE basins (basin TEXT PRIMARY KEY);"
            "CREATE TABLE rivers (river TEXT PRIMARY KEY, basin TEXT REFERENCES basins(basin),"
            " code TEXT, length INTEGER);"
            "INSERT INTO basins VALUES ('North'), ('South');"
            "INSERT INTO rivers VALUES ('Long Water', 'North', 'LWA', 300),"
            " ('Swift Run', 'North', 'SWR', 120), ('Old Bend', 'South', 'OLB', 80),"
            " ('Grey Ford', 'South', 'GRF', 95);"
            "CREATE TABLE carriers (carrier_id INTEGER PRIMARY KEY, carrier TEXT);"
            "INSERT INTO carriers VALUES (1, 'AB'), (2, 'CD'), (3, 'EF');"
        )
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path)))
    plan = read_question("Which rivers are in the South?", catalog)

    assert catalog.label("rivers") == ["river"]
    assert catalog.label("carriers") == ["carrier"]  # no name: the codes are the label
    assert isinstance(plan, QueryPlan)
    rows = sqlite3.connect(path).execute(compile_plan(plan, catalog)).fetchall()
    assert rows == [("Grey Ford",), ("Old Bend",)]


async def test_a_key_named_as_its_table_labels_its_rows(tmp_path: Path) -> None:
    """ "Which season premiered in 2016?" asks for the season, not its winner's name."""
    path = tmp_path / "show.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE seasons (season INTEGER PRIMARY KEY, premiere TEXT, winner TEXT);"
            "INSERT INTO seasons VALUES (1, '2014-08-01', 'Ann Lee'), (2, '2015-08-05', 'Bo Ray'),"
            " (3, '2016-08-24', 'Cy Moss');"
        )
    catalog = await SqlCatalog.load(SqliteRunner(path))
    plan = read_question("Which season premiered in 2016?", catalog)

    assert catalog.label("seasons") == ["season"]
    assert isinstance(plan, QueryPlan)
    assert sqlite3.connect(path).execute(compile_plan(plan, catalog)).fetchall() == [(3,)]


async def test_a_name_in_a_language_labels_its_rows_before_codes(tmp_path: Path) -> None:
    """``name_en`` is the rows' name, ``name_id`` is not, and codes of one width give way."""
    path = tmp_path / "areas.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE areas (code TEXT PRIMARY KEY, digits TEXT, name_en TEXT, name_xx TEXT);"
            "INSERT INTO areas VALUES ('01', '01', 'North Vale', 'Nord'),"
            " ('02', '02', 'South Vale', 'Sud'), ('03', '03', 'East Vale', 'Est');"
            "CREATE TABLE towns (code TEXT PRIMARY KEY, digits TEXT, label TEXT);"
            "INSERT INTO towns VALUES ('A1', 'A1', 'Ash'), ('B2', 'B2', 'Birchwood');"
        )
    catalog = await SqlCatalog.load(SqliteRunner(path))

    assert catalog.label("areas") == ["name_en"]
    assert catalog.label("towns") == ["label"]
