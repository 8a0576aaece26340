"""The ``foomatic`` database: OpenPrinting's Foomatic printer database — some six thousand
printers (make, model, print mechanism, colour, resolution, the page description languages
they speak, how well they work under Linux and the driver recommended for them), the
Ghostscript and filter drivers with the printers each supports, and the options the drivers
offer (resolution, paper, quality...) with their choices and where each applies.

Debian's ``foomatic-db`` (``apt-get download``, never installed) holds them as XML files
under ``usr/share/foomatic/db/source/``: ``printer/*.xml`` (one per printer),
``driver/*.xml`` (one per driver, with its ``<printers>`` list) and ``opt/*.xml`` (one per
option, with its ``<constraints>`` and ``<enum_vals>``). Names are the files' own where they
have one: a printer's ``functionality`` grade (A, B, D, F), a driver's ``maxresx``,
``thirdpartysupplied``, an option's ``arg_shortname``, ``arg_order``, ``arg_spot``, a
choice's ``ev_shortname``, ``ev_driverval``. A printer and an option are keyed by their
file's name (two printer files carry one ``id``; an option's file name is its ``id`` without
``opt/`` but for a few); references and choice ids lose their ``printer/``, ``opt/``,
``ev/`` prefixes (a choice id is not unique: options share ids, and one option lists an id
twice). A flag element (``<color />``, ``<thirdpartysupplied />``) is 1 when present, else
0; a missing value is NULL. A comment's HTML markup is stripped and its white space folded.
A printer's ``<lang>`` entries become printer_languages (with the ``level`` attribute), its
``<drivers>`` list printer_drivers (with the PPD file, when one is named); a driver's
``<printers>`` list becomes driver_printers; an option's own constraints (not its choices')
become option_constraints.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/foomatic/db/source/"
_PRINTER = (("printer",), "printers", ("id",))
TABLES = (
    Table(name="printers", primary_key=("id",)),
    Table(name="printer_languages", primary_key=("printer", "language"),
          foreign_keys=(_PRINTER,)),
    Table(name="printer_drivers", foreign_keys=(_PRINTER,)),
    Table(name="drivers", primary_key=("name",)),
    Table(name="driver_printers", foreign_keys=((("driver",), "drivers", ("name",)),)),
    Table(name="options", primary_key=("id",)),
    Table(name="option_choices", foreign_keys=((("option",), "options", ("id",)),)),
    Table(name="option_constraints", foreign_keys=((("option",), "options", ("id",)),)),
)  # fmt: skip
_MECHANISMS = ("laser", "inkjet", "dotmatrix", "led", "impact", "sublimation", "transfer")
_RATINGS = ["maxresx", "maxresy", "text", "lineart", "graphics", "photo", "speed"]
_EXECUTIONS = ("ghostscript", "filter", "ijs", "uniprint", "postscript")
_STYLES = ("substitution", "pjl", "postscript", "composite", "forced_composite")
COLUMNS = {
    "printers": ["id", "make", "model", "mechanism", "color", "dpi_x", "dpi_y",
                 "functionality", "driver", "url", "ieee1284", "comments"],
    "printer_languages": ["printer", "language", "level"],
    "printer_drivers": ["printer", "driver", "ppd"],
    "drivers": ["name", "url", "supplier", "license", "execution", "thirdpartysupplied",
                "nopjl", "color", *_RATINGS, "shortdescription", "prototype", "comments"],
    "driver_printers": ["driver", "printer", "comment"],
    "options": ["id", "type", "arg_shortname", "arg_longname", "arg_group", "arg_order",
                "arg_spot", "arg_style", "arg_proto", "arg_min", "arg_max"],
    "option_choices": ["id", "option", "ev_shortname", "ev_longname", "ev_driverval"],
    "option_constraints": ["option", "sense", "make", "driver", "printer", "arg_defval"],
}  # fmt: skip
Rows = dict[str, list[list[str]]]


def build_foomatic(archive: Path, target: Path) -> Path:
    """The SQLite file of foomatic-db's printers, drivers and driver options."""
    texts = deb_member_texts(archive, lambda path: path.startswith(_DIR) and ".xml" in path)
    rows: Rows = {name: [] for name in COLUMNS}
    for path, text in texts.items():
        root = ET.fromstring(text)
        kind, file = path.removeprefix(_DIR).split("/")
        if kind == "printer":
            add_printer(rows, file.removesuffix(".xml"), root)
        elif kind == "driver":
            add_driver(rows, root)
        elif kind == "opt":
            add_option(rows, file.removesuffix(".xml"), root)
    return write_tables(target, TABLES, COLUMNS, rows, kept_as_text=_is_code)


