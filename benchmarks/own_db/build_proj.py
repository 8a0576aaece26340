"""The ``proj`` database: the geodetic registry of PROJ, the cartographic projections
library — the units of measure, celestial bodies, ellipsoids, prime meridians and geodetic
datums that coordinate reference systems (CRS) are built on, the geographic and geocentric
CRSs, the map projections (conversions) and the projected CRSs made of them, and the extents
(areas of use) each of them is used in.  Its entries come from the EPSG geodetic parameter
dataset (v10.076), Esri's (ArcGIS Pro 3.0), IGN France's (IGNF 3.1.0) and the IAU's 2015
planetary ones, each keyed by its authority's name and code.

Debian's ``proj-data`` (``apt-get download``, never installed) ships them as one SQLite
file, ``usr/share/proj/proj.db``; the builder copies ten of its tables with the columns a
reader of the registry asks about (the conversions from its ``conversion`` view, with the
method's name; the usages only of the tables kept, which the file leaves unnumbered), under
the file's own table and column names.  The forty-third held-out database.
"""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes

_DB = "./usr/share/proj/proj.db"


def _key(prefix: str, table: str) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    return ((f"{prefix}_auth_name", f"{prefix}_code"), table, ("auth_name", "code"))


_PK = ("auth_name", "code")
TABLES = (
    Table(name="unit_of_measure", primary_key=_PK),
    Table(name="celestial_body", primary_key=_PK),
    Table(name="ellipsoid", primary_key=_PK,
          foreign_keys=(_key("celestial_body", "celestial_body"),
                        _key("uom", "unit_of_measure"))),
    Table(name="prime_meridian", primary_key=_PK, foreign_keys=(_key("uom", "unit_of_measure"),)),
    Table(name="geodetic_datum", primary_key=_PK,
          foreign_keys=(_key("ellipsoid", "ellipsoid"),
                        _key("prime_meridian", "prime_meridian"))),
    Table(name="geodetic_crs", primary_key=_PK,
          foreign_keys=(_key("datum", "geodetic_datum"),)),
    Table(name="conversion", primary_key=_PK),
    Table(name="projected_crs", primary_key=_PK,
          foreign_keys=(_key("geodetic_crs", "geodetic_crs"), _key("conversion", "conversion"))),
    Table(name="extent", primary_key=_PK),
    Table(name="usage", foreign_keys=(_key("extent", "extent"),)),
)  # fmt: skip
_NAMED = ["auth_name", "code", "name"]
COLUMNS = {
    "unit_of_measure": [*_NAMED, "type", "conv_factor", "deprecated"],
    "celestial_body": [*_NAMED, "semi_major_axis"],
    "ellipsoid": [*_NAMED, "description", "celestial_body_auth_name", "celestial_body_code",
                  "semi_major_axis", "uom_auth_name", "uom_code", "inv_flattening",
                  "semi_minor_axis", "deprecated"],
    "prime_meridian": [*_NAMED, "longitude", "uom_auth_name", "uom_code", "deprecated"],
    "geodetic_datum": [*_NAMED, "description", "ellipsoid_auth_name", "ellipsoid_code",
                       "prime_meridian_auth_name", "prime_meridian_code", "publication_date",
                       "frame_reference_epoch", "ensemble_accuracy", "anchor", "deprecated"],
    "geodetic_crs": [*_NAMED, "description", "type", "datum_auth_name", "datum_code",
                     "deprecated"],
    "conversion": [*_NAMED, "description", "method_auth_name", "method_code", "method_name",
                   "deprecated"],
    "projected_crs": [*_NAMED, "description", "geodetic_crs_auth_name", "geodetic_crs_code",
                      "conversion_auth_name", "conversion_code", "deprecated"],
    "extent": [*_NAMED, "description", "south_lat", "north_lat", "west_lon", "east_lon",
               "deprecated"],
    "usage": ["object_table_name", "object_auth_name", "object_code", "extent_auth_name",
              "extent_code"],
}  # fmt: skip
_USED = ("geodetic_datum", "geodetic_crs", "conversion", "projected_crs")


def build_proj(archive: Path, target: Path) -> Path:
    """The SQLite file of PROJ's units, bodies, ellipsoids, meridians, datums, CRSs, conversions,
    extents and usages, copied out of the package's ``proj.db``."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "proj.db"
        source.write_bytes(deb_member_bytes(archive, _DB))
        connection = sqlite3.connect(source)
        try:
            rows = {name: _rows(connection, name, columns) for name, columns in COLUMNS.items()}
        finally:
            connection.close()
    return write_tables(target, TABLES, COLUMNS, rows)


def _rows(connection: sqlite3.Connection, table: str, columns: list[str]) -> list[list[str]]:
    """``table``'s ``columns`` as text cells (NULL as empty), in key order; the usages only
    of the tables kept."""
    where, order = "", "auth_name, code"
    if table == "usage":
        where = " WHERE object_table_name IN (" + ", ".join(f"'{t}'" for t in _USED) + ")"
        order = ", ".join(columns)
    query = f"SELECT {', '.join(columns)} FROM {table}{where} ORDER BY {order}"
    return [[_cell(value) for value in row] for row in connection.execute(query)]


def _cell(value: object) -> str:
    """A value as write_tables reads it: empty for NULL, ``repr`` precision for floats."""
    if value is None:
        return ""
    return repr(value) if isinstance(value, float) else str(value)
