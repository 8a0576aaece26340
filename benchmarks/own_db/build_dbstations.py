"""The ``dbstations`` database: the railway stations of Deutsche Bahn's station operator (DB
Station&Service) as the npm package ``db-stations`` 5.0.2 ships them — each station's name,
RIL 100 code, position, address, federal state, station category and price category, its
product line and segment, the facilities it has (parking, lockers, WiFi, a travel centre,
a DB Lounge...), how step-free it is, the transport authority that orders its regional
trains, its regional division, its station management, its 3-S-Zentrale (service and
security centre) and its timetable office, each RIL 100 identifier it has with its steam
permission, and the opening hours of its local service staff and DB information desk.

The package's ``full.ndjson`` (read from the archive, never installed) holds one JSON
object a station.  Names are the data's own (camelCase): nested objects become tables of
their own keyed as the data keys them (``operator``'s ``id``, ``regionalbereich``'s,
``szentrale``'s and ``stationManagement``'s ``number``, ``timeTableOffice``'s ``name``)
and the station keeps that key under the object's name; ``location`` and ``address`` give
``latitude``, ``longitude``, ``city``, ``zipcode`` (kept as text) and ``street``;
``productLine`` gives ``productLine`` and ``segment``; ``additionalIds`` are joined by
commas; true/false are 1/0.  Each ``ril100Identifiers`` entry is a row (its
``geographicCoordinates`` as ``longitude`` and ``latitude``), and each day of a
``localServiceStaff`` or ``DBinformation`` ``availability`` a row of ``availability``.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_MEMBER = "package/full.ndjson"
_STATION = (("station",), "stations", ("id",))
TABLES = (
    Table(name="operators", primary_key=("id",)),
    Table(name="regionalbereiche", primary_key=("number",)),
    Table(name="szentralen", primary_key=("number",)),
    Table(name="stationManagements", primary_key=("number",)),
    Table(name="timeTableOffices", primary_key=("name",)),
    Table(name="stations", primary_key=("id",), foreign_keys=(
        (("operator",), "operators", ("id",)),
        (("regionalbereich",), "regionalbereiche", ("number",)),
        (("szentrale",), "szentralen", ("number",)),
        (("stationManagement",), "stationManagements", ("number",)),
        (("timeTableOffice",), "timeTableOffices", ("name",)))),
    Table(name="ril100Identifiers", primary_key=("rilIdentifier",), foreign_keys=(_STATION,)),
    Table(name="availability", primary_key=("station", "service", "day"),
          foreign_keys=(_STATION,)),
)  # fmt: skip
_FLAGS = ["hasParking", "hasBicycleParking", "hasLocalPublicTransport", "hasPublicFacilities",
          "hasLockerSystem", "hasTaxiRank", "hasTravelNecessities", "hasSteplessAccess",
          "hasMobilityService", "hasWiFi", "hasTravelCenter", "hasRailwayMission",
          "hasDBLounge", "hasLostAndFound", "hasCarRental"]  # fmt: skip
_REFERENCES = {"regionalbereich": "number", "szentrale": "number",
               "stationManagement": "number", "timeTableOffice": "name"}  # fmt: skip
COLUMNS = {
    "operators": ["id", "name"],
    "regionalbereiche": ["number", "name", "shortName"],
    "szentralen": ["number", "name", "publicPhoneNumber"],
    "stationManagements": ["number", "name"],
    "timeTableOffices": ["name", "email"],
    "stations": ["id", "nr", "ril100", "name", "weight", "latitude", "longitude", "operator",
                 "city", "zipcode", "street", "federalState", "category", "priceCategory",
                 "productLine", "segment", *_FLAGS, "regionalbereich", "szentrale",
                 "stationManagement", "timeTableOffice", "additionalIds"],
    "ril100Identifiers": ["rilIdentifier", "station", "isMain", "hasSteamPermission",
                          "steamPermission", "longitude", "latitude"],
    "availability": ["station", "service", "day", "fromTime", "toTime"],
}  # fmt: skip
_PARENTS = {
    "regionalbereiche": "regionalbereich",
    "szentralen": "szentrale",
    "stationManagements": "stationManagement",
    "timeTableOffices": "timeTableOffice",
}
Rows = dict[str, list[list[str]]]


def build_dbstations(archive: Path, target: Path) -> Path:
    """The SQLite file of db-stations' stations, their identifiers and who runs them."""
    stations = read_stations(archive)
    rows: Rows = {name: [] for name in COLUMNS}
    parents: dict[str, dict[str, list[str]]] = {name: {} for name in COLUMNS}
    for station in stations:
        operator = station["operator"]
        parents["operators"].setdefault(operator["id"], [operator["id"], operator["name"]])
        for table, key in _PARENTS.items():
            cells = [json_cell(station[key].get(c)) for c in COLUMNS[table]]
            parents[table].setdefault(json_cell(station[key][_REFERENCES[key]]), cells)
        rows["stations"].append(station_row(station))
        for ril in station["ril100Identifiers"]:
            point = ril.get("geographicCoordinates", {}).get("coordinates", ["", ""])
            cells = [ril["rilIdentifier"], station["id"], ril["isMain"],
                     ril["hasSteamPermission"], ril["steamPermission"], *point]  # fmt: skip
            rows["ril100Identifiers"].append([json_cell(c) for c in cells])
        for service in ("localServiceStaff", "DBinformation"):
            for day, hours in station.get(service, {}).get("availability", {}).items():
                cells = [station["id"], service, day, hours["fromTime"], hours["toTime"]]
                rows["availability"].append(cells)
    for table, kept in parents.items():
        if kept:
            rows[table] = sorted(kept.values(), key=lambda row: _order(row[0]))
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c == "zipcode")


def station_row(station: dict[str, Any]) -> list[str]:
    """A station's row: its nested objects flattened, its parents by their keys."""
    address, location, line = station["address"], station["location"], station["productLine"]
    cells: list[object] = [
        station["id"], station["nr"], station["ril100"], station["name"], station.get("weight"),
        location["latitude"], location["longitude"], station["operator"]["id"],
        address["city"], address["zipcode"], address["street"], station["federalState"],
        station["category"], station["priceCategory"], line["productLine"], line["segment"],
        *(station.get(flag) for flag in _FLAGS),
        *(station[key][field] for key, field in _REFERENCES.items() if key != "timeTableOffice"),
        station["timeTableOffice"]["name"], ",".join(station["additionalIds"]),
    ]  # fmt: skip
    return [json_cell(c) for c in cells]


def read_stations(archive: Path) -> list[dict[str, Any]]:
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_MEMBER)
        assert stream is not None
        text = stream.read().decode("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _order(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)
