"""The ``wacom`` database: libwacom's catalogue of graphics tablets, pen displays and the pen
sensors built into laptops and convertibles — each device with its size, class, features
and the USB, Bluetooth, I2C or serial ids it is matched by, the buttons of its pad, and
the styli (pens, erasers, airbrushes, pucks, lenses) with the axes they report and which
device supports which.

Debian's ``libwacom-common`` (``apt-get download``, never installed) holds them as
``usr/share/libwacom/*.tablet`` (one INI-like file per device) and ``libwacom.stylus`` (one
section per stylus id), the files libwacom, GNOME's and KDE's tablet settings read.  Names
are the files' own: the ``[Device]`` and ``[Features]`` keys (``ModelName``,
``IntegratedIn``, ``NumStrips``, ``RingNumModes``...), a stylus's ``Group``,
``EraserType``, ``PairedStylusIds``, ``HasLens``.  A device is keyed by its file's name; a
``[Features]`` key a file leaves out (and a stylus's ``HasLens``, ``HasWheel``) takes
libwacom's default (``false``, 0); an empty ``IntegratedIn`` is NULL.  A device's
``Styli`` list names stylus ids and ``@groups``: each group is expanded to the styli of that
``Group``.  Its ``DeviceMatch`` list becomes device_matches
(``bus:vendor:product[:name]``); its pad's buttons (A, B, C... up to its ``Buttons`` count)
become tablet_buttons, with the side they sit on, the evdev code they send
(``EvdevCodes``, in letter order), the ring or strip whose modes they switch and whether
they have an OLED label.  A stylus's ``Axes`` become stylus_axes.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/libwacom/"
_TABLET = (("tablet",), "tablets", ("file",))
_STYLUS = (("stylus",), "styli", ("id",))
TABLES = (
    Table(name="tablets", primary_key=("file",)),
    Table(name="device_matches", foreign_keys=(_TABLET,)),
    Table(name="tablet_buttons", primary_key=("tablet", "button"), foreign_keys=(_TABLET,)),
    Table(name="styli", primary_key=("id",)),
    Table(name="stylus_axes", primary_key=("stylus", "axis"), foreign_keys=(_STYLUS,)),
    Table(name="tablet_styli", primary_key=("tablet", "stylus"),
          foreign_keys=(_TABLET, _STYLUS)),
)  # fmt: skip
_DEVICE = ["Name", "ModelName", "Class", "Width", "Height", "IntegratedIn", "Layout",
           "PairedID"]  # fmt: skip
_FEATURES = {"Stylus": "false", "Touch": "false", "TouchSwitch": "false",
             "Reversible": "false", "Buttons": "0", "Ring": "false", "Ring2": "false",
             "NumStrips": "0", "StatusLEDs": ""}  # fmt: skip
_MODES = ["RingNumModes", "Ring2NumModes", "StripsNumModes"]
_SIDES = ("Left", "Right", "Top", "Bottom")
_SWITCHES = ("Ring", "Ring2", "Touchstrip", "Touchstrip2")
_STYLUS_KEYS = ["Name", "Group", "Type", "Buttons", "EraserType", "HasLens", "HasWheel",
                "PairedStylusIds"]  # fmt: skip
_STYLUS_DEFAULTS = {"HasLens": "false", "HasWheel": "false"}
COLUMNS = {
    "tablets": ["file", *_DEVICE, *_FEATURES, *_MODES],
    "device_matches": ["tablet", "bus", "vendor_id", "product_id", "name"],
    "tablet_buttons": ["tablet", "button", "position", "EvdevCode", "ModeSwitch", "OLED"],
    "styli": ["id", *_STYLUS_KEYS],
    "stylus_axes": ["stylus", "axis"],
    "tablet_styli": ["tablet", "stylus"],
}
Sections = dict[str, dict[str, str]]


def build_wacom(archive: Path, target: Path) -> Path:
    """The SQLite file of libwacom-common's devices, their matches, buttons and styli."""
    texts = deb_member_texts(archive, lambda path: path.startswith(_DIR))
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    styli = parse_sections(texts[_DIR + "libwacom.stylus"])
    for stylus_id, keys in styli.items():
        cells = [_list(keys.get(k, _STYLUS_DEFAULTS.get(k, ""))) for k in _STYLUS_KEYS]
        rows["styli"].append([stylus_id, *cells])
        for axis in _items(keys.get("Axes", "")):
            rows["stylus_axes"].append([stylus_id, axis])
    for path, text in texts.items():
        if path.endswith(".tablet"):
            add_tablet(rows, path.removeprefix(_DIR), parse_sections(text), styli)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_is_code)


def parse_sections(text: str) -> Sections:
    """An INI-like file's ``[section]`` keys and values (comments left out, case kept)."""
    sections: Sections = {}
    current: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if match := re.fullmatch(r"\[(.+)\]", line):
            current = sections.setdefault(match.group(1), {})
        elif line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            current[key.strip()] = value.strip()
    return sections


def add_tablet(rows: dict[str, list[list[str]]], file: str, tablet: Sections,
               styli: Sections) -> None:  # fmt: skip
    """A device's row, its matches, its pad's buttons and the styli it supports."""
    device, features = tablet.get("Device", {}), tablet.get("Features", {})
    buttons = tablet.get("Buttons", {})
    paired = device.get("PairedID") or device.get("PairedIDs", "")
    cells = [_list(paired) if k == "PairedID" else _list(device.get(k, "")) for k in _DEVICE]
    own = [_list(features.get(k, default)) for k, default in _FEATURES.items()]
    modes = [buttons.get(k, "") for k in _MODES]
    rows["tablets"].append([file, *cells, *own, *modes])
    for match in _items(device.get("DeviceMatch", "")):
        bus, vendor, product, name = [*match.split(":", 3), "", "", ""][:4]
        rows["device_matches"].append([file, bus, vendor, product, name])
    count = int(features.get("Buttons", "0"))
    for button in button_rows(buttons, count):
        rows["tablet_buttons"].append([file, *button])
    for stylus in expand_styli(device.get("Styli", ""), styli):
        rows["tablet_styli"].append([file, stylus])


def button_rows(buttons: dict[str, str], count: int) -> list[list[str]]:
    """The pad's buttons A, B, C... with their side, evdev code, mode switch and OLED."""
    codes = _items(buttons.get("EvdevCodes", ""))
    oleds = set(_items(buttons.get("OLEDs", "")))
    found = []
    for index, letter in enumerate(string.ascii_uppercase[:count]):
        side = next((s for s in _SIDES if letter in _items(buttons.get(s, ""))), "")
        switch = next((s for s in _SWITCHES if letter in _items(buttons.get(s, ""))), "")
        code = codes[index] if index < len(codes) else ""
        found.append([letter, side, code, switch, "true" if letter in oleds else "false"])
    return found


def expand_styli(listed: str, styli: Sections) -> list[str]:
    """The stylus ids of a device's ``Styli`` list, each ``@group`` expanded, in order."""
    found: list[str] = []
    for item in _items(listed):
        if item.startswith("@"):
            found += [i for i, keys in styli.items() if keys.get("Group") == item[1:]]
        else:
            found.append(item)
    return list(dict.fromkeys(found))


def _items(value: str) -> list[str]:
    return [item.strip() for item in value.split(";") if item.strip()]


def _list(value: str) -> str:
    return ";".join(_items(value))


def _is_code(column: str) -> bool:
    return column in {"vendor_id", "product_id", "id", "stylus", "EvdevCode"}
