"""The ``oberrhein`` database: pandapower's medium-voltage grid of the Oberrhein region
(Upper Rhine, south-west Germany) — its buses, lines, HV/MV transformers, loads, static
generators (photovoltaic and wind), switches and external grid connections, the power
flow results of its buses and lines, and the standard line and transformer types of
pandapower's library.

PyPI's ``pandapower`` 3.5.6 ships it in its wheel (read from the archive, never
installed) as ``pandapower/networks/mv_oberrhein.json``: a pandapower net whose element
tables are pandas DataFrames written in the ``split`` orient.  Each kept under its own
name (``bus``, ``line``, ``trafo``, ``load``, ``sgen``, ``switch``, ``ext_grid``,
``res_bus``, ``res_line``) and columns (``vn_kv``, ``from_bus``, ``length_km``,
``p_mw``, ``loading_percent``), the DataFrame's unnamed index as ``index`` (the name
pandas' ``to_sql`` gives it), booleans as 1 and 0, the ``geo`` GeoJSON kept as text.  The
net's ``std_types`` (line and trafo) are the tables ``line_std_types`` and
``trafo_std_types``, one row a type, its name as ``name``.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_NET = "pandapower/networks/mv_oberrhein.json"
_INDEX = ("index",)


def _to(table: str, column: str) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
    return ((column,), table, _INDEX)


TABLES = (
    Table(name="line_std_types", primary_key=("name",)),
    Table(name="trafo_std_types", primary_key=("name",)),
    Table(name="bus", primary_key=_INDEX),
    Table(name="line", primary_key=_INDEX, foreign_keys=(
        _to("bus", "from_bus"), _to("bus", "to_bus"),
        (("std_type",), "line_std_types", ("name",)))),
    Table(name="trafo", primary_key=_INDEX, foreign_keys=(
        _to("bus", "hv_bus"), _to("bus", "lv_bus"),
        (("std_type",), "trafo_std_types", ("name",)))),
    Table(name="load", primary_key=_INDEX, foreign_keys=(_to("bus", "bus"),)),
    Table(name="sgen", primary_key=_INDEX, foreign_keys=(_to("bus", "bus"),)),
    Table(name="switch", primary_key=_INDEX, foreign_keys=(_to("bus", "bus"),)),
    Table(name="ext_grid", primary_key=_INDEX, foreign_keys=(_to("bus", "bus"),)),
    Table(name="res_bus", primary_key=_INDEX, foreign_keys=(_to("bus", "index"),)),
    Table(name="res_line", primary_key=_INDEX, foreign_keys=(_to("line", "index"),)),
)  # fmt: skip


def build_oberrhein(archive: Path, target: Path) -> Path:
    """The SQLite file of the Oberrhein grid's element tables, results and standard types."""
    with zipfile.ZipFile(archive) as wheel:
        net: dict[str, Any] = json.loads(wheel.read(_NET))["_object"]
    columns: dict[str, list[str]] = {}
    rows: dict[str, list[list[str]]] = {}
    for kind in ("line", "trafo"):
        name = f"{kind}_std_types"
        columns[name], rows[name] = std_type_rows(net["std_types"][kind])
    for table in TABLES[2:]:
        columns[table.name], rows[table.name] = frame_rows(net[table.name])
    return write_tables(target, TABLES, columns, rows)


def frame_rows(frame: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """A DataFrame in pandapower's JSON (``split`` orient) as its header, ``index`` first,
    and its rows as text."""
    split = json.loads(frame["_object"])
    header = ["index", *split["columns"]]
    rows = [
        [_text(index), *(_text(cell) for cell in row)]
        for index, row in zip(split["index"], split["data"], strict=True)
    ]
    return header, rows


def std_type_rows(types: dict[str, dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """Standard types (a name -> their parameters) as one row a type, ``name`` first, the
    parameters in the order they first appear."""
    parameters: list[str] = []
    for values in types.values():
        parameters += [key for key in values if key not in parameters]
    rows = [
        [name, *(_text(values.get(key)) for key in parameters)] for name, values in types.items()
    ]
    return ["name", *parameters], rows


def _text(value: object) -> str:
    if value is None or value != value:  # None and NaN: missing
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)
