"""The ``homebank`` database: the sample file of HomeBank, the personal finance program — one
household's accounts (a cheque account and a saving account in euros, an account in yen),
the payees it pays or is paid by, its categories of income and spending (with their
subcategories and monthly budgets), its 214 transactions from January 2022 to March 2023
and its 15 scheduled transactions.

Debian's ``homebank-data`` package (``apt-get download``, never installed) holds it as
``usr/share/homebank/datas/example.xhb``, HomeBank's own XML.  It is built under HomeBank's
names, short and abbreviated (``cur``, ``pay``, ``cat``, ``ope`` for the transactions,
``fav`` for the scheduled ones, ``st``, ``b0``, ``kxfer``, ``dst_account``): each element is
a row, its attributes the columns.  HomeBank's keys are the keys (a transaction, which has
none, is numbered in the file's order); its day numbers become ISO dates, its amounts are
rounded to the cent, and its codes become HomeBank's English labels (payment modes, account
types, statuses, the unit of a schedule).  Flags, the two automatic assignment rules and
the file's properties are left out.  The tenth held-out database.
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_SAMPLE = "./usr/share/homebank/datas/example.xhb"

# HomeBank's codes and their English labels, in the order of its source's enums.
_PAYMODE = ("None", "Credit card", "Check", "Cash", "Bank transfer", "Internal transfer",
            "Debit card", "Standing order", "Electronic payment", "Deposit", "FI fee",
            "Direct debit")  # fmt: skip
_ACCOUNT_TYPE = ("None", "Bank", "Cash", "Asset", "Credit card", "Liability", "Checking",
                 "Savings")  # fmt: skip
_STATUS = ("None", "Cleared", "Reconciled", "Remind", "Void")
_UNIT = ("day", "week", "month", "year")

_CAT = (("category",), "cat", ("key",))
_PAY = (("payee",), "pay", ("key",))
_ACCOUNT = (("account",), "account", ("key",))
TABLES = (
    Table(name="cur", primary_key=("key",)),
    Table(name="account", primary_key=("key",), foreign_keys=((("curr",), "cur", ("key",)),)),
    Table(name="cat", primary_key=("key",), foreign_keys=((("parent",), "cat", ("key",)),)),
    Table(name="pay", primary_key=("key",), foreign_keys=(_CAT,)),
    Table(name="ope", primary_key=("id",), foreign_keys=(
        _ACCOUNT, (("dst_account",), "account", ("key",)), _PAY, _CAT)),
    Table(name="fav", primary_key=("key",), foreign_keys=(_ACCOUNT, _PAY, _CAT)),
)  # fmt: skip
COLUMNS = {
    "cur": ["key", "iso", "name", "symb", "rate"],
    "account": ["key", "pos", "type", "curr", "name", "initial", "minimum", "maximum"],
    "cat": ["key", "parent", "name", "b0"],
    "pay": ["key", "name", "category", "paymode"],
    "ope": ["id", "date", "amount", "account", "dst_account", "paymode", "st", "payee",
            "category", "wording", "info", "kxfer"],
    "fav": ["key", "amount", "account", "paymode", "payee", "category", "wording", "nextdate",
            "every", "unit"],
}  # fmt: skip
_CONVERT = {
    "type": _ACCOUNT_TYPE,
    "paymode": _PAYMODE,
    "st": _STATUS,
    "unit": _UNIT,
}


def build_homebank(archive: Path, target: Path) -> Path:
    """The SQLite file of HomeBank's sample file, from the package's XML."""
    return write_tables(target, TABLES, COLUMNS, parse_sample(_sample_text(archive)))


def parse_sample(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing) from a HomeBank XML document."""
    root = ElementTree.fromstring(text)
    rows: dict[str, list[list[str]]] = {name: [] for name in COLUMNS}
    for name, columns in COLUMNS.items():
        for number, element in enumerate(root.iterfind(name), start=1):
            cells = {"id": str(number), **element.attrib}
            rows[name].append([_cell(column, cells.get(column, "")) for column in columns])
    return rows


def _cell(column: str, value: str) -> str:
    """HomeBank's attribute as the database holds it."""
    if not value:
        return value
    if column in ("date", "nextdate"):
        return datetime.date.fromordinal(int(value)).isoformat()
    if column in ("amount", "initial", "minimum", "maximum", "b0"):
        return str(round(float(value), 2))
    if column in _CONVERT:
        return _CONVERT[column][int(value)]
    return value


def _sample_text(archive: Path) -> str:
    return deb_member_text(archive, _SAMPLE)
