"""Questions about the database itself, answered from its schema: no query, no model.

"What tables are there?", "What columns does orders have?", "Describe the database":
``schema_answer(question, schema)`` recognises them (English, whole questions only, so
"Which table has the most rows?" is not one) and writes the answer from
``SqlRunner.describe()``'s ``DatabaseSchema``.  ``schema_facts(schema)`` is the text
those answers are made of, for a guardrail that checks an answer against its sources.

Example::

    schema = await runner.describe()
    schema_answer("What columns does orders have?", schema)
    # '**orders** has 5 columns: order_id (INTEGER, primary key), customer_id (...'
"""

from __future__ import annotations

import re
from collections.abc import Sized

from hookline.sql.runner import DatabaseSchema, TableInfo

__all__ = ["schema_answer", "schema_facts"]

_IN_DB = r"(?:\s+in\s+(?:the|this|your|my)\s+(?:database|db|schema))?"
_TABLES = re.compile(
    r"^(?:(?:what|which)\s+tables?\s+(?:are\s+there|are\s+available|exist|are(?=\s+in\s)"
    r"|do\s+(?:you|we|i)\s+have|does\s+(?:it|the\s+database|this\s+database)\s+have)"
    r"|(?:list|show|name)(?:\s+me)?(?:\s+all)?(?:\s+(?:the|your))?\s+tables"
    r"|what\s+are\s+the\s+tables|tables)" + _IN_DB + "$"
)
_COLUMNS = re.compile(
    r"^(?:(?:what|which)\s+(?:columns|fields)\s+(?:does|do|are\s+(?:in|on)|is\s+in|has|have)"
    r"|(?:what\s+are\s+the|list\s+the|show\s+me\s+the|show\s+the)\s+(?:columns|fields)\s+(?:of|in)"
    r"|describe)\s+(?:the\s+)?(?P<table>[\w.]+)(?:\s+table)?(?:\s+(?:have|has|contain))?$"
)
_DESCRIBE = re.compile(
    r"^(?:(?:describe|summari[sz]e|explain)\s+(?:the\s+|this\s+|your\s+)?(?:database|schema|db)"
    r"|what(?:'s|\s+is)\s+in\s+(?:the|this|your)\s+(?:database|db)"
    r"|what\s+(?:data|information)\s+do\s+you\s+have)$"
)


def schema_answer(question: str, schema: DatabaseSchema) -> str | None:
    """The answer to a question about the schema itself, or None if it is not one."""
    text = " ".join(question.lower().strip().rstrip("?.!").split())
    if _TABLES.match(text):
        return _tables_answer(schema)
    if _DESCRIBE.match(text):
        return _database_answer(schema)
    match = _COLUMNS.match(text)
    if match:
        table = _find_table(match["table"], schema)
        if table is not None:
            return _columns_answer(table)
    return None


def schema_facts(schema: DatabaseSchema) -> str:
    """Everything the answers above may say: names, types, keys and counts."""
    lines = [_count(schema.tables, "table")]
    for table in schema.tables:
        lines.append(f"{table.name}: {_count(table.columns, 'column')}")
        lines.extend(f"{table.name}.{c.name} {c.type}" for c in table.columns)
        lines.extend(
            f"{table.name}.{', '.join(k.columns)} -> {k.ref_table}.{', '.join(k.ref_columns)}"
            for k in table.foreign_keys
        )
    return "\n".join(lines)


def _find_table(name: str, schema: DatabaseSchema) -> TableInfo | None:
    for candidate in (name, name + "s", name.removesuffix("s"), name.split(".")[-1]):
        table = schema.table(candidate)
        if table is not None:
            return table
    return None


def _tables_answer(schema: DatabaseSchema) -> str:
    tables = [t for t in schema.tables if t.kind != "view"]
    views = [t for t in schema.tables if t.kind == "view"]
    if not schema.tables:
        return "The database has no tables."
    text = f"The database has {_count(tables, 'table')}: {_names(tables)}."
    if views:
        text += f" And {_count(views, 'view')}: {_names(views)}."
    return text + ' Ask "What columns does <table> have?" for the columns of one.'


def _columns_answer(table: TableInfo) -> str:
    keys = {k.columns[0]: k for k in table.foreign_keys if len(k.columns) == 1}
    parts = []
    for column in table.columns:
        notes = [column.type] if column.type else []
        if column.name in table.primary_key:
            notes.append("primary key")
        key = keys.get(column.name)
        if key is not None:
            notes.append(f"refers to {key.ref_table}.{', '.join(key.ref_columns)}")
        parts.append(f"{column.name} ({', '.join(notes)})" if notes else column.name)
    return f"**{table.name}** has {_count(table.columns, 'column')}: {', '.join(parts)}."


def _database_answer(schema: DatabaseSchema) -> str:
    if not schema.tables:
        return f"The database ({schema.dialect}) has no tables."
    lines = [f"The database ({schema.dialect}) has {_count(schema.tables, 'table')}:"]
    for table in schema.tables:
        columns = ", ".join(c.name for c in table.columns)
        links = sorted({k.ref_table for k in table.foreign_keys})
        joined = f" (linked to {', '.join(links)})" if links else ""
        lines.append(f"- **{table.name}**: {columns}{joined}")
    lines.append('\nAsk "What columns does <table> have?" for the types and keys of one.')
    return "\n".join(lines)


def _names(tables: list[TableInfo]) -> str:
    return ", ".join(f"**{t.name}**" for t in tables)


def _count(items: Sized, noun: str) -> str:
    return f"1 {noun}" if len(items) == 1 else f"{len(items)} {noun}s"
