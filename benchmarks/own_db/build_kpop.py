"""The ``kpop`` database: the K-pop open data of the npm package ``kpopnet.json`` 2.0.5 —
K-pop girl groups and their idols as gathered from selca.kastden.org, one JSON file
(``package/kpopnet.json``) read from the archive, never installed.

Five tables under the file's own field names.  Its ``groups`` (each with its agency,
debut and disband dates and the group it is a sub-unit of, ``parent_id``) and ``idols``
(stage name, real name, birth and debut dates, height and weight) are copied field by
field, the ``urls`` lists and the references left out; each group's ``members`` list (the
idol, whether a current member, the roles in the group) becomes ``members``, one row an
idol in a group (the idols' own ``groups`` lists say the same and are left out); the
profile links of the ``urls`` lists become ``group_urls`` and ``idol_urls``.  JSON null
is NULL, true and false are 1 and 0.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_MEMBER = "package/kpopnet.json"
TABLES = (
    Table(name="groups", primary_key=("id",), foreign_keys=((("parent_id",), "groups", ("id",)),)),
    Table(name="idols", primary_key=("id",)),
    Table(
        name="members",
        primary_key=("group_id", "idol_id"),
        foreign_keys=(
            (("group_id",), "groups", ("id",)),
            (("idol_id",), "idols", ("id",)),
        ),
    ),
    Table(name="group_urls", foreign_keys=((("group_id",), "groups", ("id",)),)),
    Table(name="idol_urls", foreign_keys=((("idol_id",), "idols", ("id",)),)),
)
COLUMNS = {
    "groups": ["id", "name", "name_original", "name_alias", "agency_name", "debut_date",
               "disband_date", "parent_id", "thumb_url"],
    "idols": ["id", "name", "name_original", "name_alias", "real_name", "real_name_original",
              "birth_date", "debut_date", "height", "weight", "thumb_url"],
    "members": ["group_id", "idol_id", "current", "roles"],
    "group_urls": ["group_id", "url"],
    "idol_urls": ["idol_id", "url"],
}  # fmt: skip


def build_kpop(archive: Path, target: Path) -> Path:
    """The SQLite file of the K-pop groups, idols, memberships and profile links."""
    profiles = read_profiles(archive)
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for group in profiles["groups"]:
        rows["groups"].append(_cells(group, COLUMNS["groups"]))
        rows["members"] += [
            [group["id"], member["idol_id"], json_cell(member["current"]),
             json_cell(member["roles"])]
            for member in group["members"]
        ]  # fmt: skip
        rows["group_urls"] += [[group["id"], url] for url in group["urls"]]
    for idol in profiles["idols"]:
        rows["idols"].append(_cells(idol, COLUMNS["idols"]))
        rows["idol_urls"] += [[idol["id"], url] for url in idol["urls"]]
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_is_name)


def _cells(record: dict[str, Any], columns: list[str]) -> list[str]:
    return [json_cell(record.get(column)) for column in columns]


def _is_name(column: str) -> bool:
    """Names stay text even where one looks like a number (a group called "2Yoon" does not,
    but a stage name could)."""
    return column in {"name", "name_original", "name_alias", "real_name", "roles"}


def read_profiles(archive: Path) -> dict[str, Any]:
    """The package's JSON document: its ``groups`` and ``idols``."""
    with tarfile.open(archive) as tar:
        stream = tar.extractfile(_MEMBER)
        assert stream is not None
        profiles: dict[str, Any] = json.load(stream)
    return profiles
