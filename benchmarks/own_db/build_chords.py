"""The ``chords`` database: the guitar and ukulele chord charts the npm package
``@tombatossals/chords-db`` 0.5.1 ships (MIT) — each instrument with its strings and
standard tuning, the keys and chord suffixes (qualities) it has charts for, each chord (a
key with a suffix) and the positions (fingerings) of each chord: the fret and finger of
each string, the barres, the base fret and the MIDI notes sounded.

The package's ``lib/instruments.json``, ``lib/guitar.json`` and ``lib/ukulele.json`` are
read from the archive, never installed.  Names are the data's own (camelCase:
``fretsOnChord``, ``numberOfChords``, ``baseFret``); chords and positions get integer ids.
A position's frets, fingers and MIDI notes are kept as the data lists them (comma
separated; fret -1 is a string not played) and also split into ``strings``, one row a
string of a position, and its barres into ``barres``, one row a barre.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_INSTRUMENTS = ("guitar", "ukulele")
_INSTRUMENT = (("instrument",), "instruments", ("name",))
_TABLES = (
    Table(name="instruments", primary_key=("name",)),
    Table(name="tunings", primary_key=("instrument", "string"), foreign_keys=(_INSTRUMENT,)),
    Table(name="keys", primary_key=("instrument", "key"), foreign_keys=(_INSTRUMENT,)),
    Table(name="suffixes", primary_key=("instrument", "suffix"), foreign_keys=(_INSTRUMENT,)),
    Table(
        name="chords",
        primary_key=("id",),
        foreign_keys=(
            _INSTRUMENT,
            (("instrument", "key"), "keys", ("instrument", "key")),
            (("instrument", "suffix"), "suffixes", ("instrument", "suffix")),
        ),
    ),
    Table(
        name="positions",
        primary_key=("id",),
        foreign_keys=((("chordId",), "chords", ("id",)),),
    ),
    Table(
        name="strings",
        primary_key=("positionId", "string"),
        foreign_keys=((("positionId",), "positions", ("id",)),),
    ),
    Table(
        name="barres",
        primary_key=("positionId", "fret"),
        foreign_keys=((("positionId",), "positions", ("id",)),),
    ),
)
_COLUMNS = {
    "instruments": ["name", "strings", "fretsOnChord", "numberOfChords", "tuning"],
    "tunings": ["instrument", "string", "note"],
    "keys": ["instrument", "key", "ordinal"],
    "suffixes": ["instrument", "suffix", "ordinal"],
    "chords": ["id", "instrument", "key", "suffix"],
    "positions": ["id", "chordId", "position", "baseFret", "capo", "frets", "fingers",
                  "midi"],
    "strings": ["positionId", "string", "fret", "finger"],
    "barres": ["positionId", "fret"],
}  # fmt: skip


def build_chords(archive: Path, target: Path) -> Path:
    """The SQLite file of the package's instruments, keys, suffixes, chords and positions."""
    with tarfile.open(archive) as tar:
        data = {name: _json(tar, name) for name in ("instruments", *_INSTRUMENTS)}
    rows: dict[str, list[list[str]]] = {name: [] for name in _COLUMNS}
    for instrument in _INSTRUMENTS:
        _instrument(rows, instrument, data["instruments"][instrument], data[instrument])
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _json(tar: tarfile.TarFile, name: str) -> Any:
    stream = tar.extractfile(f"package/lib/{name}.json")
    assert stream is not None
    return json.load(stream)


def _instrument(
    rows: dict[str, list[list[str]]], name: str, main: dict[str, Any], data: dict[str, Any]
) -> None:
    """One instrument's rows appended to ``rows``."""
    tuning = data["tunings"]["standard"]
    rows["instruments"].append([name, str(main["strings"]), str(main["fretsOnChord"]),
                                str(main["numberOfChords"]), " ".join(tuning)])  # fmt: skip
    rows["tunings"] += [[name, str(i), note] for i, note in enumerate(tuning, start=1)]
    rows["keys"] += [[name, key, str(i)] for i, key in enumerate(data["keys"], start=1)]
    rows["suffixes"] += [[name, s, str(i)] for i, s in enumerate(data["suffixes"], start=1)]
    for chords in data["chords"].values():
        for chord in chords:
            chord_id = str(len(rows["chords"]) + 1)
            rows["chords"].append([chord_id, name, chord["key"], chord["suffix"]])
            for number, position in enumerate(chord["positions"], start=1):
                _position(rows, chord_id, number, position)


def _position(
    rows: dict[str, list[list[str]]], chord_id: str, number: int, position: dict[str, Any]
) -> None:
    position_id = str(len(rows["positions"]) + 1)
    frets, fingers = position["frets"], position["fingers"]
    rows["positions"].append([
        position_id, chord_id, str(number), str(position["baseFret"]),
        "1" if position.get("capo") else "0", ",".join(map(str, frets)),
        ",".join(map(str, fingers)), ",".join(map(str, position["midi"])),
    ])  # fmt: skip
    rows["strings"] += [[position_id, str(i), str(fret), str(finger)]
                        for i, (fret, finger) in enumerate(zip(frets, fingers, strict=True),
                                                           start=1)]  # fmt: skip
    rows["barres"] += [[position_id, str(fret)] for fret in sorted(set(position["barres"]))]
