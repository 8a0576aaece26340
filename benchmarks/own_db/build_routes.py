"""The ``routes`` database: the 9,161 nonstop routes that 12 U.S. airlines flew between 514
airports in July 2026, as PyPI's ``bokeh-sampledata`` 2026.1 ships them for Bokeh's
airport-routes example (OurAirports' airports and the U.S. Bureau of Transportation
Statistics' on-time records, public domain): ``bokeh_sampledata/_data/airports.csv`` and
``routes.csv.gz`` in the wheel, read from the archive, never installed.

The files keep their PascalCase columns.  ``airports`` has one row per airport, keyed by
``AirportID`` (its time-zone columns, empty for every airport, and its constant ``source``
are left out).  ``routes`` has one row per airline and pair of airports (``Source`` and
``Destination`` are IATA codes, ``SourceID`` and ``DestinationID`` reference
``airports``); its ``Codeshare``, ``Stops`` and ``Equipment`` (empty or 0 on every route)
are left out.  ``airlines`` holds each ``AirlineID`` of the routes with its two-letter
code, ``Airline``.  The eleventh held-out database.
"""

from __future__ import annotations

import csv
import gzip
import io
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_DATA = "bokeh_sampledata/_data/"
_AIRPORTS = ("AirportID", "Name", "City", "Country", "IATA", "ICAO", "Latitude", "Longitude",
             "Altitude", "Type")  # fmt: skip
_ROUTES = ("Airline", "AirlineID", "Source", "SourceID", "Destination", "DestinationID")
_TABLES = (
    Table(name="airports", primary_key=("AirportID",)),
    Table(name="airlines", primary_key=("AirlineID",)),
    Table(
        name="routes",
        primary_key=("AirlineID", "SourceID", "DestinationID"),
        foreign_keys=(
            (("AirlineID",), "airlines", ("AirlineID",)),
            (("SourceID",), "airports", ("AirportID",)),
            (("DestinationID",), "airports", ("AirportID",)),
        ),
    ),
)


def build_routes(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's airports and routes."""
    with zipfile.ZipFile(wheel) as archive:
        airports = _read(archive.read(_DATA + "airports.csv"), _AIRPORTS)
        routes = _read(gzip.decompress(archive.read(_DATA + "routes.csv.gz")), _ROUTES)
    airlines = sorted({(r[1], r[0]) for r in routes}, key=lambda pair: int(pair[0]))
    rows = {"airports": airports, "airlines": [list(p) for p in airlines], "routes": routes}
    headers = {"airports": _AIRPORTS, "airlines": ("AirlineID", "Airline"), "routes": _ROUTES}
    columns = {name: list(names) for name, names in headers.items()}
    return write_tables(target, _TABLES, columns, rows)


def _read(data: bytes, columns: tuple[str, ...]) -> list[list[str]]:
    """The CSV's ``columns``, one list of cells per row."""
    reader = csv.DictReader(io.StringIO(data.decode("utf-8")))
    return [[row[c].strip() for c in columns] for row in reader]
