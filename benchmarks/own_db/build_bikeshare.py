"""The ``bikeshare`` database: the bike-sharing networks known to PyPI's ``pybikes`` 1.0.8
(the library behind the CityBikes API), one JSON file per system under ``pybikes/data/`` in
its wheel: read from the archive, never installed.

Four tables under the data's own names.  ``system`` (one row per data file: the system and
the Python class that reads its feeds, NULL when the file splits its networks among several
classes), ``instances`` (one row per network: its ``tag``, the ``meta`` block's name, city,
country, position, e-bikes, scooters, license and source, and the scraper's own settings such
as ``feed_url``, ``endpoint``, ``domain``, ``city_uid``; ``class`` is the class that reads it;
the four networks that one Valencia network lists inside its ``meta`` are rows too, with
``parent`` naming it), ``company`` (each distinct operator or supplier name) and
``instance_company`` (which companies run a network, ``position`` their order in its list).
The scraper's lists (``bbox``, ``city_ids``, ``bounds``) are left out.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from own_db.build import Table, json_cell, write_tables

_FOLDER = "pybikes/data/"
_SETTINGS = ["feed_url", "endpoint", "domain", "city_uid", "uid", "contract", "tenant",
             "dataset", "region_id", "system_id", "url"]  # fmt: skip
_META = ["name", "city", "country"]
_INSTANCE = ["tag", *_META, "latitude", "longitude", "ebikes", "scooters", "system", "class",
             *_SETTINGS, "license", "license_url", "source", "parent"]  # fmt: skip
_TABLES = (
    Table(name="system", primary_key=("system",)),
    Table(
        name="instances",
        primary_key=("tag",),
        foreign_keys=(
            (("system",), "system", ("system",)),
            (("parent",), "instances", ("tag",)),
        ),
    ),
    Table(name="company", primary_key=("company_id",)),
    Table(
        name="instance_company",
        primary_key=("tag", "company_id"),
        foreign_keys=(
            (("tag",), "instances", ("tag",)),
            (("company_id",), "company", ("company_id",)),
        ),
    ),
)
_TEXT = {"domain", "contract", "tenant", "dataset", "region_id", "system_id", "tag"}


def build_bikeshare(wheel: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the wheel's ``pybikes/data/*.json`` files."""
    systems: list[list[str]] = []
    instances: list[list[str]] = []
    with zipfile.ZipFile(wheel) as archive:
        members = sorted(n for n in archive.namelist() if n.startswith(_FOLDER))
        for member in (n for n in members if n.endswith(".json")):
            data = json.loads(archive.read(member))
            single = isinstance(data["class"], str)
            systems.append([data["system"], data["class"] if single else ""])
            for klass, instance in _instances(data):
                instances.extend(_rows(instance, data["system"], klass))
    companies: dict[str, int] = {}
    links: list[list[str]] = []
    for row in instances:  # its tag first, its companies last
        for position, company in enumerate(row[-1], start=1):
            number = companies.setdefault(company, len(companies) + 1)
            links.append([row[0], str(number), str(position)])
    columns = {
        "system": ["system", "class"],
        "instances": _INSTANCE,
        "company": ["company_id", "name"],
        "instance_company": ["tag", "company_id", "position"],
    }
    rows = {
        "system": systems,
        "instances": [row[:-1] for row in instances],
        "company": [[str(number), name] for name, number in companies.items()],
        "instance_company": links,
    }
    return write_tables(target, _TABLES, columns, rows, kept_as_text=lambda c: c in _TEXT)


def _instances(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(class, instance) for each network of one system file."""
    if isinstance(data["class"], str):
        return [(data["class"], instance) for instance in data["instances"]]
    return [(k, i) for k, v in data["class"].items() for i in v["instances"]]


def _rows(instance: dict[str, Any], system: str, klass: str, parent: str = "") -> list[list[Any]]:
    """The network's row (its company list as a last, dropped cell), then its sub-networks'."""
    meta = instance["meta"]
    license_ = meta.get("license") or {}
    cells = [instance["tag"], *(meta.get(k) for k in _META)]
    cells += [meta["latitude"], meta["longitude"], meta.get("ebikes"), meta.get("scooters")]
    cells += [system, klass, *(instance.get(k) for k in _SETTINGS)]
    cells += [license_.get("name"), license_.get("url"), meta.get("source"), parent]
    row: list[Any] = [json_cell(cell) for cell in cells] + [meta.get("company") or []]
    nested = meta.get("instances") or []
    return [row] + [r for n in nested for r in _rows(n, system, klass, instance["tag"])]
