"""The ``openap`` database: the aircraft performance data PyPI's ``openap`` 2.6.2 ships
(OpenAP, the open aircraft performance model of TU Delft): the aircraft files
(``data/aircraft/*.yml``), the engine table (``data/engine/engines.csv``, the ICAO engine
emissions databank's engines with OpenAP's cruise figures), the aircraft type synonyms and
the WRAP kinematic parameters (``data/wrap/*.txt``) in its wheel, read from the archive,
never installed.

Five tables: ``aircraft`` (each aircraft type: weights, speeds, passengers, fuselage, wing,
flaps, cruise, engine installation and drag polar), ``engines`` (each engine model with
its manufacturer, bypass and pressure ratios, thrust, emission indices and fuel flows),
``engine_options`` (each aircraft variant with the engine its file names, and the engine
model that name finds as OpenAP finds it: the first whose name starts with it),
``aircraft_synonyms`` (the types OpenAP models by another one) and ``wrap_parameters``
(each aircraft's kinematic parameters per flight phase).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped,unused-ignore]

from own_db.build import Table, write_tables

_DATA = "openap/data/"
_FOLDERS = tuple(_DATA + folder for folder in ("aircraft/", "engine/", "wrap/"))
_TABLES = (
    Table(name="engines", primary_key=("name",)),
    Table(name="aircraft", primary_key=("typecode",),
          foreign_keys=((("engine_default_match",), "engines", ("name",)),)),
    Table(
        name="engine_options",
        primary_key=("typecode", "variant"),
        foreign_keys=(
            (("typecode",), "aircraft", ("typecode",)),
            (("engine_match",), "engines", ("name",)),
        ),
    ),
    Table(name="aircraft_synonyms", primary_key=("orig",),
          foreign_keys=((("new",), "aircraft", ("typecode",)),)),
    Table(name="wrap_parameters", primary_key=("typecode", "variable"),
          foreign_keys=((("typecode",), "aircraft", ("typecode",)),)),
)  # fmt: skip
_AIRCRAFT = (
    ("aircraft",), ("mtow",), ("mlw",), ("oew",), ("mfc",), ("vmo",), ("mmo",), ("ceiling",),
    ("pax", "max"), ("pax", "low"), ("pax", "high"),
    ("fuselage", "length"), ("fuselage", "height"), ("fuselage", "width"),
    ("wing", "area"), ("wing", "span"), ("wing", "mac"), ("wing", "sweep"),
    ("flaps", "type"), ("flaps", "area"),
    ("cruise", "height"), ("cruise", "mach"), ("cruise", "range"),
    ("engine", "type"), ("engine", "mount"), ("engine", "number"), ("engine", "default"),
    ("drag", "cd0"), ("drag", "k"), ("drag", "e"), ("drag", "gears"),
)  # fmt: skip
_WRAP = ["variable", "flight_phase", "name", "opt", "min", "max", "model", "parameters"]


def build_openap(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's aircraft, engine and WRAP files."""
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(archive.namelist())
        text = {n: archive.read(n).decode("utf-8") for n in names
                if n.startswith(_FOLDERS)}  # fmt: skip
    engine_rows = list(csv.reader(io.StringIO(text[_DATA + "engine/engines.csv"])))
    header, engines = engine_rows[0], engine_rows[1:]
    engine_names = [row[header.index("name")] for row in engines]
    aircraft: list[list[str]] = []
    options: list[list[str]] = []
    for name, content in text.items():
        folder, _, file = name.removeprefix(_DATA).partition("/")
        if folder != "aircraft" or not file.endswith(".yml"):
            continue
        typecode = file.removesuffix(".yml").upper()
        spec: dict[str, Any] = yaml.safe_load(content)
        row = [typecode] + [_cell(_get(spec, path)) for path in _AIRCRAFT]
        if not row[23]:  # the cruise range, written at the top in one file
            row[23] = _cell(spec.get("range"))
        aircraft.append([*row, _match(row[-5], engine_names)])
        options += _options(typecode, spec["engine"].get("options"), engine_names)
    known = {row[0] for row in aircraft}
    pairs = list(csv.reader(io.StringIO(text[_DATA + "aircraft/_synonym.csv"])))[1:]
    synonyms = [[orig.upper(), new.upper()] for orig, new in pairs]
    columns = {
        "engines": ["name", "uid"] + [c for c in header if c not in ("uid", "name")],
        "aircraft": ["typecode"]
        + ["_".join(p).replace("aircraft", "name") for p in _AIRCRAFT]
        + ["engine_default_match"],
        "engine_options": ["typecode", "variant", "engine", "engine_match"],
        "aircraft_synonyms": ["orig", "new"],
        "wrap_parameters": ["typecode", *_WRAP],
    }
    order = [header.index(c) for c in columns["engines"]]
    rows = {
        "engines": [[row[i].strip() for i in order] for row in engines],
        "aircraft": aircraft,
        "engine_options": options,
        "aircraft_synonyms": [s for s in synonyms if s[1] in known],
        "wrap_parameters": _wrap(text),
    }
    return write_tables(target, _TABLES, columns, rows)


def _get(spec: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = spec
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def _match(engine: str, names: list[str]) -> str:
    """The engine model OpenAP takes for ``engine``: the first whose name starts with it."""
    wanted = engine.strip().upper()
    return next((n for n in names if wanted and n.upper().startswith(wanted)), "")


def _options(typecode: str, options: Any, names: list[str]) -> list[list[str]]:
    """Each variant and its engine; a file that lists engines only has no variant names."""
    if isinstance(options, list):
        options = {f"{typecode} ({engine})": engine for engine in options}
    return [[typecode, str(variant), str(engine), _match(str(engine), names)]
            for variant, engine in (options or {}).items()]  # fmt: skip


def _wrap(text: dict[str, str]) -> list[list[str]]:
    """Each ``wrap/<type>.txt`` row: fixed-width columns, placed as the header's names."""
    rows: list[list[str]] = []
    for name, content in text.items():
        if not (name.startswith(_DATA + "wrap/") and name.endswith(".txt")):
            continue
        typecode = name.rsplit("/", 1)[1].removesuffix(".txt").upper()
        lines = content.splitlines()
        starts = [m.start() for m in re.finditer(r"\S+(?: \S+)*", lines[0])]
        for line in lines[1:]:
            if line.strip():
                bounds = zip(starts, [*starts[1:], len(line) + 1], strict=True)
                rows.append([typecode] + [line[a:b].strip() for a, b in bounds])
    return rows
