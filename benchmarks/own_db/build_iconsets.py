"""The ``iconsets`` database: the 243 open-source icon sets of Iconify as the npm package
``@iconify/json`` 2.2.535 ships them — each set's name, author, license, category, size
and date of last change, its tags, its icons with their sizes, the aliases that point at
them and the categories the icons are filed under.

Each of the package's ``json/<prefix>.json`` files (read from the archive, never installed)
is one set: its ``info`` makes a row of ``collections`` under its own field names (the
author's and license's fields flattened, ``palette`` and ``hidden`` as 1 or 0) with the
file's ``lastModified`` (a Unix time); its ``info.tags`` become ``tags``; its ``icons``
become ``icons`` (the SVG bodies left out, width and height resolved from the set's default,
16 when neither says); its ``aliases`` become ``aliases`` and its ``categories`` become
``categories``, one row an icon in a category.  The icon font code points, theme suffixes
and sample lists are left out.
"""

from __future__ import annotations

import json
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_SET = (("prefix",), "collections", ("prefix",))
_ICON = (("prefix", "parent"), "icons", ("prefix", "name"))
TABLES = (
    Table(name="collections", primary_key=("prefix",)),
    Table(name="tags", primary_key=("prefix", "tag"), foreign_keys=(_SET,)),
    Table(name="icons", primary_key=("prefix", "name"), foreign_keys=(_SET,)),
    Table(name="aliases", primary_key=("prefix", "name"), foreign_keys=(_SET, _ICON)),
    Table(
        name="categories",
        primary_key=("prefix", "category", "icon"),
        foreign_keys=(_SET, (("prefix", "icon"), "icons", ("prefix", "name"))),
    ),
)
_INFO = ["name", "total", "version", "category", "height", "displayHeight"]
COLUMNS = {
    "collections": ["prefix", *_INFO, "author", "author_url", "license", "spdx",
                    "license_url", "palette", "hidden", "lastModified"],
    "tags": ["prefix", "tag"],
    "icons": ["prefix", "name", "width", "height", "hidden"],
    "aliases": ["prefix", "name", "parent", "hFlip", "vFlip"],
    "categories": ["prefix", "category", "icon"],
}  # fmt: skip


def build_iconsets(archive: Path, target: Path) -> Path:
    """The SQLite file of Iconify's icon sets, their tags, icons, aliases and categories."""
    sets = list(read_sets(archive))
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for icon_set in sets:
        prefix = icon_set["prefix"]
        rows["collections"].append(_collection(icon_set))
        rows["tags"] += [[prefix, tag] for tag in icon_set["info"].get("tags", [])]
        rows["icons"] += _icons(icon_set)
        rows["aliases"] += [
            [prefix, name, alias["parent"], _flag(alias, "hFlip"), _flag(alias, "vFlip")]
            for name, alias in icon_set.get("aliases", {}).items()
        ]
        rows["categories"] += [[prefix, category, icon]
                               for category, icons in icon_set.get("categories", {}).items()
                               for icon in dict.fromkeys(icons)]  # fmt: skip
    return write_tables(target, TABLES, COLUMNS, rows)


def _collection(icon_set: dict[str, Any]) -> list[str]:
    """A set's row of ``collections``."""
    info = icon_set["info"]
    author, license_ = info.get("author", {}), info.get("license", {})
    return [
        icon_set["prefix"],
        *(_text(info.get(field)) for field in _INFO),
        _text(author.get("name")),
        _text(author.get("url")),
        _text(license_.get("title")),
        _text(license_.get("spdx")),
        _text(license_.get("url")),
        _flag(info, "palette"),
        _flag(info, "hidden"),
        _text(icon_set.get("lastModified")),
    ]


def _icons(icon_set: dict[str, Any]) -> list[list[str]]:
    """A set's rows of ``icons``: sizes resolved from the set's defaults."""
    width, height = icon_set.get("width", 16), icon_set.get("height", 16)
    return [
        [icon_set["prefix"], name, _text(icon.get("width", width)),
         _text(icon.get("height", height)), _flag(icon, "hidden")]
        for name, icon in icon_set["icons"].items()
    ]  # fmt: skip


def _flag(fields: dict[str, Any], key: str) -> str:
    return "1" if fields.get(key) else "0"


def _text(value: object) -> str:
    return "" if value is None else str(value)


def read_sets(archive: Path) -> Iterator[dict[str, Any]]:
    """The package's icon sets, one JSON object each, in the order of their files."""
    with tarfile.open(archive) as tar:
        members = sorted(
            (m for m in tar.getmembers()
             if m.name.startswith("package/json/") and m.name.endswith(".json")),
            key=lambda m: m.name,
        )  # fmt: skip
        for member in members:
            stream = tar.extractfile(member)
            assert stream is not None
            yield json.load(stream)
