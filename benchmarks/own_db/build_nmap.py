"""The ``nmap`` database: the data files of the Nmap network scanner — its table of well-known
ports and how often each is found open, the IP protocol numbers, the Sun RPC program numbers,
the operating-system fingerprints it recognises hosts by (each with its classes and CPE
names), the probes and match lines of its service and version detection, and its NSE scripts
with their authors, licences and categories.

Debian's ``nmap-common`` (``apt-get download``, never installed) holds them under
``usr/share/nmap/``: ``nmap-services``, ``nmap-protocols``, ``nmap-rpc``, ``nmap-os-db``,
``nmap-service-probes`` and ``scripts/*.nse`` with ``scripts/script.db``.  Ten tables, the
columns named as Nmap's own files and its XML output name them (``osfamily``, ``osgen``,
``extrainfo``, ``devicetype``, ``totalwaitms``, ``sslports``...).  A line's trailing ``#``
comment is its ``comment``; an empty field is NULL.  The OS database's ``Fingerprint`` entries
are numbered in file order (names repeat), each ``Class`` line (``vendor | osfamily | osgen |
type``) numbered too, and the ``CPE`` lines under a class belong to it.  The probes are
numbered in file order (``RPCCheck`` is both a TCP and a UDP probe), their ``match`` and
``softmatch`` lines numbered under them, with the version fields ``p/ v/ i/ h/ o/ d/`` and
the ``cpe:`` names (space-separated when several) but not the regular expression.  A
script's ``author`` list is joined with ``; `` and its first author kept apart; its
categories come from ``script.db``.
"""

from __future__ import annotations

import re
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_texts

_DIR = "./usr/share/nmap/"
_FILES = ("nmap-services", "nmap-protocols", "nmap-rpc", "nmap-os-db", "nmap-service-probes")
TABLES = (
    Table(name="protocols", primary_key=("name",)),
    Table(name="services", primary_key=("portnum", "protocol"),
          foreign_keys=((("protocol",), "protocols", ("name",)),)),
    Table(name="rpc_programs"),
    Table(name="os_fingerprints", primary_key=("fingerprint_id",)),
    Table(name="os_classes", primary_key=("class_id",),
          foreign_keys=((("fingerprint_id",), "os_fingerprints", ("fingerprint_id",)),)),
    Table(name="os_cpes", foreign_keys=((("class_id",), "os_classes", ("class_id",)),)),
    Table(name="probes", primary_key=("probe_id",)),
    Table(name="matches", primary_key=("match_id",),
          foreign_keys=((("probe_id",), "probes", ("probe_id",)),)),
    Table(name="scripts", primary_key=("script",)),
    Table(name="script_categories", primary_key=("script", "category"),
          foreign_keys=((("script",), "scripts", ("script",)),)),
)  # fmt: skip
_PROBE_KEYS = ["rarity", "totalwaitms", "tcpwrappedms", "fallback", "ports", "sslports"]
_FIELDS = {"p": "product", "v": "version", "i": "extrainfo", "h": "hostname", "o": "ostype",
           "d": "devicetype"}  # fmt: skip
COLUMNS = {
    "protocols": ["name", "number", "comment"],
    "services": ["service_name", "portnum", "protocol", "open_frequency", "comment"],
    "rpc_programs": ["name", "number", "aliases", "comment"],
    "os_fingerprints": ["fingerprint_id", "Fingerprint"],
    "os_classes": ["class_id", "fingerprint_id", "vendor", "osfamily", "osgen", "type"],
    "os_cpes": ["class_id", "cpe"],
    "probes": ["probe_id", "protocol", "probename", *_PROBE_KEYS],
    "matches": ["match_id", "probe_id", "directive", "service", *_FIELDS.values(), "cpe"],
    "scripts": ["script", "author", "first_author", "license", "description"],
    "script_categories": ["script", "category"],
}
Rows = dict[str, list[list[str]]]


def build_nmap(archive: Path, target: Path) -> Path:
    """The SQLite file of nmap-common's ports, protocols, RPC numbers, OS fingerprints,
    service probes and scripts."""
    texts = deb_member_texts(archive, _wanted)
    rows: Rows = {name: [] for name in COLUMNS}
    rows["protocols"] = _columns(texts[_DIR + "nmap-protocols"], 2)
    for name, port, frequency, comment in _columns(texts[_DIR + "nmap-services"], 3):
        number, protocol = port.split("/")
        rows["services"].append([name, number, protocol, frequency, comment])
    rows["rpc_programs"] = [
        [name, number, " ".join(aliases.split()), comment]
        for name, number, aliases, comment in _rpc(texts[_DIR + "nmap-rpc"])
    ]
    _add_os(rows, texts[_DIR + "nmap-os-db"])
    _add_probes(rows, texts[_DIR + "nmap-service-probes"])
    _add_scripts(rows, texts)
    return write_tables(target, TABLES, COLUMNS, rows)


def _wanted(path: str) -> bool:
    name = path.removeprefix(_DIR)
    return name in _FILES or (name.startswith("scripts/") and name.endswith((".nse", ".db")))


