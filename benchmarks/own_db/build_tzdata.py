"""The ``tzdata`` database: the IANA time zone database as Debian ships it — the 249
countries of ``iso3166.tab``, the 447 zones of ``tzdata.zi`` (each with its country,
position and comment from ``zone.tab`` where that file lists it), the 151 links (other
names of a zone), every zone's lines (the offset, rules and abbreviation it used until
a date), the 2,055 daylight-saving rules and the 28 leap seconds of
``leap-seconds.list``.

Debian's ``tzdata`` package (``apt-get download``, never installed) holds them under
``usr/share/zoneinfo/``.  ``tzdata.zi`` is the tz source in zic's compact form (``R``
rule, ``Z`` zone and its continuation lines, ``L`` link, abbreviated months and weekdays);
the builder writes its fields as the full source has them (``Oct``, ``lastSun``,
``Sun>=8``, ``only`` as the from year, ``max`` as missing) and splits a zone line's UNTIL
into year, month, day and time.  Rule names stay as ``tzdata.zi`` shortens them (``u``,
``E``).  ``zone.tab``'s coordinates (``+4230+00131``) become degrees.  The thirty-second
held-out database.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FOLDER = "./usr/share/zoneinfo/"
TABLES = (
    Table(name="country", primary_key=("code",)),
    Table(name="zone", primary_key=("name",),
          foreign_keys=((("country_code",), "country", ("code",)),)),
    Table(name="link", primary_key=("name",),
          foreign_keys=((("target",), "zone", ("name",)),
                        (("country_code",), "country", ("code",)))),
    Table(name="zone_line", primary_key=("zone", "line"),
          foreign_keys=((("zone",), "zone", ("name",)),)),
    Table(name="rule"),
    Table(name="leap_second", primary_key=("date",)),
)  # fmt: skip
_PLACE = ["country_code", "latitude", "longitude", "comments"]
COLUMNS = {
    "country": ["code", "name"],
    "zone": ["name", *_PLACE],
    "link": ["name", "target", *_PLACE],
    "zone_line": ["zone", "line", "stdoff", "rules", "format", "until_year", "until_month",
                  "until_day", "until_time"],
    "rule": ["name", "from_year", "to_year", "month", "day", "time", "save", "letter"],
    "leap_second": ["date", "ntp_time", "tai_minus_utc"],
}  # fmt: skip
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DAY = re.compile(r"^(last)?([A-Za-z]+)([<>]=\d+)?$")
_HOURS = re.compile(r"^(-?\d+)([a-z]?)$")
_COORDINATES = re.compile(r"^([+-]\d{4,6})([+-]\d{5,7})$")


def build_tzdata(archive: Path, target: Path) -> Path:
    """The SQLite file of the tz database's countries, zones, links, zone lines, rules and
    leap seconds."""
    rows = {
        "country": tab_rows(deb_member_text(archive, f"{_FOLDER}iso3166.tab")),
        "leap_second": leap_seconds(deb_member_text(archive, f"{_FOLDER}leap-seconds.list")),
    }
    places = {cells[2]: place(cells) for cells in tab_rows(_text(archive, "zone.tab"))}
    source = parse_source(_text(archive, "tzdata.zi"))
    rows["zone"] = [[name, *places.get(name, ["", "", "", ""])] for name in source.zones]
    rows["link"] = [[name, target, *places.get(name, ["", "", "", ""])]
                    for name, target in source.links]  # fmt: skip
    rows["zone_line"], rows["rule"] = source.lines, source.rules
    return write_tables(target, TABLES, COLUMNS, rows)


def _text(archive: Path, name: str) -> str:
    return deb_member_text(archive, _FOLDER + name)


def tab_rows(text: str) -> list[list[str]]:
    """The tab-separated rows of a ``.tab`` file, comments left out."""
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def place(cells: list[str]) -> list[str]:
    """A ``zone.tab`` row's country code, latitude, longitude (degrees) and comment."""
    match = _COORDINATES.match(cells[1])
    if match is None:
        raise ValueError(f"zone.tab: bad coordinates {cells[1]!r}")
    comment = cells[3] if len(cells) > 3 else ""
    return [cells[0], _degrees(match.group(1), 2), _degrees(match.group(2), 3), comment]


