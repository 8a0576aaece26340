"""DatabaseDocs: what a user writes about their database, read for the linker and the model.

A document is Markdown or YAML (detected).  It says what tables and columns mean and
which words stand for an expression ("revenue" = ``UnitPrice * Quantity``) or a filter
("sales agent" = ``Employee.Title = 'Sales Support Agent'``).  The raw text goes to the
model; ``descriptions`` and ``synonyms`` go to the linker.

Markdown: a heading names a table, the paragraph under it describes it, a list item
``- column: what it means`` describes a column; list items ``- phrase = expression``
(anywhere, or under a ``Synonyms`` heading, where ``phrase: expression`` works too)
are synonyms.  YAML: ``tables: {name: {description: ..., columns: {col: ...}}}`` and
``synonyms: {phrase: expression}``.

Example::

    docs = parse_documentation('''
    # Invoice
    One row per sale.
    - Total: the amount charged, in dollars

    ## Synonyms
    - revenue = InvoiceLine.UnitPrice * InvoiceLine.Quantity
    - sales agent = Employee where Title = 'Sales Support Agent'
    ''')
    docs.descriptions["Invoice.Total"]   # 'the amount charged, in dollars'
    docs.synonyms["sales agent"]         # "Employee.Title = 'Sales Support Agent'"
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DatabaseDocs", "DocumentationError", "combined_documentation", "parse_documentation"]

_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*[-*+]\s+(.+)$")
_WHERE = re.compile(r"^\s*([A-Za-z_][\w.]*)\s+where\s+(.+)$", re.IGNORECASE)
_DESCRIBED = re.compile(r"\s*(:|\u2014|\u2013|--)\s*")
_SYNONYM_HEADINGS = ("synonym", "glossary", "terms", "vocabulary")


class DocumentationError(ValueError):
    """A document that cannot be read (its YAML is not a mapping, a field has the wrong
    type); the message says where."""


@dataclass(frozen=True, kw_only=True)
class DatabaseDocs:
    """What a document says about a database.

    ``descriptions`` is keyed by ``"table"`` or ``"table.column"`` (as written in the
    document); ``synonyms`` maps a phrase (lower case) to a SQL expression
    (``"UnitPrice * Quantity"``) or a filter (``"Employee.Title = 'Sales Support Agent'"``).
    """

    text: str
    descriptions: Mapping[str, str] = field(default_factory=dict)
    synonyms: Mapping[str, str] = field(default_factory=dict)

    def described(self, table: str, column: str) -> str:
        """What the document says of ``table.column`` ("" when nothing; the names'
        case as the document wrote them or not)."""
        key = f"{table}.{column}"
        if key in self.descriptions:
            return self.descriptions[key]
        lower = key.lower()
        return next((d for k, d in self.descriptions.items() if k.lower() == lower), "")


def parse_documentation(text: str) -> DatabaseDocs:
    """The descriptions and synonyms of a Markdown or YAML document (see module doc).

    Raises ``DocumentationError`` when a YAML document has the wrong shape."""
    if _looks_like_yaml(text):
        return _from_yaml(text)
    return _from_markdown(text)


def combined_documentation(texts: Sequence[str]) -> DatabaseDocs | None:
    """One ``DatabaseDocs`` of several documents (a later one's entries win), or None
    when there are none.  A document that does not parse is left out: ``hookline
    train --doc`` checks each before it keeps it.

    Example::

        docs = combined_documentation(["# orders\\n- Amt: amount", "synonyms:\\n  sales: Amt"])
    """
    parsed: list[DatabaseDocs] = []
    for text in texts:
        try:
            parsed.append(parse_documentation(text))
        except DocumentationError:
            continue
    if not parsed:
        return None
    descriptions: dict[str, str] = {}
    synonyms: dict[str, str] = {}
    for docs in parsed:
        descriptions.update(docs.descriptions)
        synonyms.update(docs.synonyms)
    text = "\n\n".join(docs.text for docs in parsed)
    return DatabaseDocs(text=text, descriptions=descriptions, synonyms=synonyms)


def _looks_like_yaml(text: str) -> bool:
    """A top-level ``tables:``, ``synonyms:`` or ``descriptions:`` key (Markdown has none)."""
    return bool(re.search(r"^(tables|synonyms|descriptions)\s*:", text, re.MULTILINE))


# -- Markdown --------------------------------------------------------------------------


def _from_markdown(text: str) -> DatabaseDocs:
    descriptions: dict[str, str] = {}
    synonyms: dict[str, str] = {}
    table: str | None = None
    in_synonyms = False
    for line in _joined_items(text.splitlines()):
        heading = _HEADING.match(line)
        if heading:
            title = _identifier(heading.group(1))
            in_synonyms = title.lower().startswith(_SYNONYM_HEADINGS)
            table = None if in_synonyms else _table_title(title)
            continue
        item = _ITEM.match(line)
        if item:
            _read_item(item.group(1), table, in_synonyms, descriptions, synonyms)
        elif line.strip() and table is not None:
            before = descriptions.get(table, "")
            descriptions[table] = f"{before} {line.strip()}".strip()
    return DatabaseDocs(text=text, descriptions=descriptions, synonyms=synonyms)


def _joined_items(lines: list[str]) -> list[str]:
    """``lines`` with each indented line that goes on a list item joined to it: an item
    wrapped over two lines ("- continent: AF Africa, AS Asia," / "  EU Europe") is one."""
    joined: list[str] = []
    for line in lines:
        goes_on = line[:1].isspace() and line.strip() and not _ITEM.match(line)
        if goes_on and joined and _ITEM.match(joined[-1]):
            joined[-1] = f"{joined[-1].rstrip()} {line.strip()}"
        else:
            joined.append(line)
    return joined


def _read_item(
    item: str,
    table: str | None,
    in_synonyms: bool,
    descriptions: dict[str, str],
    synonyms: dict[str, str],
) -> None:
    """One list item: ``phrase = expression``, or ``column: description`` under a table."""
    head, eq, rest = item.partition("=")
    is_phrase = not _DESCRIBED.search(head) and not head.rstrip().endswith(("!", "<", ">"))
    if eq and is_phrase and rest.strip():
        _add_synonym(synonyms, head, rest)
        return
    parts = _DESCRIBED.split(item, maxsplit=1)
    if len(parts) < 3:
        return
    name, description = parts[0], parts[2]
    if in_synonyms:
        _add_synonym(synonyms, name, description)
    elif table is not None and description.strip():
        for column in _names(name):  # "- hue, tint: its colours": each of them
            descriptions[f"{table}.{column}"] = description.strip()


def _names(item: str) -> list[str]:
    """The column names a list item describes: "a, b and c" names three, anything else one."""
    parts = [_identifier(p) for p in re.split(r",\s*|\s+and\s+", item)]
    several = len(parts) > 1 and all(re.fullmatch(r"\w+", p) for p in parts)
    return parts if several else [_identifier(item)]


def _add_synonym(synonyms: dict[str, str], phrase: str, expression: str) -> None:
    key = _identifier(phrase).strip("\"'").lower()
    value = expression.strip().rstrip(".").strip("`")
    where = _WHERE.match(value)
    if where:  # "Employee where Title = 'X'" -> "Employee.Title = 'X'"
        value = f"{where.group(1)}.{where.group(2).strip()}"
    if key and value:
        synonyms[key] = value


def _identifier(text: str) -> str:
    """A heading or list item's name without Markdown decoration (`x`, **x**, Table: x)."""
    return text.strip().strip("`*_ ").strip()


def _table_title(title: str) -> str:
    named = re.match(r"^(?:table|view)\s*[:\s]\s*(.+)$", title, re.IGNORECASE)
    return _identifier(named.group(1)) if named else title


# -- YAML ------------------------------------------------------------------------------


def _from_yaml(text: str) -> DatabaseDocs:
    try:
        import yaml  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover - PyYAML ships with the sql extra
        raise DocumentationError(
            "reading a YAML document needs PyYAML: pip install 'hookline[sql]'"
        ) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise DocumentationError(f"the document is not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise DocumentationError("a YAML document must be a mapping (tables:, synonyms:)")
    descriptions = {str(k): str(v) for k, v in _mapping(data, "descriptions").items()}
    for table, body in _mapping(data, "tables").items():
        _yaml_table(str(table), body, descriptions)
    synonyms: dict[str, str] = {}
    for phrase, expression in _mapping(data, "synonyms").items():
        _add_synonym(synonyms, str(phrase), str(expression))
    return DatabaseDocs(text=text, descriptions=descriptions, synonyms=synonyms)


def _yaml_table(table: str, body: Any, descriptions: dict[str, str]) -> None:
    if isinstance(body, str):
        descriptions[table] = body.strip()
        return
    if not isinstance(body, dict):
        raise DocumentationError(f"tables.{table}: expected a description or a mapping")
    if body.get("description"):
        descriptions[table] = str(body["description"]).strip()
    for column, about in _mapping(body, "columns", where=f"tables.{table}.").items():
        if isinstance(about, dict):
            about = about.get("description", "")
        if about:
            descriptions[f"{table}.{column}"] = str(about).strip()


def _mapping(data: dict[Any, Any], key: str, *, where: str = "") -> dict[Any, Any]:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise DocumentationError(f"{where}{key}: expected a mapping, got {type(value).__name__}")
    return value
