"""The ``linguist`` database: the languages GitHub's Linguist knows — 775 programming, markup,
data and prose languages (type, colour, TextMate scope, editor modes, the language a
language is grouped under), and the file extensions, file names, aliases and interpreters
each is recognised by.

The npm package ``linguist-languages`` 7.31.2 ships Linguist's ``languages.yml`` as one file
a language, ``package/data/<name>.js``, each ``module.exports = `` and a JSON object (read
from the archive, never installed; the later versions write JavaScript, not JSON).  The
object's scalar fields make a row of ``languages`` under their own names (``languageId``,
``tmScope``, ``aceMode``, ``codemirrorMimeType``, ``group``); its booleans (``wrap``,
``searchable``) are 1 and 0.  Its lists become tables of their own, one row an entry, under
the lists' names: ``extensions`` (with its ``position`` in the list, 1 the primary one),
``filenames``, ``aliases`` and ``interpreters``, each keyed by the ``language``'s name, as
``languages.yml`` keys its languages.  The forty-first held-out database.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_FOLDER = "package/data/"
_PREFIX = "module.exports = "
_LANGUAGE = (("language",), "languages", ("name",))
_LISTS = ("filenames", "aliases", "interpreters")
_SINGULAR = {"filenames": "filename", "aliases": "alias", "interpreters": "interpreter"}
TABLES = (
    Table(name="languages", primary_key=("name",),
          foreign_keys=((("group",), "languages", ("name",)),)),
    Table(name="extensions", primary_key=("language", "extension"),
          foreign_keys=(_LANGUAGE,)),
    *(Table(name=name, primary_key=("language", _SINGULAR[name]), foreign_keys=(_LANGUAGE,))
      for name in _LISTS),
)  # fmt: skip
_FIELDS = [
    "name", "type", "color", "tmScope", "aceMode", "codemirrorMode", "codemirrorMimeType",
    "languageId", "group", "wrap", "searchable", "fsName",
]  # fmt: skip
COLUMNS = {
    "languages": _FIELDS,
    "extensions": ["language", "extension", "position"],
    **{name: ["language", _SINGULAR[name]] for name in _LISTS},
}


def build_linguist(archive: Path, target: Path) -> Path:
    """The SQLite file of Linguist's languages and what each is recognised by."""
    languages = sorted(read_languages(archive), key=lambda language: str(language["name"]))
    rows: dict[str, list[list[str]]] = {
        "languages": [[_cell(language.get(field)) for field in _FIELDS] for language in languages],
        "extensions": [
            [language["name"], extension, str(position)]
            for language in languages
            for position, extension in enumerate(language.get("extensions", []), start=1)
        ],
    }
    for name in _LISTS:
        rows[name] = [[language["name"], entry] for language in languages
                      for entry in language.get(name, [])]  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def read_languages(archive: Path) -> list[dict[str, Any]]:
    """Every language object of the package's ``data/*.js`` files."""
    languages: list[dict[str, Any]] = []
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if member.name.startswith(_FOLDER) and member.name.endswith(".js"):
                file = tar.extractfile(member)
                assert file is not None
                text = file.read().decode("utf-8").strip().removesuffix(";")
                languages.append(json.loads(text.removeprefix(_PREFIX)))
    return languages


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)
