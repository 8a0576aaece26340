"""The ``broadband`` database: the mobile broadband settings NetworkManager and ModemManager
read — 154 countries, their 700 mobile network providers (operators and the virtual
operators riding on their networks), each provider's network codes (MCC and MNC), its
access points (APNs: the value to dial, its plan, usage, username, password, DNS servers,
MMS centre) and the CDMA system ids it uses.

Debian's ``mobile-broadband-provider-info`` package (``apt-get download``, never installed)
holds it as ``usr/share/mobile-broadband-provider-info/serviceproviders.xml``.  Each
``<country>`` becomes a row of ``country`` (its ``code`` and English name), each
``<provider>`` a row of ``provider`` (its English name, its ``primary`` flag, its first
voicemail number), each ``<network-id>`` a row of ``network_id``, each ``<apn>`` a row of
``apn`` and each CDMA ``<sid>`` a row of ``sid``; ids are numbered in the file's order.
An element's text or its ``type``/``method`` attribute is its cell; several (an APN's
``plan`` or ``dns``) are joined by ``", "``.  MCC and MNC are kept as numbers (the MNC
``03`` is 3).  Left out: names in other languages, balance checks, top-ups, MSISDN
queries and visual voicemail.  The twenty-fourth held-out database.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_FILE = "./usr/share/mobile-broadband-provider-info/serviceproviders.xml"
_PROVIDER = (("provider_id",), "provider", ("id",))
TABLES = (
    Table(name="country", primary_key=("code",)),
    Table(name="provider", primary_key=("id",),
          foreign_keys=((("country_code",), "country", ("code",)),)),
    Table(name="network_id", foreign_keys=(_PROVIDER,)),
    Table(name="apn", primary_key=("id",), foreign_keys=(_PROVIDER,)),
    Table(name="sid", foreign_keys=(_PROVIDER,)),
)  # fmt: skip
COLUMNS = {
    "country": ["code", "name"],
    "provider": ["id", "country_code", "name", "primary", "voicemail"],
    "network_id": ["provider_id", "mcc", "mnc"],
    "apn": ["id", "provider_id", "value", "plan", "usage", "name", "username", "password",
            "authentication", "dns", "gateway", "mmsc", "mmsproxy"],
    "sid": ["provider_id", "value"],
}  # fmt: skip
_APN_FIELDS = ("plan", "usage", "name", "username", "password", "authentication", "dns",
               "gateway", "mmsc", "mmsproxy")  # fmt: skip


def build_broadband(archive: Path, target: Path) -> Path:
    """The SQLite file of the countries, providers, network ids, APNs and CDMA ids."""
    root = ET.fromstring(deb_member_text(archive, _FILE).encode("utf-8"))
    rows: dict[str, list[list[str]]] = {table: [] for table in COLUMNS}
    for country in root.iter("country"):
        code = country.get("code", "")
        rows["country"].append([code, _texts(country, "name")])
        for provider in country.findall("provider"):
            _add_provider(rows, provider, code)
    return write_tables(target, TABLES, COLUMNS, rows)


def _add_provider(rows: dict[str, list[list[str]]], provider: ET.Element, code: str) -> None:
    """``provider``'s row and the rows of its network ids, APNs and CDMA ids."""
    number = str(len(rows["provider"]) + 1)
    gsm = provider.find("gsm")
    voicemail = gsm.findtext("voicemail", "") if gsm is not None else ""
    rows["provider"].append([number, code, _texts(provider, "name"),
                             provider.get("primary", ""), voicemail.strip()])  # fmt: skip
    for network in provider.iter("network-id"):
        rows["network_id"].append([number, network.get("mcc", ""), network.get("mnc", "")])
    for apn in provider.iter("apn"):
        cells = [_texts(apn, tag) for tag in _APN_FIELDS]
        rows["apn"].append([str(len(rows["apn"]) + 1), number, apn.get("value", ""), *cells])
    for sid in provider.iter("sid"):
        rows["sid"].append([number, sid.get("value", "")])


def _texts(element: ET.Element, tag: str) -> str:
    """The ``tag`` children's texts (or ``type``/``method`` attributes) joined by ``", "``;
    names in another language (``xml:lang``) are left out."""
    items = []
    for child in element.findall(tag):
        if child.get("{http://www.w3.org/XML/1998/namespace}lang"):
            continue
        value = child.get("type") or child.get("method") or child.text or ""
        items.append(value.strip())
    return ", ".join(item for item in items if item)
