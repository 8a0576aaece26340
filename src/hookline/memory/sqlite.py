"""SqliteAgentMemory: agent memory in SQLite, found by FTS5 full-text search (BM25)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import aiosqlite

from hookline.memory.base import AgentMemory
from hookline.memory.embedder import Embedder, cosine, pack_vector, unpack_vector
from hookline.memory.models import (
    TextMemory,
    TextMemorySearchResult,
    ToolMemory,
    ToolMemorySearchResult,
)
from hookline.memory.scope import MemoryContext, MemoryScope, user_scope
from hookline.memory.text import fts5_query, new_memory_id, overlap_score
from hookline.storage.migrations import SqliteMigration
from hookline.storage.rows import from_micros, to_micros
from hookline.storage.sqlite_db import SqliteDatabase

__all__ = ["MIGRATIONS", "SqliteAgentMemory"]

_TOOL_COLUMNS = "t.id, t.question, t.tool_name, t.args, t.success, t.metadata, t.created_us"
_TEXT_COLUMNS = "t.id, t.body, t.created_us"
M = TypeVar("M", ToolMemory, TextMemory)
_CANDIDATES = 50  # BM25 candidates read before the threshold is applied


class SqliteAgentMemory(AgentMemory):
    """Tool and text memories in a SQLite file, searched with FTS5 and ranked by BM25.

    A memory matches when it shares a word (after Porter stemming) with the
    query.  Results are in BM25 order; ``similarity_score`` is the cosine
    of the word sets (0..1, the same measure as ``MemoryAgentMemory``) so a
    ``similarity_threshold`` means the same on every backend.  With an
    ``embedder``, new memories also store a vector and searches rank by
    cosine similarity of vectors instead (brute force over the scope: fine
    for thousands of memories).  Memories are scoped per user unless
    ``scope`` says otherwise.  The file may be the conversation store's.

    Example::

        memory = SqliteAgentMemory("hookline.db")
        await memory.save_tool_usage("top customers", "run_sql", {"sql": "..."}, context)
        hits = await memory.search_similar_usage("who are our top customers?", context)
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        scope: MemoryScope = user_scope,
        embedder: Embedder | None = None,
        busy_timeout: float = 30.0,
    ) -> None:
        self._db = SqliteDatabase(
            path, component="memory", migrations=MIGRATIONS, busy_timeout=busy_timeout
        )
        self.path = self._db.path
        self._scope = scope
        self._embedder = embedder

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
        scope, vector = self._scope(context), await self._vector(question)
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO memory_tools (id, scope, question, tool_name, args, success, "
                "metadata, created_us, embedding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    memory.memory_id,
                    scope,
                    question,
                    tool_name,
                    json.dumps(memory.args, ensure_ascii=False),
                    int(success),
                    json.dumps(memory.metadata, ensure_ascii=False),
                    to_micros(memory.timestamp),
                    vector,
                ),
            )
            await db.execute(
                "INSERT INTO memory_tools_fts (rowid, question) VALUES (?, ?)",
                (cursor.lastrowid, question),
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
        where, params = "t.scope = ? AND t.success = 1", [self._scope(context)]
        if tool_name_filter is not None:
            where, params = f"{where} AND t.tool_name = ?", [*params, tool_name_filter]
        if self._embedder is not None:
            rows = await self._vector_search(question, "memory_tools", where, params, _TOOL_COLUMNS)
        else:
            rows = await self._text_search(question, "memory_tools", where, params, _TOOL_COLUMNS)
        scored = [(s, _tool_memory(r)) for s, r in rows]
        best = _best(scored, limit, similarity_threshold, lambda m: m.question, question)
        return [
            ToolMemorySearchResult(memory=m, similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def save_text_memory(self, content: str, context: MemoryContext) -> TextMemory:
        memory = TextMemory(memory_id=new_memory_id(), content=content, timestamp=datetime.now(UTC))
        scope, vector = self._scope(context), await self._vector(content)
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO memory_texts (id, scope, body, created_us, embedding) "
                "VALUES (?, ?, ?, ?, ?)",
                (memory.memory_id, scope, content, to_micros(memory.timestamp), vector),
            )
            await db.execute(
                "INSERT INTO memory_texts_fts (rowid, body) VALUES (?, ?)",
                (cursor.lastrowid, content),
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
        where, params = "t.scope = ?", [self._scope(context)]
        if self._embedder is not None:
            rows = await self._vector_search(query, "memory_texts", where, params, _TEXT_COLUMNS)
        else:
            rows = await self._text_search(query, "memory_texts", where, params, _TEXT_COLUMNS)
        scored = [(s, _text_memory(r)) for s, r in rows]
        best = _best(scored, limit, similarity_threshold, lambda m: m.content, query)
        return [
            TextMemorySearchResult(memory=m, similarity_score=s, rank=i)
            for i, (s, m) in enumerate(best, start=1)
        ]

    async def get_recent_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[ToolMemory]:
        rows = await self._recent("memory_tools", _TOOL_COLUMNS, context, limit)
        return [_tool_memory(r) for r in rows]

    async def get_recent_text_memories(
        self, context: MemoryContext, limit: int = 10
    ) -> list[TextMemory]:
        rows = await self._recent("memory_texts", _TEXT_COLUMNS, context, limit)
        return [_text_memory(r) for r in rows]

    async def delete_by_id(self, context: MemoryContext, memory_id: str) -> bool:
        return await self._delete("memory_tools", context, memory_id)

    async def delete_text_memory(self, context: MemoryContext, memory_id: str) -> bool:
        return await self._delete("memory_texts", context, memory_id)

    async def close(self) -> None:
        """Close the file; the next call opens it again."""
        await self._db.close()

    async def _vector(self, text: str) -> bytes | None:
        if self._embedder is None:
            return None
        vectors = await asyncio.to_thread(self._embedder.embed, [text])
        return pack_vector(vectors[0])

    async def _text_search(
        self, query: str, table: str, where: str, params: list[Any], columns: str
    ) -> list[tuple[float | None, Any]]:
        """Rows matching any word of ``query``, best BM25 first (score filled in later)."""
        match = fts5_query(query)
        if match is None:
            return []
        sql = (
            f"SELECT {columns} FROM {table}_fts JOIN {table} t ON t.pk = {table}_fts.rowid "
            f"WHERE {table}_fts MATCH ? AND {where} "
            f"ORDER BY bm25({table}_fts), t.pk DESC LIMIT {_CANDIDATES}"
        )
        async with (
            self._db.transaction(write=False) as db,
            db.execute(sql, [match, *params]) as cursor,
        ):
            return [(None, row) async for row in cursor]

    async def _vector_search(
        self, query: str, table: str, where: str, params: list[Any], columns: str
    ) -> list[tuple[float | None, Any]]:
        """Every row of the scope that has a vector, most similar first."""
        target = unpack_vector(await self._vector(query) or b"")
        sql = (
            f"SELECT {columns}, t.embedding FROM {table} t "
            f"WHERE {where} AND t.embedding IS NOT NULL"
        )
        async with self._db.transaction(write=False) as db, db.execute(sql, params) as cursor:
            scored: list[tuple[float | None, Any]] = [
                (cosine(target, unpack_vector(r[-1])), r[:-1]) async for r in cursor
            ]
        scored.sort(key=lambda pair: pair[0] or 0.0, reverse=True)
        return list(scored)

    async def _recent(
        self, table: str, columns: str, context: MemoryContext, limit: int
    ) -> list[Any]:
        async with (
            self._db.transaction(write=False) as db,
            db.execute(
                f"SELECT {columns} FROM {table} t WHERE t.scope = ? "
                "ORDER BY t.created_us DESC, t.pk DESC LIMIT ?",
                (self._scope(context), max(limit, 0)),
            ) as cursor,
        ):
            return list(await cursor.fetchall())

    async def _delete(self, table: str, context: MemoryContext, memory_id: str) -> bool:
        async with self._db.transaction() as db:
            async with db.execute(
                f"SELECT pk FROM {table} WHERE id = ? AND scope = ?",
                (memory_id, self._scope(context)),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return False
            await db.execute(f"DELETE FROM {table}_fts WHERE rowid = ?", (row[0],))
            await db.execute(f"DELETE FROM {table} WHERE pk = ?", (row[0],))
        return True


def _best(
    scored: list[tuple[float | None, M]],
    limit: int,
    threshold: float,
    text_of: Callable[[M], str],
    query: str,
) -> list[tuple[float, M]]:
    """Keep the search order; fill lexical scores; drop those under ``threshold``."""
    kept: list[tuple[float, M]] = []
    for score, memory in scored:
        value = overlap_score(query, text_of(memory)) if score is None else max(score, 0.0)
        if value >= threshold:
            kept.append((value, memory))
    return kept[: max(limit, 0)]


def _tool_memory(row: Any) -> ToolMemory:
    return ToolMemory(
        memory_id=row[0],
        question=row[1],
        tool_name=row[2],
        args=json.loads(row[3]),
        success=bool(row[4]),
        metadata=json.loads(row[5]),
        timestamp=from_micros(row[6]),
    )


def _text_memory(row: Any) -> TextMemory:
    return TextMemory(memory_id=row[0], content=row[1], timestamp=from_micros(row[2]))


_TOKENIZER = "tokenize = 'porter unicode61 remove_diacritics 2'"


async def _migration_1_initial(db: aiosqlite.Connection) -> None:
    await db.execute(
        "CREATE TABLE memory_tools (pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, "
        "scope TEXT NOT NULL, question TEXT NOT NULL, tool_name TEXT NOT NULL, "
        "args TEXT NOT NULL, success INTEGER NOT NULL, metadata TEXT NOT NULL, "
        "created_us INTEGER NOT NULL, embedding BLOB)"
    )
    await db.execute("CREATE INDEX memory_tools_recent ON memory_tools (scope, created_us DESC)")
    await db.execute(f"CREATE VIRTUAL TABLE memory_tools_fts USING fts5 (question, {_TOKENIZER})")
    await db.execute(
        "CREATE TABLE memory_texts (pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, "
        "scope TEXT NOT NULL, body TEXT NOT NULL, created_us INTEGER NOT NULL, embedding BLOB)"
    )
    await db.execute("CREATE INDEX memory_texts_recent ON memory_texts (scope, created_us DESC)")
    await db.execute(f"CREATE VIRTUAL TABLE memory_texts_fts USING fts5 (body, {_TOKENIZER})")


MIGRATIONS: tuple[SqliteMigration, ...] = (_migration_1_initial,)
"""The memory schema's migrations, oldest first; the version is the count."""
