"""SchemaAwareSystemPromptBuilder: the system prompt names the tables, columns and keys."""

from __future__ import annotations

import asyncio
import logging
import time

from hookline.llm.models import ToolSchema
from hookline.sql.documentation import DatabaseDocs
from hookline.sql.runner import (
    DatabaseSchema,
    SqlExecutionError,
    SqlRunner,
    TableInfo,
)
from hookline.users.models import User

__all__ = [
    "DEFAULT_SQL_PROMPT",
    "SchemaAwareSystemPromptBuilder",
    "documentation_text",
    "format_schema",
    "replace_schema",
]

logger = logging.getLogger(__name__)

DEFAULT_SQL_PROMPT = (
    "You are a data assistant. Answer questions about the database below by calling "
    "run_sql with one read-only {dialect} SQL query; use visualize_data when a chart "
    "helps. Base every number on query results, never guess, and say briefly how you "
    "got the answer."
)


class SchemaAwareSystemPromptBuilder:
    """A system prompt with the database schema, introspected once and cached.

    A ``SystemPromptBuilder`` (the protocol of ``hookline.agent``; not subclassed, so
    that ``hookline.sql`` does not depend on the agent).

    ``base_prompt`` may use ``{dialect}``.  The schema part is at most
    ``max_chars`` characters: tables that do not fit are listed by name, as
    far as they fit.  ``docs`` (the database's documentation, ``hookline train --doc``)
    follow the schema, at most ``max_doc_chars`` of them.  ``refresh()`` drops the
    cache (``ttl_s`` does it periodically).  If the database cannot be read, the
    prompt goes out without the schema (logged) and the next turn tries again.

    Example::

        runner = SqliteRunner(ensure_sample_database())
        agent = Agent(llm, tool_registry=ToolRegistry([RunSqlTool(runner)]),
                      system_prompt_builder=SchemaAwareSystemPromptBuilder(runner))
    """

    def __init__(
        self,
        runner: SqlRunner,
        *,
        base_prompt: str = DEFAULT_SQL_PROMPT,
        max_chars: int = 8000,
        ttl_s: float | None = None,
        docs: DatabaseDocs | None = None,
        max_doc_chars: int = 4000,
    ) -> None:
        self.runner = runner
        self.docs = docs
        self.max_doc_chars = max_doc_chars
        self.base_prompt = base_prompt
        self.max_chars = max_chars
        self.ttl_s = ttl_s
        self._cached: tuple[float, str] | None = None
        self._lock = asyncio.Lock()

    async def build_system_prompt(self, user: User, tools: list[ToolSchema]) -> str | None:
        prompt = self.base_prompt.replace("{dialect}", self.runner.dialect)
        schema = await self.schema_text()
        if schema:
            prompt += "\n\n" + schema
        documentation = documentation_text(self.docs, max_chars=self.max_doc_chars)
        if documentation:
            prompt += "\n\n" + documentation
        if tools:
            prompt += "\n\nAvailable tools: " + ", ".join(t.name for t in tools) + "."
        return prompt

    async def schema_text(self) -> str:
        """The schema section (cached); empty when the database cannot be read."""
        async with self._lock:
            if self._cached is not None and not self._expired(self._cached[0]):
                return self._cached[1]
            try:
                schema = await self.runner.describe()
            except (SqlExecutionError, OSError) as exc:
                logger.warning("Schema introspection failed, prompt sent without it: %s", exc)
                return ""
            text = format_schema(schema, max_chars=self.max_chars)
            self._cached = (time.monotonic(), text)
            return text

    def refresh(self) -> None:
        """Forget the cached schema; the next prompt introspects again."""
        self._cached = None

    def _expired(self, created: float) -> bool:
        return self.ttl_s is not None and time.monotonic() - created > self.ttl_s


def format_schema(schema: DatabaseSchema, *, max_chars: int = 8000) -> str:
    """One line per table: ``name(col TYPE PK, col TYPE -> other.col, ...)``, within ``max_chars``.

    Example::

        format_schema(await runner.describe(), max_chars=2000)
    """
    lines = [
        f"Database schema ({schema.dialect}; one line per table, PK = primary key, "
        "-> = foreign key):"
    ]
    used = len(lines[0])
    tables = schema.tables
    for index, table in enumerate(tables):
        line = _table_line(table)
        left = len(tables) - index - 1
        reserve = len(f"\n... {left} more tables not shown") if left else 0
        if used + 1 + len(line) + reserve > max_chars:
            lines.append(_omitted(tables[index:], max_chars - used - 1))
            break
        lines.append(line)
        used += 1 + len(line)
    return "\n".join(line for line in lines if line)[:max_chars]


def _table_line(table: TableInfo) -> str:
    single_keys = {k.columns[0]: k for k in table.foreign_keys if len(k.columns) == 1}
    parts = []
    for column in table.columns:
        part = f"{column.name} {column.type}".rstrip()
        if table.primary_key == [column.name]:
            part += " PK"
        key = single_keys.get(column.name)
        if key is not None:
            target = key.ref_columns[0] if key.ref_columns else "?"
            part += f" -> {key.ref_table}.{target}"
        parts.append(part)
    if len(table.primary_key) > 1:
        parts.append(f"PRIMARY KEY ({', '.join(table.primary_key)})")
    for key in table.foreign_keys:
        if len(key.columns) > 1:
            parts.append(
                f"FOREIGN KEY ({', '.join(key.columns)}) -> "
                f"{key.ref_table}({', '.join(key.ref_columns)})"
            )
    prefix = "view " if table.kind == "view" else ""
    return f"{prefix}{table.name}({', '.join(parts)})"


def _omitted(tables: list[TableInfo], room: int) -> str:
    head = f"... {len(tables)} more tables not shown"
    names: list[str] = []
    for table in tables:
        candidate = f"{head}: {', '.join([*names, table.name])}"
        if len(candidate) > room:
            break
        names.append(table.name)
    text = f"{head}: {', '.join(names)}" if names else head
    return text if len(text) <= room else ""


def documentation_text(docs: DatabaseDocs | None, *, max_chars: int = 4000) -> str:
    """The documentation as a prompt section, cut at ``max_chars`` (a note says so).

    Example::

        documentation_text(parse_documentation(Path("docs.md").read_text()))
    """
    if docs is None or not docs.text.strip():
        return ""
    head = "Documentation of this database (from its owner):\n"
    text = docs.text.strip()
    if len(head) + len(text) > max_chars:
        note = "\n... (documentation cut)"
        text = text[: max(0, max_chars - len(head) - len(note))] + note
    return head + text


def replace_schema(prompt: str, schema_text: str) -> str:
    """``prompt`` (as ``SchemaAwareSystemPromptBuilder`` builds it) with its schema section
    replaced by ``schema_text``; unchanged when it has none.

    Example::

        replace_schema(prompt, format_schema(DatabaseSchema(dialect="sqlite", tables=few)))
    """
    start = prompt.find("Database schema (")
    if start < 0:
        return prompt
    end = prompt.find("\n\n", start)
    return prompt[:start] + schema_text + (prompt[end:] if end >= 0 else "")
