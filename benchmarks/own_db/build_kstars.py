"""The ``kstars`` database: the sky and the places KStars ships — the 3,428 cities it
offers as observing sites (province, country, latitude and longitude in decimal degrees,
time zone offset, daylight-saving rule, elevation), those daylight-saving rules, the 88
Western constellations (abbreviation, name, the point its label is drawn at) and the
13,960 NGC and IC deep-sky objects of its OpenNGC catalogue (Messier number or other
name, type, position in degrees, magnitude, size in arcminutes, position angle).

Debian's ``kstars-data`` package (``apt-get download``, never installed) holds them as
``usr/share/kstars/citydb.sqlite`` (its ``city`` table, kept under its own columns, the
``Latitude`` and ``Longitude`` texts such as ``51° 39' 00"`` turned into degrees, as one
already is),
``TZrules.dat`` (one rule a line: code, month, day and time daylight-saving time starts,
then those it ends; ``--`` is no daylight-saving time, its zeros kept missing; a code the
cities name but the file lacks, ``RU``, is added as a rule without daylight-saving time,
which is what KStars makes of it),
``cnames.dat`` (its ``C Western`` section: ``hhmmss±ddmmssAbb NAME``, the position turned
into hours and degrees) and ``OpenNGC.kscat`` (its ``cat`` table, without its hashes and
sky-index columns; the ``type`` code is KStars's own type name, ``Galaxy``, ``Open
Cluster``..., and an empty ``long_name`` is missing).  The twenty-fourth held-out
database.
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes, deb_member_text

_FOLDER = "./usr/share/kstars/"
TABLES = (
    Table(name="tzrule", primary_key=("code",)),
    Table(name="city", primary_key=("id",),
          foreign_keys=((("TZRule",), "tzrule", ("code",)),)),
    Table(name="constellation", primary_key=("abbreviation",)),
    Table(name="cat", primary_key=("catalog_identifier",)),
)  # fmt: skip
COLUMNS = {
    "tzrule": ["code", "start_month", "start_day", "start_time", "revert_month",
               "revert_day", "revert_time"],
    "city": ["id", "Name", "Province", "Country", "Latitude", "Longitude", "TZ", "TZRule",
             "Elevation"],
    "constellation": ["abbreviation", "name", "ra", "dec"],
    "cat": ["catalog_identifier", "name", "long_name", "type", "ra", "dec", "magnitude",
            "major_axis", "minor_axis", "position_angle"],
}  # fmt: skip
# KStars's names of the object type codes its catalogues use (SkyObject::TYPE).
_TYPES = {
    0: "Star", 1: "Catalog Star", 2: "Planet", 3: "Open Cluster", 4: "Globular Cluster",
    5: "Gaseous Nebula", 6: "Planetary Nebula", 7: "Supernova Remnant", 8: "Galaxy",
    13: "Asterism", 14: "Galaxy Cluster", 15: "Dark Nebula", 16: "Quasar",
    17: "Multiple Star", 255: "Unknown Type",
}  # fmt: skip
_ANGLE = re.compile(r"^\s*(-?)\s*(\d+)°\s*(\d+)'\s*(\d+)\"\s*$")
_CONSTELLATION = re.compile(r"^(\d{2})(\d{2})(\d{2})([+-])(\d{2})(\d{2})(\d{2})(\w{3}) (.+)$")


def build_kstars(archive: Path, target: Path) -> Path:
    """The SQLite file of KStars's cities, daylight-saving rules, constellations and
    OpenNGC deep-sky objects."""
    rows = {
        "tzrule": tzrules(deb_member_text(archive, f"{_FOLDER}TZrules.dat")),
        "constellation": constellations(deb_member_text(archive, f"{_FOLDER}cnames.dat")),
    }
    cities = "SELECT id, Name, Province, Country, Latitude, Longitude, TZ, TZRule, Elevation"
    rows["city"] = [_city(row) for row in _query(archive, "citydb.sqlite", cities + " FROM city")]
    rows["tzrule"] += unknown_rules(rows["tzrule"], rows["city"])
    objects = ("SELECT catalog_identifier, name, long_name, type, ra, dec, magnitude,"
               " major_axis, minor_axis, position_angle FROM cat")  # fmt: skip
    rows["cat"] = [_object(row) for row in _query(archive, "OpenNGC.kscat", objects)]
    return write_tables(target, TABLES, COLUMNS, rows)


def tzrules(text: str) -> list[list[str]]:
    """``TZrules.dat``'s rules, one a line after the comments; ``--``'s zeros missing."""
    rows = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            cells = line.split()
            rows.append([cells[0], *("" if cell == "0" else cell for cell in cells[1:])])
    return rows


def unknown_rules(rules: list[list[str]], cities: list[list[str]]) -> list[list[str]]:
    """A rule without daylight saving time for each code a city names that ``TZrules.dat``
    lacks (``RU``), as KStars reads it."""
    known = {rule[0] for rule in rules}
    codes = sorted({city[7] for city in cities} - known)
    return [[code, *[""] * 6] for code in codes]


def constellations(text: str) -> list[list[str]]:
    """The ``C Western`` section of ``cnames.dat``: abbreviation, name, hours, degrees."""
    rows, section = [], ""
    for line in text.splitlines():
        if line.startswith("C "):
            section = line[2:].strip()
        elif section == "Western" and (match := _CONSTELLATION.match(line.strip())):
            h, m, s, sign, d, dm, ds, abbreviation, name = match.groups()
            hours = int(h) + int(m) / 60 + int(s) / 3600
            degrees = (int(d) + int(dm) / 60 + int(ds) / 3600) * (-1 if sign == "-" else 1)
            rows.append([abbreviation, name.strip(), _number(hours), _number(degrees)])
    return rows


def degrees(angle: str) -> str:
    """``-25° 03' 59"`` as decimal degrees (``-25.066389``); one already in degrees
    (``47.8339``) as it is."""
    match = _ANGLE.match(angle)
    if match is None:
        return _number(float(angle))
    sign, d, m, s = match.groups()
    value = int(d) + int(m) / 60 + int(s) / 3600
    return _number(-value if sign else value)


def _city(row: tuple[object, ...]) -> list[str]:
    cells = ["" if cell is None else str(cell) for cell in row]
    cells[4], cells[5] = degrees(cells[4]), degrees(cells[5])
    cells[8] = _number(float(cells[8]))
    return cells


def _object(row: tuple[object, ...]) -> list[str]:
    cells = ["" if cell is None else str(cell) for cell in row]
    cells[3] = _TYPES[int(cells[3])]
    return cells


def _number(value: float) -> str:
    return str(round(value, 6))


def _query(archive: Path, member: str, sql: str) -> list[tuple[object, ...]]:
    """The rows of ``sql`` run on the SQLite file ``member`` of the package."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / member
        path.write_bytes(deb_member_bytes(archive, _FOLDER + member))
        connection = sqlite3.connect(path)
        try:
            return connection.execute(sql).fetchall()
        finally:
            connection.close()