def add_printer(rows: Rows, pid: str, printer: ET.Element) -> None:
    """A printer's row, the languages it speaks and the drivers (and PPDs) listed for it."""
    mechanism = printer.find("mechanism")
    kinds = [k for k in _MECHANISMS if mechanism is not None and mechanism.find(k) is not None]
    dpi = printer.find("mechanism/resolution/dpi")
    rows["printers"].append([
        pid, _text(printer, "make"), _text(printer, "model"), kinds[0] if kinds else "",
        _flag(printer, "mechanism/color"), _text(dpi, "x"), _text(dpi, "y"),
        _text(printer, "functionality"), _text(printer, "driver"), _text(printer, "url"),
        _text(printer, "autodetect/general/ieee1284"), _comment(printer, "comments/en"),
    ])  # fmt: skip
    for lang in printer.findall("lang/*"):
        rows["printer_languages"].append([pid, lang.tag, lang.get("level", "")])
    for driver in printer.findall("drivers/driver"):
        rows["printer_drivers"].append([pid, _text(driver, "id"), _text(driver, "ppd")])


def add_driver(rows: Rows, driver: ET.Element) -> None:
    """A driver's row and the printers it lists, with the comment on each."""
    name = _text(driver, "name")
    execution = next((k for k in _EXECUTIONS if driver.find(f"execution/{k}") is not None), "")
    has_color = driver.find("functionality/color") is not None
    has_mono = driver.find("functionality/monochrome") is not None
    color = "1" if has_color else "0" if has_mono else ""
    ratings = [_text(driver, f"functionality/{key}") for key in _RATINGS]
    rows["drivers"].append([
        name, _text(driver, "url"), _text(driver, "supplier"), _text(driver, "license"),
        execution, _flag(driver, "thirdpartysupplied"), _flag(driver, "execution/nopjl"),
        color, *ratings, _comment(driver, "shortdescription/en"),
        _text(driver, "execution/prototype"), _comment(driver, "comments/en"),
    ])  # fmt: skip
    for printer in driver.findall("printers/printer"):
        comment = _comment(printer, "comments/en")
        rows["driver_printers"].append([name, _id(_text(printer, "id")), comment])


def add_option(rows: Rows, oid: str, option: ET.Element) -> None:
    """An option's row, its choices and the drivers, printers or makes it applies to."""
    style = next((s for s in _STYLES if option.find(f"arg_execution/arg_{s}") is not None), "")
    rows["options"].append([
        oid, option.get("type", ""), _text(option, "arg_shortname/en"),
        _text(option, "arg_longname/en"), _text(option, "arg_execution/arg_group"),
        _text(option, "arg_execution/arg_order"), _text(option, "arg_execution/arg_spot"),
        style, _text(option, "arg_execution/arg_proto"), _text(option, "arg_min"),
        _text(option, "arg_max"),
    ])  # fmt: skip
    for choice in option.findall("enum_vals/enum_val"):
        rows["option_choices"].append([
            _id(choice.get("id", "")), oid, _text(choice, "ev_shortname/en"),
            _text(choice, "ev_longname/en"), _text(choice, "ev_driverval"),
        ])  # fmt: skip
    for constraint in option.findall("constraints/constraint"):
        rows["option_constraints"].append([
            oid, constraint.get("sense", ""), _text(constraint, "make"),
            _text(constraint, "driver"), _id(_text(constraint, "printer")),
            _id(_text(constraint, "arg_defval")),
        ])  # fmt: skip


def _text(element: ET.Element | None, path: str) -> str:
    found = element.find(path) if element is not None else None
    return (found.text or "").strip() if found is not None else ""


def _flag(element: ET.Element, path: str) -> str:
    return "1" if element.find(path) is not None else "0"


def _comment(element: ET.Element, path: str) -> str:
    """A comment's text, its HTML markup stripped and white space folded."""
    plain = re.sub(r"<[^>]*>", " ", _text(element, path))
    return " ".join(html.unescape(plain).split())


def _id(value: str) -> str:
    return re.sub(r"^(printer|opt|ev)/", "", value)


def _is_code(column: str) -> bool:
    return column in {"id", "option", "level", "arg_defval", "ev_driverval", "model"}
