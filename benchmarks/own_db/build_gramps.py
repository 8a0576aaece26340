"""The ``gramps`` database: the example family tree of Gramps, the genealogy program — the
fictional Garner family and its relatives (2,157 people in 762 families, from the 1500s
to the 2000s), their births, deaths, burials and marriages, and the places where those
happened (American cities, counties and states, with their coordinates).

Debian's ``gramps`` package (``apt-get download``, never installed) holds it as
``usr/share/doc/gramps/example/gramps/example.gramps``, Gramps' own XML.  It is built
under Gramps' names, lowercase words run together (``childref``, ``dateval``,
``enclosedby``): Gramps' ids (``I0552``, ``F0372``, ``E0000``, ``P0852``) are the keys,
its internal handles and the sources and citations (the same "Import from test2.ged"
for every record) are left out.  Each person keeps the first (birth) name; a dated event
keeps its date as Gramps writes it (``1987-08-29``, ``1897-03`` or ``1860``), a range or
span its start, and how exact it is in ``datetype`` (``about``, ``before``, ``after``,
``between``, ``from``).  The eighth held-out database, chosen with pokedex, before
either was run.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_EXAMPLE = "./usr/share/doc/gramps/example/gramps/example.gramps"
_NS = {"g": "http://gramps-project.org/xml/1.7.1/"}

_PERSON = ("person",), "person", ("id",)
_FAMILY = ("family",), "family", ("id",)
_EVENT = ("event",), "event", ("id",)
TABLES = (
    Table(name="place", primary_key=("id",),
          foreign_keys=((("enclosedby",), "place", ("id",)),)),
    Table(name="person", primary_key=("id",)),
    Table(name="family", primary_key=("id",), foreign_keys=(
        (("father",), "person", ("id",)), (("mother",), "person", ("id",)))),
    Table(name="childref", primary_key=("family", "child"), foreign_keys=(
        _FAMILY, (("child",), "person", ("id",)))),
    Table(name="event", primary_key=("id",), foreign_keys=((("place",), "place", ("id",)),)),
    Table(name="personevent", primary_key=("person", "event"), foreign_keys=(_PERSON, _EVENT)),
    Table(name="familyevent", primary_key=("family", "event"), foreign_keys=(_FAMILY, _EVENT)),
)  # fmt: skip
COLUMNS = {
    "place": ["id", "name", "title", "type", "enclosedby", "lat", "long"],
    "person": ["id", "first", "surname", "gender"],
    "family": ["id", "father", "mother", "rel"],
    "childref": ["family", "child", "frel", "mrel"],
    "event": ["id", "type", "dateval", "datetype", "place", "description"],
    "personevent": ["person", "event", "role"],
    "familyevent": ["family", "event", "role"],
}


def build_gramps(archive: Path, target: Path) -> Path:
    """The SQLite file of the example family tree, from the package's XML."""
    return write_tables(target, TABLES, COLUMNS, parse_tree(_example_text(archive)))


def parse_tree(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing) from a Gramps XML document."""
    root = ElementTree.fromstring(text)
    ids = {e.get("handle"): e.get("id", "") for e in root.iter() if e.get("handle")}

    def ref(element: ElementTree.Element, path: str) -> str:
        found = element.find(path, _NS)
        return "" if found is None else ids.get(found.get("hlink"), "")

    def attribute(element: ElementTree.Element, path: str, name: str) -> str:
        found = element.find(path, _NS)
        return "" if found is None else found.get(name, "")

    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for place in root.iterfind("g:places/g:placeobj", _NS):
        label, title = attribute(place, "g:pname", "value"), place.findtext("g:ptitle", "", _NS)
        lat, long = attribute(place, "g:coord", "lat"), attribute(place, "g:coord", "long")
        enclosing = ref(place, "g:placeref")
        rows["place"].append([place.get("id", ""), label, title, place.get("type", ""),
                              enclosing, lat, long])  # fmt: skip
    for person in root.iterfind("g:people/g:person", _NS):
        name = person.find("g:name", _NS)  # the first: the birth name
        first = "" if name is None else name.findtext("g:first", "", _NS)
        surname = "" if name is None else name.findtext("g:surname", "", _NS)
        gender = person.findtext("g:gender", "", _NS)
        rows["person"].append([person.get("id", ""), first, surname, gender])
        for event in person.iterfind("g:eventref", _NS):
            role = event.get("role", "")
            rows["personevent"].append([person.get("id", ""), ids[event.get("hlink")], role])
    for family in root.iterfind("g:families/g:family", _NS):
        key, rel = family.get("id", ""), attribute(family, "g:rel", "type")
        rows["family"].append([key, ref(family, "g:father"), ref(family, "g:mother"), rel])
        for child in family.iterfind("g:childref", _NS):
            relation = [child.get("frel", ""), child.get("mrel", "")]
            rows["childref"].append([key, ids[child.get("hlink")], *relation])
        for event in family.iterfind("g:eventref", _NS):
            rows["familyevent"].append([key, ids[event.get("hlink")], event.get("role", "")])
    for event in root.iterfind("g:events/g:event", _NS):
        kind, where = event.findtext("g:type", "", _NS), ref(event, "g:place")
        description = event.findtext("g:description", "", _NS)
        rows["event"].append([event.get("id", ""), kind, *_date(event), where, description])
    return rows


def _date(event: ElementTree.Element) -> tuple[str, str]:
    """An event's date as Gramps writes it and how exact it is (a range's or span's start)."""
    date = event.find("g:dateval", _NS)
    if date is not None:
        return date.get("val", ""), date.get("type", "")
    for tag, kind in (("g:daterange", "between"), ("g:datespan", "from")):
        date = event.find(tag, _NS)
        if date is not None:
            return date.get("start", ""), kind
    return "", ""


def _example_text(archive: Path) -> str:
    return deb_member_text(archive, _EXAMPLE)