def _split_comment(line: str) -> tuple[str, str]:
    body, _, comment = line.partition("#")
    return body, comment.strip()


def _columns(text: str, count: int) -> list[list[str]]:
    """The first ``count`` whitespace-separated fields and the comment of each data line."""
    found = []
    for line in text.splitlines():
        body, comment = _split_comment(line)
        fields = body.split()
        if len(fields) >= count:
            found.append([*fields[:count], comment])
    return found


def _rpc(text: str) -> list[list[str]]:
    """``nmap-rpc``'s name, number, aliases and comment of each line."""
    found = []
    for line in text.splitlines():
        body, comment = _split_comment(line)
        fields = body.split()
        if len(fields) >= 2:
            found.append([fields[0], fields[1], " ".join(fields[2:]), comment])
    return found


def _add_os(rows: Rows, text: str) -> None:
    """The OS database's fingerprints, their classes and each class's CPE names."""
    fingerprint = 0
    for line in text.splitlines():
        if line.startswith("Fingerprint "):
            fingerprint += 1
            rows["os_fingerprints"].append([str(fingerprint), line.removeprefix("Fingerprint ")])
        elif line.startswith("Class "):
            parts = [part.strip() for part in line.removeprefix("Class ").split("|")]
            class_id = str(len(rows["os_classes"]) + 1)
            rows["os_classes"].append([class_id, str(fingerprint), *parts[:4]])
        elif line.startswith("CPE "):
            cpe = line.removeprefix("CPE ").split()[0]
            rows["os_cpes"].append([rows["os_classes"][-1][0], cpe])


_PATTERN = re.compile(r"m(.).*?\1[si]*")
_FIELD = re.compile(r"\s+(cpe:|[pvihod])(.)(.*?)\2a?(?=\s|$)")


def _add_probes(rows: Rows, text: str) -> None:
    """The probes with their settings, and the match lines under each."""
    probe: dict[str, str] = {}
    for line in text.splitlines():
        keyword, _, rest = line.partition(" ")
        if keyword == "Probe":
            protocol, name = rest.split()[:2]
            probe = {"probe_id": str(len(rows["probes"]) + 1)}
            rows["probes"].append([probe["probe_id"], protocol, name, *[""] * len(_PROBE_KEYS)])
        elif keyword in _PROBE_KEYS and probe:
            rows["probes"][-1][3 + _PROBE_KEYS.index(keyword)] = rest.strip()
        elif keyword in ("match", "softmatch"):
            rows["matches"].append(_match(len(rows["matches"]) + 1, probe, keyword, rest))


def _match(number: int, probe: dict[str, str], directive: str, rest: str) -> list[str]:
    """One match line: its service, its version fields and its CPE names."""
    service, _, line = rest.partition(" ")
    pattern = _PATTERN.match(line)
    tail = line[pattern.end() :] if pattern else ""
    fields: dict[str, str] = {}
    cpes = []
    for match in _FIELD.finditer(tail):
        if match.group(1) == "cpe:":
            cpes.append(f"cpe:/{match.group(3)}")
        else:
            fields.setdefault(_FIELDS[match.group(1)], match.group(3))
    cells = [fields.get(column, "") for column in _FIELDS.values()]
    return [str(number), probe["probe_id"], directive, service, *cells, " ".join(cpes)]


_AUTHOR = re.compile(r"""^author\s*=\s*(\{.*?\}|".*?"|'.*?'|\[\[.*?\]\])""", re.M | re.S)
_LICENSE = re.compile(r'^license\s*=\s*"(.*?)"', re.M)
_DESCRIPTION = re.compile(r'^description\s*=\s*(?:\[(=*)\[(.*?)\]\1\]|"(.*?)")', re.M | re.S)
_ENTRY = re.compile(r'filename = "(.+?)\.nse", categories = \{(.*?)\}')


def _add_scripts(rows: Rows, texts: dict[str, str]) -> None:
    """The NSE scripts with their authors, licence, description and categories."""
    for path, text in texts.items():
        if not path.endswith(".nse"):
            continue
        script = path.removeprefix(_DIR + "scripts/").removesuffix(".nse")
        author = _AUTHOR.search(text)
        authors = re.findall(r"\"(.*?)\"|'(.*?)'", author.group(1)) if author else []
        authors = ["".join(quoted) for quoted in authors]
        if author and author.group(1).startswith("[["):  # a long string: one author a line
            authors = [line.strip() for line in author.group(1)[2:-2].splitlines() if line.strip()]
        license_ = _LICENSE.search(text)
        description = _DESCRIPTION.search(text)
        rows["scripts"].append([
            script, "; ".join(authors), authors[0] if authors else "",
            license_.group(1) if license_ else "",
            (description.group(2) or description.group(3)).strip() if description else "",
        ])  # fmt: skip
    for script, categories in _ENTRY.findall(texts[_DIR + "scripts/script.db"]):
        for category in re.findall(r'"(.*?)"', categories):
            rows["script_categories"].append([script, category])
