"""The ``xkb`` database: the keyboard configuration registry of the X Keyboard Extension
(XKB), as xkeyboard-config ships it — the keyboard models with their vendors, the keyboard
layouts with the countries and languages each is meant for, every layout's variants (with
their languages), and the groups of keyboard options (Caps Lock behaviour, layout
switching, Compose key...) with their options.

Debian's ``xkb-data`` (``apt-get download``, never installed) holds them as
``usr/share/X11/xkb/rules/base.xml`` (the usual entries) and ``base.extras.xml`` (the rarer
ones, each marked ``popularity="exotic"``), the registry desktop keyboard settings read.
Names are the files' own: a ``configItem``'s ``name``, ``shortDescription``,
``description`` and ``vendor``, its ``countryList``'s ``iso3166Id`` and ``languageList``'s
``iso639Id`` values, a group's ``allowMultipleSelection``; ``popularity`` is the DTD's
default ``standard`` where the file gives none.  A layout of base.extras.xml already in
base.xml only adds its variants (its countries and languages are the same); the one model
with a USB id (``hwList``) and the two variants with countries of their own
(``countryList``) keep neither.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_bytes

_RULES = "./usr/share/X11/xkb/rules/"
_LAYOUT = (("layout",), "layouts", ("name",))
TABLES = (
    Table(name="models", primary_key=("name",)),
    Table(name="layouts", primary_key=("name",)),
    Table(name="variants", primary_key=("layout", "name"), foreign_keys=(_LAYOUT,)),
    Table(name="layout_countries", primary_key=("layout", "iso3166Id"), foreign_keys=(_LAYOUT,)),
    Table(name="layout_languages", primary_key=("layout", "iso639Id"), foreign_keys=(_LAYOUT,)),
    Table(name="variant_languages", primary_key=("layout", "variant", "iso639Id"),
          foreign_keys=(_LAYOUT, (("layout", "variant"), "variants", ("layout", "name")))),
    Table(name="option_groups", primary_key=("name",)),
    Table(name="options", primary_key=("name",),
          foreign_keys=((("group_name",), "option_groups", ("name",)),)),
)  # fmt: skip
COLUMNS = {
    "models": ["name", "description", "vendor"],
    "layouts": ["name", "shortDescription", "description", "popularity"],
    "variants": ["layout", "name", "shortDescription", "description", "popularity"],
    "layout_countries": ["layout", "iso3166Id"],
    "layout_languages": ["layout", "iso639Id"],
    "variant_languages": ["layout", "variant", "iso639Id"],
    "option_groups": ["name", "description", "allowMultipleSelection"],
    "options": ["name", "group_name", "description", "popularity"],
}


def build_xkb(archive: Path, target: Path) -> Path:
    """The SQLite file of xkb-data's models, layouts, variants and options."""
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for file in ("base.xml", "base.extras.xml"):
        root = ET.fromstring(deb_member_bytes(archive, _RULES + file))
        for model in root.iterfind("modelList/model/configItem"):
            rows["models"].append(_cells(model, COLUMNS["models"]))
        for layout in root.iterfind("layoutList/layout"):
            add_layout(rows, layout)
        for group in root.iterfind("optionList/group"):
            add_group(rows, group)
    return write_tables(target, TABLES, COLUMNS, rows)


def add_layout(rows: dict[str, list[list[str]]], layout: ET.Element) -> None:
    """A layout's row, countries and languages (unless an earlier file gave them) and those
    of its variants (but for one an earlier file gave: base.extras.xml repeats ``tr``'s
    ``otk``)."""
    item = _item(layout)
    name = _text(item, "name")
    if name not in {row[0] for row in rows["layouts"]}:
        rows["layouts"].append(_cells(item, COLUMNS["layouts"]))
        for country in _codes(item, "countryList/iso3166Id"):
            rows["layout_countries"].append([name, country])
        for language in _codes(item, "languageList/iso639Id"):
            rows["layout_languages"].append([name, language])
    known = {(row[0], row[1]) for row in rows["variants"]}
    for variant in layout.iterfind("variantList/variant"):
        own = _item(variant)
        if (name, _text(own, "name")) in known:
            continue
        rows["variants"].append([name, *_cells(own, COLUMNS["variants"][1:])])
        for language in _codes(own, "languageList/iso639Id"):
            rows["variant_languages"].append([name, _text(own, "name"), language])


def add_group(rows: dict[str, list[list[str]]], group: ET.Element) -> None:
    """An option group's row (unless an earlier file gave it) and those of its options."""
    item = _item(group)
    name = _text(item, "name")
    if name not in {row[0] for row in rows["option_groups"]}:
        multiple = group.get("allowMultipleSelection", "false")
        rows["option_groups"].append([name, _text(item, "description"), multiple])
    for option in group.iterfind("option"):
        own = _item(option)
        cells = [_text(own, "name"), name, _text(own, "description"), _popularity(own)]
        rows["options"].append(cells)


def _item(element: ET.Element) -> ET.Element:
    item = element.find("configItem")
    assert item is not None
    return item


def _cells(item: ET.Element, columns: list[str]) -> list[str]:
    return [_popularity(item) if c == "popularity" else _text(item, c) for c in columns]


def _popularity(item: ET.Element) -> str:
    return item.get("popularity", "standard")


def _text(item: ET.Element, tag: str) -> str:
    return (item.findtext(tag) or "").strip()


def _codes(item: ET.Element, path: str) -> list[str]:
    return list(dict.fromkeys((code.text or "").strip() for code in item.iterfind(path)))
