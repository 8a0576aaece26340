"""The ``hamclubs`` database: amateur radio clubs and their members' call signs, as the
CQRLOG logbook ships them to mark a contacted station's memberships — with the operators'
first names and grid locators, the QSL managers, the users of ARRL's Logbook of The World
and eQSL's Authenticity Guaranteed members, the DXCC countries (current and deleted), the
U.S. states, the IOTA island groups and the contests CQRLOG knows.

Debian's ``cqrlog-data`` package (``apt-get download``, never installed) holds them under
``usr/share/cqrlog/``: ``members/<list>.txt`` (a club's abbreviation, its name, then one
``CALL;NUMBER[;FROM;TO]`` line a member; a few lists carry no number, two put the number
first, one has no heading), ``members/opnames.txt`` and ``members/qthloc.txt`` (call;name,
call;locator), and under ``ctyfiles/``: ``Country.tab`` and ``CountryDel.tab`` (``|``
separated: prefix, name, continent, UTC offset, latitude, longitude, ITU zone, CQ zone, ADIF
number, deleted mark, validity), ``us_states.tab``, ``iota.tbl``, ``qslmgr.csv``,
``lotw1.txt``, ``eqsl.txt`` and ``ContestName.tab``.  The files have no column names: the
columns take CQRLOG's short ones (``pref``, ``cont``, ``longit``, ``waz``, ``adif``, ``nr``).
Values stay as the files write them (``41.9055N``, ``1947-00``, ``-`` for an open end); the
lists that are no club (operator names, locators, FOC's names, the U.S. states' list) are
kept out of ``clubs``, the last two not read at all.  A call sign repeated in a keyed list
(the locators have six) is kept once, the first.
"""

from __future__ import annotations

from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_ROOT = "./usr/share/cqrlog/"
_NOT_CLUBS = {"opnames", "qthloc", "foc_names", "was"}
_NUMBER_FIRST = {"epc", "udxc"}  # NUMBER;CALL
TABLES = (
    Table(name="clubs", primary_key=("list",)),
    Table(name="members", foreign_keys=((("list",), "clubs", ("list",)),)),
    Table(name="opnames", primary_key=("callsign",)),
    Table(name="qthloc", primary_key=("callsign",)),
    Table(name="qsl_managers"),
    Table(name="countries", primary_key=("adif",)),
    Table(name="deleted_countries"),
    Table(name="us_states", primary_key=("state",),
          foreign_keys=((("adif",), "countries", ("adif",)),)),
    Table(name="iota"),
    Table(name="lotw_users", primary_key=("callsign",)),
    Table(name="eqsl_ag", primary_key=("callsign",)),
    Table(name="contests", primary_key=("contest_id",)),
)  # fmt: skip
_COUNTRY = ["pref", "name", "cont", "utc", "lat", "longit", "itu", "waz", "adif", "valid"]
COLUMNS = {
    "clubs": ["list", "abbreviation", "name"],
    "members": ["list", "callsign", "nr", "from_date", "to_date"],
    "opnames": ["callsign", "name"],
    "qthloc": ["callsign", "loc"],
    "qsl_managers": ["callsign", "qsl_manager", "updated"],
    "countries": _COUNTRY,
    "deleted_countries": _COUNTRY,
    "us_states": ["pref", "name", "state", "cont", "utc", "itu", "waz", "lat", "longit", "adif"],
    "iota": ["iota", "name", "pref", "pattern"],
    "lotw_users": ["callsign"],
    "eqsl_ag": ["callsign"],
    "contests": ["contest_id", "contest_name"],
}
_TEXT = {"nr", "pref", "utc", "callsign", "name", "abbreviation"}


def build_hamclubs(archive: Path, target: Path) -> Path:
    """The SQLite file of CQRLOG's club lists, operators, QSL managers and country files."""
    texts = deb_member_texts(archive, _wanted)
    files = {path.removeprefix(_ROOT): text for path, text in texts.items()}
    rows = {**read_clubs(files), **read_lookups(files), **read_countries(files)}
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=lambda c: c in _TEXT)


def _wanted(path: str) -> bool:
    """The member lists and country files (not the help, images, or the link to a file
    another package ships)."""
    folder = path.removeprefix(_ROOT).split("/")[0]
    return folder in {"members", "ctyfiles"} and path.endswith((".txt", ".tab", ".tbl", ".csv"))


def read_clubs(files: dict[str, str]) -> dict[str, list[list[str]]]:
    """The clubs (one a member list) and their members, list by list."""
    clubs: list[list[str]] = []
    members: list[list[str]] = []
    for path, text in files.items():
        name = path.removeprefix("members/").removesuffix(".txt")
        if not path.startswith("members/") or name in _NOT_CLUBS:
            continue
        lines = [line.strip() for line in text.lstrip("\ufeff").splitlines()]
        heading = lines[:2] if lines and ";" not in lines[0] else ["", ""]
        clubs.append([name, *heading])
        body = lines[2:] if heading[0] else lines
        members += [[name, *_member(line, name in _NUMBER_FIRST)] for line in body if line]
    return {"clubs": clubs, "members": members}


def _member(line: str, number_first: bool) -> list[str]:
    """A member line's call sign, number, first and last valid dates (``""``: none)."""
    fields = [f.strip() for f in line.split(";")] if ";" in line else line.split()
    if number_first:
        fields[:2] = fields[1::-1]
    return [*fields, "", "", "", ""][:4]


def read_lookups(files: dict[str, str]) -> dict[str, list[list[str]]]:
    """Operators' names and locators, QSL managers, LoTW users, eQSL AG members, contests."""
    return {
        "opnames": _unique(_split(files["members/opnames.txt"], ";", 2)),
        "qthloc": _unique(_split(files["members/qthloc.txt"], ";", 2)),
        "qsl_managers": [row for row in _split(files["ctyfiles/qslmgr.csv"], ";") if row[0]],
        "lotw_users": _unique([[c] for c in files["ctyfiles/lotw1.txt"].split() if c]),
        "eqsl_ag": _unique(_split(files["ctyfiles/eqsl.txt"], ";", 1)),
        "contests": _split(files["ctyfiles/ContestName.tab"], "|"),
    }


def read_countries(files: dict[str, str]) -> dict[str, list[list[str]]]:
    """The DXCC countries (current, deleted), U.S. states and IOTA groups."""
    countries = _split(files["ctyfiles/Country.tab"], "|")
    deleted = _split(files["ctyfiles/CountryDel.tab"], "|")
    iota = [[*row, ""][:4] for row in _split(files["ctyfiles/iota.tbl"], "|")]
    return {
        "countries": [row[:9] + row[10:] for row in countries],
        "deleted_countries": [row[:9] + row[10:] for row in deleted],
        "us_states": _split(files["ctyfiles/us_states.tab"], "|"),
        "iota": iota,
    }


def _split(text: str, separator: str, heading: int = 0) -> list[list[str]]:
    """The file's non-empty lines after ``heading`` lines, split into stripped fields."""
    lines = text.lstrip("\ufeff").splitlines()[heading:]
    return [[f.strip() for f in line.split(separator)] for line in lines if line.strip()]


def _unique(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` with a repeated call sign (the first column) kept once, the first."""
    seen: set[str] = set()
    kept = []
    for row in rows:
        if row[0] not in seen:
            seen.add(row[0])
            kept.append(row)
    return kept
