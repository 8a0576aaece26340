"""The ``surplus`` database: the U.S. Defense Department's excess property given to the police
and sheriffs of Kansas and Nebraska (its "1033 program"), with Nebraska's county populations,
as PyPI's ``csvkit`` 2.2.0 ships them among the real data of its tutorial (the
``examples/realdata`` folder of its source distribution): ``ks_1033_data.csv``,
``ne_1033_data.xlsx`` and ``acs2012_5yr_population.csv`` (the Census Bureau's 2012 American
Community Survey, 5-year estimates): read from the archive, never installed.

Tables and columns keep the files' names: ``ks_1033_data`` and ``ne_1033_data`` (one row per
item shipped: its ``county``, ``fips`` code, ``item_name``, ``quantity``, costs and
``ship_date``; identical rows are several items alike, so neither has a key of its own) and
``acs2012_5yr_population`` (keyed by ``fips``; Nebraska's shipments reference it).  The
spreadsheet's cells are read from its XML (its numbers are floats: whole ones become
integers, its dates day serials); ship dates become ISO text.  The eighteenth held-out
database.
"""

from __future__ import annotations

import csv
import io
import re
import tarfile
import zipfile
from datetime import date, datetime, timedelta
from pathlib import Path
from xml.etree import ElementTree

from own_db.build import Table, write_tables

_ROOT = "csvkit-2.2.0/examples/realdata/"
_FIPS = ("fips",)
_POPULATION = "acs2012_5yr_population"
_TABLES = (
    Table(name=_POPULATION, primary_key=_FIPS),
    Table(name="ks_1033_data"),
    Table(name="ne_1033_data", foreign_keys=((_FIPS, _POPULATION, _FIPS),)),
)
_SHEET = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_EXCEL_EPOCH = date(1899, 12, 30)  # day 0 of a spreadsheet's dates


def build_surplus(sdist: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the three files inside the source distribution."""
    with tarfile.open(sdist) as archive:
        population = _csv(_member(archive, f"{_POPULATION}.csv").decode("utf-8"))
        kansas = _csv(_member(archive, "ks_1033_data.csv").decode("utf-8"))
        nebraska = _sheet(_member(archive, "ne_1033_data.xlsx"))
    tables = {_POPULATION: population, "ks_1033_data": kansas, "ne_1033_data": nebraska}
    columns = {name: rows[0] for name, rows in tables.items()}
    rows = {name: [_dated(rows[0], row) for row in rows[1:]] for name, rows in tables.items()}
    return write_tables(target, _TABLES, columns, rows)


def _member(archive: tarfile.TarFile, name: str) -> bytes:
    data = archive.extractfile(_ROOT + name)
    assert data is not None
    return data.read()


def _csv(text: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(text)) if row]


def _sheet(workbook: bytes) -> list[list[str]]:
    """The first sheet's rows as text: shared strings looked up, whole numbers as integers,
    a date's day serial as its ISO date."""
    with zipfile.ZipFile(io.BytesIO(workbook)) as book:
        strings = [
            "".join(t.text or "" for t in item.iter(f"{_SHEET}t"))
            for item in ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        ]
        sheet = ElementTree.fromstring(book.read("xl/worksheets/sheet1.xml"))
    rows: list[list[str]] = []
    for row in sheet.iter(f"{_SHEET}row"):
        cells: dict[int, str] = {}
        for cell in row.iter(f"{_SHEET}c"):
            value = cell.find(f"{_SHEET}v")
            text = "" if value is None or value.text is None else value.text
            shared = cell.get("t") == "s" and text != ""
            cells[_column(cell.get("r", ""))] = strings[int(text)] if shared else _number(text)
        rows.append([cells.get(i, "") for i in range(max(cells) + 1)] if cells else [])
    width = len(rows[0])
    return [(row + [""] * width)[:width] for row in rows if any(row)]


def _column(reference: str) -> int:
    """A cell reference's column, from 0 (``C12`` -> 2)."""
    letters = re.match(r"[A-Z]+", reference)
    assert letters is not None
    index = 0
    for letter in letters.group():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _number(text: str) -> str:
    try:
        number = float(text)
    except ValueError:
        return text.strip()
    return str(int(number)) if number.is_integer() else text


def _dated(header: list[str], row: list[str]) -> list[str]:
    """``row`` with its ship date as ISO text (Kansas writes ``5/19/2006 0:00:00``,
    Nebraska's spreadsheet a day serial)."""
    if "ship_date" not in header:
        return row
    at = header.index("ship_date")
    shipped = row[at]
    if shipped.isdigit():
        shipped = (_EXCEL_EPOCH + timedelta(days=int(shipped))).isoformat()
    elif shipped:
        shipped = datetime.strptime(shipped, "%m/%d/%Y %H:%M:%S").date().isoformat()
    return [*row[:at], shipped, *row[at + 1 :]]
