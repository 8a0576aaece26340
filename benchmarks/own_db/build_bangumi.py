"""The ``bangumi`` database: the anime titles (番组, bangumi) that the npm package
``bangumi-data`` 0.3.208 ships (CC BY 4.0) — each TV series, web series, film or OVA with
its original title, type, language, official site, first and last airing or release and
airing cycle, the translations of its title (simplified and traditional Chinese, English,
Japanese), and the sites that have it: information sites (bangumi, MyAnimeList, AniDB...),
the streaming and broadcast sites it airs on, with their own start and cycle, and download
sites; each site with its title, type, URL template and the regions it is limited to.

The package's ``dist/data.json`` (read from the archive, never installed) holds
``siteMeta`` and ``items``.  Names are the data's own (camelCase: ``titleTranslate``,
``officialSite``, ``urlTemplate``): ``siteMeta`` keeps its key as ``site``, its
``regions`` list becomes ``regions`` (one row a site and region; a region listed twice is
kept once); an item gets the integer ``id`` of its place in the list (from 1), each
translated title is a row of ``titleTranslate`` and each entry of an item's ``sites`` a
row of ``sites`` (``item`` its item).  Times stay the data's ISO 8601 UTC text; an empty
value is NULL.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_MEMBER = "package/dist/data.json"
_ITEM = (("item",), "items", ("id",))
_SITE = (("site",), "siteMeta", ("site",))
_TABLES = (
    Table(name="siteMeta", primary_key=("site",)),
    Table(name="regions", primary_key=("site", "region"), foreign_keys=(_SITE,)),
    Table(name="items", primary_key=("id",)),
    Table(name="titleTranslate", primary_key=("item", "lang", "title"), foreign_keys=(_ITEM,)),
    Table(name="sites", primary_key=("item", "site"), foreign_keys=(_ITEM, _SITE)),
)
_COLUMNS = {
    "siteMeta": ["site", "title", "type", "urlTemplate"],
    "regions": ["site", "region"],
    "items": ["id", "title", "type", "lang", "officialSite", "begin", "end", "broadcast",
              "comment"],
    "titleTranslate": ["item", "lang", "title"],
    "sites": ["item", "site", "id", "url", "begin", "broadcast", "comment"],
}  # fmt: skip
Rows = dict[str, list[list[str]]]


def build_bangumi(archive: Path, target: Path) -> Path:
    """The SQLite file of bangumi-data's sites and items, their titles and where they air."""
    data = read_data(archive)
    rows: Rows = {name: [] for name in _COLUMNS}
    for site, meta in data["siteMeta"].items():
        rows["siteMeta"].append([site, *(_cell(meta.get(c)) for c in _COLUMNS["siteMeta"][1:])])
        for region in dict.fromkeys(meta.get("regions", [])):
            rows["regions"].append([site, region])
    for number, item in enumerate(data["items"], start=1):
        add_item(rows, number, item)
    return write_tables(target, _TABLES, _COLUMNS, rows)


def add_item(rows: Rows, number: int, item: dict[str, Any]) -> None:
    """An item's row, its translated titles' rows and its sites' rows."""
    fields = _COLUMNS["items"][1:]
    rows["items"].append([str(number), *(_cell(item.get(c)) for c in fields)])
    for lang, titles in item["titleTranslate"].items():
        rows["titleTranslate"].extend([str(number), lang, title] for title in titles)
    for site in item["sites"]:
        rows["sites"].append([str(number), *(_cell(site.get(c)) for c in _COLUMNS["sites"][1:])])


def read_data(archive: Path) -> dict[str, Any]:
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_MEMBER)
        assert stream is not None
        data: dict[str, Any] = json.loads(stream.read().decode("utf-8"))
    return data


def _cell(value: object) -> str:
    """A JSON value as a cell: null or absent as empty (NULL)."""
    return "" if value is None else str(value)
