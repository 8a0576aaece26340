"""The ``lotw`` database: the reference lists of the ARRL's Logbook of the World (LoTW), the
amateur radio QSL service, as its signing program TrustedQSL ships them — the DXCC entities
(the "countries" of ham radio, deleted ones included) with their ITU and CQ zones, the
bands with their frequency limits, the modes with their groups and the ADIF modes and
submodes that map to them, the propagation modes, the amateur satellites with their dates,
the Cabrillo contests, and the station location fields with their values (U.S. states and
counties, Canadian provinces, Japanese prefectures and cities, Russian oblasts, Finnish
municipalities, parks...).

Debian's ``trustedqsl`` package (``apt-get download``, never installed) holds them as
``usr/share/TrustedQSL/config.xml``.  Each element becomes a row under the file's own names:
``<entity>`` of ``entity``, ``<band>`` of ``band``, ``<mode>`` of ``mode``, ``<adifmode>`` of
``adifmode``, ``<propmode>`` of ``propmode``, ``<satellite>`` of ``satellite``,
``<cabrillocontest>`` of ``cabrillocontest``, ``<field>`` of ``field`` and each ``<enum>``
of ``enum`` (with its field's ``Id`` and its ``<enums>``' ``dependency``); its attributes
are its columns (``arrlId``, ``adif-submode``, ``startDate``, ``dependsOn``...) and its text
is ``name``, or ``description`` where a ``name`` attribute holds its code.  An entity's
``zonemap`` ("ITU:CQ" pairs) is also split into ``zonemap`` rows.  Left out: the location
pages of TrustedQSL's dialogs, the certificate provider and the signature specifications.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FILE = "./usr/share/TrustedQSL/config.xml"
TABLES = (
    Table(name="entity", primary_key=("arrlId",)),
    Table(name="zonemap", primary_key=("arrlId", "ITUZ", "CQZ"),
          foreign_keys=((("arrlId",), "entity", ("arrlId",)),)),
    Table(name="band", primary_key=("name",)),
    Table(name="mode", primary_key=("name",)),
    Table(name="adifmode", primary_key=("name",),
          foreign_keys=((("mode",), "mode", ("name",)),)),
    Table(name="propmode", primary_key=("name",)),
    Table(name="satellite", primary_key=("name",)),
    Table(name="cabrillocontest", primary_key=("name",)),
    Table(name="field", primary_key=("Id",)),
    Table(name="enum", foreign_keys=((("field",), "field", ("Id",)),)),
)  # fmt: skip
COLUMNS = {
    "entity": ["arrlId", "name", "deleted", "valid", "invalid", "zonemap"],
    "zonemap": ["arrlId", "ITUZ", "CQZ"],
    "band": ["name", "low", "high", "spectrum"],
    "mode": ["name", "group"],
    "adifmode": ["name", "adif-mode", "adif-submode", "mode"],
    "propmode": ["name", "description"],
    "satellite": ["name", "description", "startDate", "endDate"],
    "cabrillocontest": ["name", "field", "type"],
    "field": ["Id", "label", "type", "len", "flags", "intype", "dependsOn", "lower", "upper"],
    "enum": ["field", "dependency", "value", "name", "zonemap", "area"],
}
# table -> (the elements' path in the file, the column that holds an element's text)
_ELEMENTS = {
    "entity": ("dxcc/entity", "name"),
    "band": ("bands/band", "name"),
    "mode": ("modes/mode", "name"),
    "adifmode": ("adifmap/adifmode", "name"),
    "propmode": ("propmodes/propmode", "description"),
    "satellite": ("satellites/satellite", "description"),
    "cabrillocontest": ("cabrillomap/cabrillocontest", "name"),
}


def build_lotw(archive: Path, target: Path) -> Path:
    """The SQLite file of TrustedQSL's entities, zones, bands, modes, satellites, contests
    and location fields."""
    root = ET.fromstring(deb_member_text(archive, _FILE).encode("utf-8"))
    rows = {table: _rows(root, path, text, COLUMNS[table])
            for table, (path, text) in _ELEMENTS.items()}  # fmt: skip
    rows["zonemap"] = _zones(root)
    rows["field"] = [_cells(field, COLUMNS["field"]) for field in root.iterfind("locfields/field")]
    rows["enum"] = _enums(root)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_kept_as_text)


def _kept_as_text(column: str) -> bool:
    """Codes whose leading zeros matter (a prefecture "01") stay text."""
    return column in {"value", "dependency"}


def _rows(root: ET.Element, path: str, text: str, columns: list[str]) -> list[list[str]]:
    """A row per element at ``path``: its attributes, its text under the column ``text``."""
    return [_cells(element, columns, text) for element in root.iterfind(path)]


def _cells(element: ET.Element, columns: list[str], text: str = "") -> list[str]:
    """``element``'s attribute named by each column (its stripped text for ``text``)."""
    return [(element.text or "").strip() if column == text else element.get(column, "")
            for column in columns]  # fmt: skip


def _zones(root: ET.Element) -> list[list[str]]:
    """A row per "ITU:CQ" pair of each entity's ``zonemap``, numbers without their zeros."""
    zones = []
    for entity in root.iterfind("dxcc/entity"):
        for pair in filter(None, entity.get("zonemap", "").split(",")):
            itu, cq = pair.split(":")
            zones.append([entity.get("arrlId", ""), str(int(itu)), str(int(cq))])
    return zones


def _enums(root: ET.Element) -> list[list[str]]:
    """A row per ``<enum>`` value of a location field, with the field's ``Id`` and the
    ``dependency`` (a DXCC entity, state or prefecture) its list belongs to."""
    values = []
    for field in root.iterfind("locfields/field"):
        for group in field.iterfind("enums"):
            for enum in group.iterfind("enum"):
                name = (enum.text or "").strip()
                values.append([field.get("Id", ""), group.get("dependency", ""),
                               enum.get("value", ""), name, enum.get("zonemap", ""),
                               enum.get("area", "")])  # fmt: skip
    return values
