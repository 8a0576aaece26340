"""The ``timetable`` database: a school's weekly timetable from the examples of FET, the free
timetabling program — an international secondary school (years 7 to 13, IGCSE/GCSE and IB
Diploma classes) in the United Arab Emirates, 2016: its 104 teachers (anonymised as
``Teacher001``...), its subjects (one per class, ``07A Art``, ``13 HL Biology``), its 102
rooms with their capacities, its years, groups and subgroups of students, and its 1585
lessons (FET's activities), each with its teachers, students, subject tags, and the day,
period and room it is placed in.

Debian's ``fet-data`` package (``apt-get download``, never installed) holds it as
``usr/share/doc/fet-data/examples/FET-5-official/United-Arab-Emirates/IBDP-School-2016.fet``,
FET's XML.  It is built under FET's names (``Activities``, ``Activity_Group_Id``,
``Total_Duration``, ``Number_of_Students``): each list is a table, a lesson's teachers,
students and tags link tables.  A lesson's day, period and room are its locked
``ConstraintActivityPreferredStartingTime`` and ``ConstraintActivityPreferredRoom`` (every
lesson has one time, all but one a room).  Other constraints, comments and the rooms'
empty buildings are left out.  The fourteenth held-out database.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_SAMPLE = (
    "./usr/share/doc/fet-data/examples/FET-5-official/United-Arab-Emirates/IBDP-School-2016.fet"
)
_ACTIVITY = (("Activity_Id",), "Activities", ("Id",))
TABLES = (
    Table(name="Days", primary_key=("Name",)),
    Table(name="Hours", primary_key=("Name",)),
    Table(name="Teachers", primary_key=("Name",)),
    Table(name="Subjects", primary_key=("Name",)),
    Table(name="Activity_Tags", primary_key=("Name",)),
    Table(name="Rooms", primary_key=("Name",)),
    Table(name="Students_Sets", primary_key=("Name",),
          foreign_keys=((("Parent",), "Students_Sets", ("Name",)),)),
    Table(name="Activities", primary_key=("Id",), foreign_keys=(
        (("Subject",), "Subjects", ("Name",)), (("Day",), "Days", ("Name",)),
        (("Hour",), "Hours", ("Name",)), (("Room",), "Rooms", ("Name",)))),
    Table(name="Activities_Teachers", primary_key=("Activity_Id", "Teacher"),
          foreign_keys=(_ACTIVITY, (("Teacher",), "Teachers", ("Name",)))),
    Table(name="Activities_Students", primary_key=("Activity_Id", "Students"),
          foreign_keys=(_ACTIVITY, (("Students",), "Students_Sets", ("Name",)))),
    Table(name="Activities_Tags", primary_key=("Activity_Id", "Activity_Tag"),
          foreign_keys=(_ACTIVITY, (("Activity_Tag",), "Activity_Tags", ("Name",)))),
)  # fmt: skip
COLUMNS = {
    "Days": ["Name", "Number"],
    "Hours": ["Name", "Number"],
    "Teachers": ["Name"],
    "Subjects": ["Name"],
    "Activity_Tags": ["Name", "Printable"],
    "Rooms": ["Name", "Capacity"],
    "Students_Sets": ["Name", "Type", "Parent", "Number_of_Students"],
    "Activities": ["Id", "Activity_Group_Id", "Subject", "Duration", "Total_Duration", "Day",
                   "Hour", "Room"],
    "Activities_Teachers": ["Activity_Id", "Teacher"],
    "Activities_Students": ["Activity_Id", "Students"],
    "Activities_Tags": ["Activity_Id", "Activity_Tag"],
}  # fmt: skip


def build_timetable(archive: Path, target: Path) -> Path:
    """The SQLite file of FET's example school timetable, from the package's XML."""
    return write_tables(target, TABLES, COLUMNS, parse_sample(_sample_text(archive)))


def parse_sample(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing) from a FET XML document."""
    root = ElementTree.fromstring(text)
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for table, element in (("Days", "Day"), ("Hours", "Hour")):
        for number, item in enumerate(root.iterfind(f"{table}_List/{element}"), start=1):
            rows[table].append([_text(item, "Name"), str(number)])
    for table, path in (("Teachers", "Teachers_List/Teacher"),
                        ("Subjects", "Subjects_List/Subject"),
                        ("Activity_Tags", "Activity_Tags_List/Activity_Tag"),
                        ("Rooms", "Rooms_List/Room")):  # fmt: skip
        for item in root.iterfind(path):
            rows[table].append([_text(item, column) for column in COLUMNS[table]])
    _students(root.find("Students_List"), "", rows["Students_Sets"])
    _activities(root, rows)
    return rows


def _students(parent: ElementTree.Element | None, name: str, rows: list[list[str]]) -> None:
    """The years, their groups and the groups' subgroups, each under its parent."""
    for item in parent if parent is not None else ():
        if item.tag in ("Year", "Group", "Subgroup"):
            own = _text(item, "Name")
            rows.append([own, item.tag, name, _text(item, "Number_of_Students")])
            _students(item, own, rows)


def _activities(root: ElementTree.Element, rows: dict[str, list[list[str]]]) -> None:
    """The lessons with their locked day, period and room, and their link rows."""
    times = {
        _text(item, "Activity_Id"): (_text(item, "Preferred_Day"), _text(item, "Preferred_Hour"))
        for item in root.iterfind("Time_Constraints_List/ConstraintActivityPreferredStartingTime")
    }
    rooms = {
        _text(item, "Activity_Id"): _text(item, "Room")
        for item in root.iterfind("Space_Constraints_List/ConstraintActivityPreferredRoom")
    }
    for item in root.iterfind("Activities_List/Activity"):
        key = _text(item, "Id")
        day, hour = times.get(key, ("", ""))
        columns = ("Activity_Group_Id", "Subject", "Duration", "Total_Duration")
        rows["Activities"].append(
            [key, *(_text(item, c) for c in columns), day, hour, rooms.get(key, "")]
        )
        for table, element in (("Activities_Teachers", "Teacher"),
                               ("Activities_Students", "Students"),
                               ("Activities_Tags", "Activity_Tag")):  # fmt: skip
            for name in dict.fromkeys(e.text or "" for e in item.iterfind(element)):
                rows[table].append([key, name])


def _text(item: ElementTree.Element, tag: str) -> str:
    return (item.findtext(tag) or "").strip()


def _sample_text(archive: Path) -> str:
    return deb_member_text(archive, _SAMPLE)
