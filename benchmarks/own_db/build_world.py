"""The ``world`` database: MySQL's classic "world" sample (countries, their cities and the
languages spoken in them) as MariaDB's regression tests ship it.

Debian's ``mariadb-test-data`` package (``apt-get download``, never installed) holds it
as ``usr/share/mysql/mysql-test/include/world.inc``: the ``INSERT`` statements of the
three tables (239 countries, 4,079 cities, 984 country languages), whose ``CREATE``
statements are ``world_schema.inc`` beside it.  MariaDB's copy is the narrow one: a
country has its code, name, surface area, population and capital; a city its name,
country and population; a country language its percentage of speakers — no continent,
region, GNP, life expectancy, district or official flag.  The tables and columns keep
the dump's PascalCase names (``CountryLanguage``, ``SurfaceArea``); the keys are declared
as the schema and the data mean them: ``Country.Code``, ``City.ID`` and
``CountryLanguage (Country, Language)`` are primary keys, a city's and a country
language's ``Country`` reference ``Country.Code`` and a country's ``Capital`` references
``City.ID`` (NULL for the seven uninhabited territories).  The fifth held-out database,
chosen after TPC-DS had been looked at.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_DUMP = "./usr/share/mysql/mysql-test/include/world.inc"
_TABLES = (
    Table(
        name="Country",
        primary_key=("Code",),
        foreign_keys=((("Capital",), "City", ("ID",)),),
    ),
    Table(
        name="City",
        primary_key=("ID",),
        foreign_keys=((("Country",), "Country", ("Code",)),),
    ),
    Table(
        name="CountryLanguage",
        primary_key=("Country", "Language"),
        foreign_keys=((("Country",), "Country", ("Code",)),),
    ),
)
# The columns of world_schema.inc's CREATE TABLE statements, in their order.
_COLUMNS = {
    "Country": ["Code", "Name", "SurfaceArea", "Population", "Capital"],
    "City": ["ID", "Name", "Country", "Population"],
    "CountryLanguage": ["Country", "Language", "Percentage"],
}
_INSERT = re.compile(r"INSERT (?:IGNORE )?INTO (\w+) VALUES\s*(.*?);\s*$", re.S | re.M)
_ROW = re.compile(r"\(((?:'[^']*'|[^'()])*)\)")
_VALUE = re.compile(r"'([^']*)'|(-?\d+(?:\.\d+)?)|(NULL)")


def build_world(archive: Path, target: Path) -> Path:
    """The SQLite file of the world database, from the package's dump."""
    rows = parse_inserts(_dump_text(archive))
    cells = {name: [list(row) for row in dict.fromkeys(r)] for name, r in rows.items()}
    return write_tables(target, _TABLES, _COLUMNS, cells, ("\0",))  # cells: INSERT IGNORE


def parse_inserts(dump: str) -> dict[str, list[tuple[str, ...]]]:
    """Each table's rows in a MySQL dump's ``INSERT ... VALUES (...), (...);`` statements,
    as text cells (NULL as ``"\\0"``; the dump's strings hold no quote or backslash)."""
    rows: dict[str, list[tuple[str, ...]]] = {}
    for table, body in _INSERT.findall(dump):
        for row in _ROW.findall(body):
            values = _VALUE.findall(row)
            cells = tuple("\0" if null else text or number for text, number, null in values)
            rows.setdefault(table, []).append(cells)
    return rows


def _dump_text(archive: Path) -> str:
    return deb_member_text(archive, _DUMP)
