"""PostgresAgentMemory: agent memory in PostgreSQL, found by tsvector full-text search."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from hookline.memory.base import AgentMemory
from hookline.memory.models import (
    TextMemory,
    TextMemorySearchResult,
    ToolMemory,
    ToolMemorySearchResult,
)
from hookline.memory.scope import MemoryContext, MemoryScope, user_scope
from hookline.memory.text import new_memory_id, overlap_score, tsquery
from hookline.storage.migrations import PostgresMigration, TableNames
from hookline.storage.postgres_db import PostgresDatabase

__all__ = ["MIGRATIONS", "PostgresAgentMemory"]

_TOOL_COLUMNS = "id, question, tool_name, args, success, metadata, created_at"
_TEXT_COLUMNS = "id, body, created_at"
_CANDIDATES = 50  # ranked candidates read before the threshold is applied


class PostgresAgentMemory(AgentMemory):
    """Tool and text memories in PostgreSQL, searched with ``tsvector`` full-text search.

    Each memory's text is indexed (GIN) as an English ``tsvector``; a query
    matches a memory sharing any stemmed word, ranked by ``ts_rank_cd``.
    ``similarity_score`` is the cosine of the word sets (0..1), as in the
    other backends, so thresholds mean the same everywhere.  Scoping,
    ``dsn``/``pool``, ``schema`` and ``table_prefix`` work as in
    ``PostgresConversationStore`` (and may share its schema).

    Example::

        memory = PostgresAgentMemory("postgresql://app@db/hookline")
        await memory.save_text_memory("Fiscal year starts in April.", context)
        hits = await memory.search_text_memories("fiscal year start", context)
    """

    def __init__(
        self,
        dsn: str | None = None,
        *,
        pool: Any = None,
        scope: MemoryScope = user_scope,
        schema: str | None = None,
        table_prefix: str = "hookline_",
        create_schema: bool = True,
        max_pool_size: int = 10,
    ) -> None:
        self.names = TableNames(schema=schema, prefix=table_prefix)
        self._db = PostgresDatabase(
            dsn=dsn,
            pool=pool,
            names=self.names,
            component="memory",
            migrations=MIGRATIONS,
            auto_migrate=create_schema,
            max_pool_size=max_pool_size,
        )
        self._scope = scope
        self._tools = self.names.table("memory_tools")
        self._texts = self.names.table("memory_texts")

    async def create_schema(self) -> int:
        """Create or migrate the tables (idempotent, safe from many processes); the version."""
        return await self._db.migrate()

    async def save_tool_usage(
        self,
        question: str,
        tool_name: str,
        args: dict[str, Any],
        context: MemoryContext,
        *,
        success: bool = True,
        metadata: dict[str, Any] | None = None,
    ) -> ToolMemory:
        memory = ToolMemory.new(
            new_memory_id(), question, tool_name, args, success=success, metadata=metadata
        )
        pool = await self._db.pool()
        await pool.execute(
            f"INSERT INTO {self._tools} (id, scope, question, tool_name, args, success, "
            "metadata, created_at) "
            "VALUES ($1, $2, $3, $4, $5::json, $6, $7::json, $8)",
            memory.memory_id,
            self._scope(context),
            question,
            tool_name,
            json.dumps(memory.args, ensure_ascii=False),
            success,
            json.dumps(memory.metadata, ensure_ascii=False),
            memory.timestamp,
        )
        return memory

    async def search_similar_usage(
        self,
        question: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
        tool_name_filter: str | None = None,
    ) -> list[ToolMemorySearchResult]:
        where, params = "scope = $2 AND success", [self._scope(context)]
        if tool_name_filter is not None:
            where, params = f"{where} AND tool_name = $3", [*params, tool_name_filter]
        rows = await self._search(self._tools, _TOOL_COLUMNS, question, where, params)
        memories = [_tool_memory(r) for r in rows]
        best = _best(
            [(overlap_score(question, m.question), m) for m in memories],
            limit,
            similarity_threshold,
        )
        return [
            ToolMemorySearchResult(memory=m, similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def save_text_memory(self, content: str, context: MemoryContext) -> TextMemory:
        memory = TextMemory(memory_id=new_memory_id(), content=content, timestamp=datetime.now(UTC))
        pool = await self._db.pool()
        await pool.execute(
            f"INSERT INTO {self._texts} (id, scope, body, created_at) VALUES ($1, $2, $3, $4)",
            memory.memory_id,
            self._scope(context),
            content,
            memory.timestamp,
        )
        return memory

    async def search_text_memories(
        self,
        query: str,
        context: MemoryContext,
        *,
        limit: int = 10,
        similarity_threshold: float = 0.0,
    ) -> list[TextMemorySearchResult]:
        rows = await self._search(
            self._texts, _TEXT_COLUMNS, query, "scope = $2", [self._scope(context)]
        )
        memories = [_text_memory(r) for r in rows]
        best = _best(
            [(overlap_score(query, m.content), m) for m in memories], limit, similarity_threshold
        )
        return [
            TextMemorySearchResult(memory=m, similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def get_recent_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[ToolMemory]:
        rows = await self._recent(self._tools, _TOOL_COLUMNS, context, limit)
        return [_tool_memory(r) for r in rows]

    async def get_recent_text_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[TextMemory]:
        rows = await self._recent(self._texts, _TEXT_COLUMNS, context, limit)
        return [_text_memory(r) for r in rows]

    async def delete_by_id(self, context: MemoryContext, memory_id: str) -> bool:
        return await self._delete(self._tools, context, memory_id)

    async def delete_text_memory(self, context: MemoryContext, memory_id: str) -> bool:
        return await self._delete(self._texts, context, memory_id)

    async def close(self) -> None:
        """Close the pool if the memory made it."""
        await self._db.close()

    async def _search(
        self, table: str, columns: str, query: str, where: str, params: list[Any]
    ) -> list[Any]:
        text = tsquery(query)
        if text is None:
            return []
        pool = await self._db.pool()
        return list(
            await pool.fetch(
                f"SELECT {columns} FROM {table}, to_tsquery('english', $1) AS q "
                f"WHERE tsv @@ q AND {where} "
                f"ORDER BY ts_rank_cd(tsv, q) DESC, created_at DESC LIMIT {_CANDIDATES}",
                text,
                *params,
            )
        )

    async def _recent(
        self, table: str, columns: str, context: MemoryContext, limit: int
    ) -> list[Any]:
        pool = await self._db.pool()
        return list(
            await pool.fetch(
                f"SELECT {columns} FROM {table} WHERE scope = $1 "
                "ORDER BY created_at DESC, id DESC LIMIT $2",
                self._scope(context),
                max(limit, 0),
            )
        )

    async def _delete(self, table: str, context: MemoryContext, memory_id: str) -> bool:
        pool = await self._db.pool()
        deleted = await pool.fetchval(
            f"DELETE FROM {table} WHERE id = $1 AND scope = $2 RETURNING id",
            memory_id,
            self._scope(context),
        )
        return deleted is not None


def _best(scored: list[tuple[float, Any]], limit: int, threshold: float) -> list[Any]:
    return [(s, m) for s, m in scored if s >= threshold][: max(limit, 0)]


def _tool_memory(row: Any) -> ToolMemory:
    return ToolMemory(
        memory_id=row[0],
        question=row[1],
        tool_name=row[2],
        args=json.loads(row[3]),
        success=row[4],
        metadata=json.loads(row[5]),
        timestamp=row[6],
    )


def _text_memory(row: Any) -> TextMemory:
    return TextMemory(memory_id=row[0], content=row[1], timestamp=row[2])


async def _migration_1_initial(conn: Any, names: TableNames) -> None:
    tools, texts = names.table("memory_tools"), names.table("memory_texts")
    await conn.execute(
        f"CREATE TABLE {tools} (id TEXT PRIMARY KEY, scope TEXT NOT NULL, "
        "question TEXT NOT NULL, tool_name TEXT NOT NULL, args JSON NOT NULL, "
        "success BOOLEAN NOT NULL, metadata JSON NOT NULL, created_at TIMESTAMPTZ NOT NULL, "
        "tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', question)) STORED)"
    )
    await conn.execute(
        f"CREATE TABLE {texts} (id TEXT PRIMARY KEY, scope TEXT NOT NULL, body TEXT NOT NULL, "
        "created_at TIMESTAMPTZ NOT NULL, "
        "tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', body)) STORED)"
    )
    for name, table in (("memory_tools", tools), ("memory_texts", texts)):
        await conn.execute(f"CREATE INDEX {names.index(name + '_tsv')} ON {table} USING GIN (tsv)")
        await conn.execute(
            f"CREATE INDEX {names.index(name + '_recent')} ON {table} (scope, created_at DESC)"
        )


MIGRATIONS: tuple[PostgresMigration, ...] = (_migration_1_initial,)
"""The memory schema's migrations, oldest first; the version is the count."""