def _degrees(text: str, width: int) -> str:
    """``+4230`` (degrees, minutes, maybe seconds) as decimal degrees."""
    digits = text[1:]
    parts = [int(digits[:width]), int(digits[width : width + 2]), int(digits[width + 2 :] or 0)]
    value = parts[0] + parts[1] / 60 + parts[2] / 3600
    return str(round(-value if text[0] == "-" else value, 6))


def leap_seconds(text: str) -> list[list[str]]:
    """``leap-seconds.list``'s rows: the date (``# 1 Jan 1972``) as ISO, NTP time, TAI-UTC."""
    rows = []
    for line in text.splitlines():
        if line and not line.startswith("#"):
            fields, _, comment = line.partition("#")
            day, month, year = comment.split()
            date = f"{year}-{_MONTHS.index(month) + 1:02d}-{int(day):02d}"
            rows.append([date, *fields.split()])
    return rows


class Source:
    """``tzdata.zi`` read: zone names, zone lines, rules and links, in file order."""

    def __init__(self) -> None:
        self.zones: list[str] = []
        self.lines: list[list[str]] = []
        self.rules: list[list[str]] = []
        self.links: list[tuple[str, str]] = []

    def add_zone_line(self, fields: list[str]) -> None:
        """A zone's line (``STDOFF RULES FORMAT [UNTIL]``), numbered within its zone."""
        stdoff, rules, form, *until = fields
        rules = rules if rules == "-" or rules[0].isalpha() else clock(rules)
        previous = self.lines[-1] if self.lines else None
        number = int(previous[1]) + 1 if previous and previous[0] == self.zones[-1] else 1
        until_cells = [*until, "", "", "", ""][:4]
        if until_cells[1]:
            until_cells[1] = month(until_cells[1])
        if until_cells[2]:
            until_cells[2] = day(until_cells[2])
        if until_cells[3]:
            until_cells[3] = clock(until_cells[3])
        self.lines.append([self.zones[-1], str(number), clock(stdoff), rules, form, *until_cells])


def parse_source(text: str) -> Source:
    """Zones, their lines, rules and links out of zic's compact source."""
    source = Source()
    for line in text.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if fields[0] == "R":
            source.rules.append(rule(fields[1:]))
        elif fields[0] == "L":
            source.links.append((fields[2], fields[1]))
        elif fields[0] == "Z":
            source.zones.append(fields[1])
            source.add_zone_line(fields[2:])
        else:
            source.add_zone_line(fields)
    return source


def rule(fields: list[str]) -> list[str]:
    """``NAME FROM TO - IN ON AT SAVE LETTER``: a TO of ``o`` (only) as FROM, ``ma``
    (max) missing, month, day, time and saving spelt out."""
    name, start, end, _, in_month, on_day, at, save, letter = fields
    to_year = start if end == "o" else "" if end == "ma" else end
    return [name, start, to_year, month(in_month), day(on_day), clock(at), clock(save), letter]


def clock(text: str) -> str:
    """A time or offset as the full source writes it: ``2`` as ``2:00``, ``23u`` as
    ``23:00u``; ``5:30`` and ``-4:56:2`` as they are."""
    match = _HOURS.match(text)
    return f"{match.group(1)}:00{match.group(2)}" if match else text


def month(text: str) -> str:
    """An abbreviated month (``O``, ``Ap``, ``Ja``) as its three letters (``Oct``)."""
    return _unique(text, _MONTHS)


def day(text: str) -> str:
    """A day of a rule (``14``, ``lastSu``, ``Su>=1``) with the weekday spelt out
    (``lastSun``, ``Sun>=1``)."""
    if text.isdigit():
        return text
    match = _DAY.match(text)
    if match is None:
        raise ValueError(f"tzdata.zi: bad day {text!r}")
    last, weekday, bound = match.groups()
    return f"{last or ''}{_unique(weekday, _WEEKDAYS)}{bound or ''}"


def _unique(prefix: str, names: tuple[str, ...]) -> str:
    found = [name for name in names if name.lower().startswith(prefix.lower())]
    if len(found) != 1:
        raise ValueError(f"tzdata.zi: {prefix!r} names no single one of {names}")
    return found[0]
