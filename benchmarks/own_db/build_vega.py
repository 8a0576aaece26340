"""The ``vega`` database: six of the small real datasets Vega's examples are drawn from, as
PyPI's ``vega_datasets`` 0.9.0 ships them inside its wheel (``vega_datasets/_data``): cars of
1970-1982 (``cars.json``), a barley field trial of 1931-1932 (``barley.json``), the deaths of
the 1992 Los Angeles riots (``la-riots.csv``), Seattle's daily weather of 2012-2015
(``seattle-weather.csv``), five companies' monthly stock prices of 2000-2010
(``stocks.csv``) and Iowa's electricity generation by source (``iowa-electricity.csv``):
read from the archive, never installed.

Tables are named as the package's loaders name them (``data.la_riots()``: hyphens become
underscores); columns keep the files' names (``Miles_per_Gallon``, ``temp_max``,
``net_generation``).  The six tables are unrelated, so none references another; keys where a
row has one: ``seattle_weather`` by ``date``, ``stocks`` by ``symbol`` and ``date``,
``barley`` by ``variety``, ``site`` and ``year``, ``iowa_electricity`` by ``year`` and
``source``.  Seattle's ``2012/01/01`` and the stocks' ``Jan 1 2000`` become ISO dates; the
cars' ``Year`` and Iowa's ``year`` stay the ISO first day of their year, as shipped.  The
twentieth held-out database.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import datetime
from pathlib import Path

from own_db.build import Table, write_tables

_ROOT = "vega_datasets/_data/"
_TABLES = (
    Table(name="cars"),
    Table(name="barley", primary_key=("variety", "site", "year")),
    Table(name="la_riots"),
    Table(name="seattle_weather", primary_key=("date",)),
    Table(name="stocks", primary_key=("symbol", "date")),
    Table(name="iowa_electricity", primary_key=("year", "source")),
)
_FILES = {
    "cars": "cars.json",
    "barley": "barley.json",
    "la_riots": "la-riots.csv",
    "seattle_weather": "seattle-weather.csv",
    "stocks": "stocks.csv",
    "iowa_electricity": "iowa-electricity.csv",
}
_DATES = {"seattle_weather": "%Y/%m/%d", "stocks": "%b %d %Y"}  # their ``date`` column


def build_vega(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the six data files inside the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        tables = {
            name: read_rows(file, archive.read(_ROOT + file)) for name, file in _FILES.items()
        }
    columns = {name: rows[0] for name, rows in tables.items()}
    rows = {
        name: [iso_dated(name, rows[0], row) for row in rows[1:]] for name, rows in tables.items()
    }
    return write_tables(target, _TABLES, columns, rows)


def read_rows(file: str, data: bytes) -> list[list[str]]:
    """A file's header and rows as text (a JSON list of records: its first record's keys)."""
    text = data.decode("utf-8")
    if file.endswith(".csv"):
        return [row for row in csv.reader(io.StringIO(text)) if row]
    records: list[dict[str, object]] = json.loads(text)
    header = list(records[0])
    return [header, *([_cell(record.get(key)) for key in header] for record in records)]


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def iso_dated(name: str, header: list[str], row: list[str]) -> list[str]:
    """``row`` with its ``date`` as ISO text, when its file writes dates otherwise."""
    if name not in _DATES:
        return row
    at = header.index("date")
    day = datetime.strptime(row[at], _DATES[name]).date().isoformat()
    return [*row[:at], day, *row[at + 1 :]]
