"""The ``gnucash`` database: GnuCash's tax-report example book — one US household's chart of
accounts (157 accounts in a tree: assets, liabilities, income, expenses, equity, most of them
tagged for US tax forms), its 75 transactions of 2000 and the 144 splits that post them to
accounts, in US dollars and two mutual funds.

Debian's ``gnucash-common`` package (``apt-get download``, never installed) holds it as
``usr/share/doc/gnucash-common/examples/taxreport.gnucash``, GnuCash's XML.  It is
built as GnuCash's own SQLite backend saves a book: its tables ``commodities``, ``accounts``,
``transactions`` and ``splits`` under their columns (``guid`` keys, ``parent_guid``,
``tx_guid``, ``account_guid``, amounts as ``value_num`` over ``value_denom``, dates in UTC as
``YYYY-MM-DD HH:MM:SS``).  A commodity, which has no guid in the XML, gets the MD5 of its
namespace and mnemonic.  Slots (notes, tax codes), lots and the book itself are left out.
The twelfth held-out database.
"""

from __future__ import annotations

import datetime
import hashlib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_SAMPLE = "./usr/share/doc/gnucash-common/examples/taxreport.gnucash"
_NS = {
    name: f"http://www.gnucash.org/XML/{name}"
    for name in ("gnc", "act", "cmdty", "trn", "split", "ts")
}

TABLES = (
    Table(name="commodities", primary_key=("guid",)),
    Table(name="accounts", primary_key=("guid",), foreign_keys=(
        (("commodity_guid",), "commodities", ("guid",)),
        (("parent_guid",), "accounts", ("guid",)))),
    Table(name="transactions", primary_key=("guid",), foreign_keys=(
        (("currency_guid",), "commodities", ("guid",)),)),
    Table(name="splits", primary_key=("guid",), foreign_keys=(
        (("tx_guid",), "transactions", ("guid",)),
        (("account_guid",), "accounts", ("guid",)))),
)  # fmt: skip
COLUMNS = {
    "commodities": ["guid", "namespace", "mnemonic", "fullname", "fraction"],
    "accounts": ["guid", "name", "account_type", "commodity_guid", "commodity_scu",
                 "parent_guid", "code", "description"],
    "transactions": ["guid", "currency_guid", "num", "post_date", "enter_date", "description"],
    "splits": ["guid", "tx_guid", "account_guid", "memo", "reconcile_state", "value_num",
               "value_denom", "quantity_num", "quantity_denom"],
}  # fmt: skip


def build_gnucash(archive: Path, target: Path) -> Path:
    """The SQLite file of GnuCash's example book, from the package's XML."""
    return write_tables(target, TABLES, COLUMNS, parse_book(_sample_text(archive)))


def parse_book(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing) from a GnuCash XML book."""
    book = ElementTree.fromstring(text).find("gnc:book", _NS)
    assert book is not None
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for element in book.iterfind("gnc:commodity", _NS):
        space, mnemonic = _text(element, "cmdty:space"), _text(element, "cmdty:id")
        name, fraction = _text(element, "cmdty:name"), _text(element, "cmdty:fraction")
        rows["commodities"].append(
            [_commodity_guid(space, mnemonic), space, mnemonic, name or mnemonic, fraction or "100"]
        )
    for element in book.iterfind("gnc:account", _NS):
        rows["accounts"].append([
            _text(element, "act:id"), _text(element, "act:name"), _text(element, "act:type"),
            _commodity(element.find("act:commodity", _NS)),
            _text(element, "act:commodity-scu"), _text(element, "act:parent"),
            _text(element, "act:code"), _text(element, "act:description"),
        ])  # fmt: skip
    for element in book.iterfind("gnc:transaction", _NS):
        guid = _text(element, "trn:id")
        rows["transactions"].append([
            guid, _commodity(element.find("trn:currency", _NS)), _text(element, "trn:num"),
            _utc(_text(element, "trn:date-posted/ts:date")),
            _utc(_text(element, "trn:date-entered/ts:date")),
            _text(element, "trn:description"),
        ])  # fmt: skip
        for split in element.iterfind("trn:splits/trn:split", _NS):
            value = _text(split, "split:value").split("/")
            quantity = _text(split, "split:quantity").split("/")
            rows["splits"].append([
                _text(split, "split:id"), guid, _text(split, "split:account"),
                _text(split, "split:memo"), _text(split, "split:reconciled-state"),
                *value, *quantity,
            ])  # fmt: skip
    return rows


def _text(element: ElementTree.Element, path: str) -> str:
    found = element.find(path, _NS)
    return "" if found is None or found.text is None else found.text


def _commodity(element: ElementTree.Element | None) -> str:
    if element is None:
        return ""
    return _commodity_guid(_text(element, "cmdty:space"), _text(element, "cmdty:id"))


def _commodity_guid(space: str, mnemonic: str) -> str:
    return hashlib.md5(f"{space}::{mnemonic}".encode()).hexdigest()


def _utc(stamp: str) -> str:
    """GnuCash's ``2000-09-08 21:18:41 +0200`` as its SQL backend stores it (UTC)."""
    moment = datetime.datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S %z")
    return moment.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")


def _sample_text(archive: Path) -> str:
    return deb_member_text(archive, _SAMPLE)
