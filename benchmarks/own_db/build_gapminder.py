"""The ``gapminder`` database: Gapminder's life expectancy, population and GDP per capita
of 142 countries every five years from 1952 to 2007 (Jennifer Bryan's excerpt, R's
``gapminder`` package), as plotly ships it for its examples.

PyPI's ``plotly`` 6.0.1 ships it in its wheel (read from the archive, never installed) as
``plotly/package_data/datasets/gapminder.csv.gz``: one wide row a country and year
(``country``, ``continent``, ``year``, ``lifeExp``, ``pop``, ``gdpPercap``, ``iso_alpha``,
``iso_num``, ``centroid_lon``, ``centroid_lat``).  Kept under its own column names and
split into the entities it repeats: ``continents`` (one row a continent), ``countries``
(one row a country: its continent, ISO codes and centroid, which every row of a country
repeats) and ``gapminder`` (one row a country and year: the three measures).  The
thirty-seventh held-out database.
"""

from __future__ import annotations

import csv
import gzip
import io
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_MEMBER = "plotly/package_data/datasets/gapminder.csv.gz"
_COUNTRY = ("country", "continent", "iso_alpha", "iso_num", "centroid_lon", "centroid_lat")
_MEASURES = ("country", "year", "lifeExp", "pop", "gdpPercap")
TABLES = (
    Table(name="continents", primary_key=("continent",)),
    Table(name="countries", primary_key=("country",),
          foreign_keys=((("continent",), "continents", ("continent",)),)),
    Table(name="gapminder", primary_key=("country", "year"),
          foreign_keys=((("country",), "countries", ("country",)),)),
)  # fmt: skip


def build_gapminder(archive: Path, target: Path) -> Path:
    """The SQLite file of plotly's gapminder data: continents, countries, their years."""
    with zipfile.ZipFile(archive) as wheel:
        text = gzip.decompress(wheel.read(_MEMBER)).decode("utf-8")
    records = list(csv.DictReader(io.StringIO(text)))
    columns = {
        "continents": ["continent"],
        "countries": list(_COUNTRY),
        "gapminder": list(_MEASURES),
    }
    rows = {
        "continents": first_rows(records, ("continent",)),
        "countries": first_rows(records, _COUNTRY),
        "gapminder": [[record[name] for name in _MEASURES] for record in records],
    }
    return write_tables(target, TABLES, columns, rows)


def first_rows(records: list[dict[str, str]], names: tuple[str, ...]) -> list[list[str]]:
    """The ``names`` cells of each record whose first cell no record before it had."""
    rows: dict[str, list[str]] = {}
    for record in records:
        rows.setdefault(record[names[0]], [record[name] for name in names])
    return list(rows.values())
