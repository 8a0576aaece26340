"""The AgentMemory contract, run against every backend: in-process, SQLite, PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hookline.memory import (
    AgentMemory,
    MemoryAgentMemory,
    SqliteAgentMemory,
    tenant_scope,
)
from hookline.memory.postgres import PostgresAgentMemory
from hookline.memory.scope import MemoryScope, user_scope
from hookline.tools.context import ToolContext
from hookline.users.models import User


def ctx(user_id: str, **metadata: Any) -> ToolContext:
    return ToolContext(
        user=User(id=user_id, metadata=metadata), conversation_id="c1", request_id="r1"
    )


ALICE, BOB = ctx("alice", tenant_id="acme"), ctx("bob", tenant_id="acme")
CAROL = ctx("carol", tenant_id="globex")


async def _make(request: pytest.FixtureRequest, tmp_path: Path, scope: MemoryScope) -> AgentMemory:
    if request.param == "memory":
        return MemoryAgentMemory(scope=scope)
    if request.param == "sqlite":
        return SqliteAgentMemory(tmp_path / "memory.db", scope=scope)
    dsn, schema = request.getfixturevalue("pg_dsn"), request.getfixturevalue("pg_schema")
    return PostgresAgentMemory(dsn, schema=schema, scope=scope)


async def _close(memory: AgentMemory) -> None:
    if isinstance(memory, SqliteAgentMemory | PostgresAgentMemory):
        await memory.close()


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def memory(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AgentMemory]:
    made = await _make(request, tmp_path, user_scope)
    yield made
    await _close(made)


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def tenant_memory(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[AgentMemory]:
    made = await _make(request, tmp_path, tenant_scope())
    yield made
    await _close(made)


ARGS = {"sql": "SELECT name, SUM(total) FROM orders GROUP BY 1 -- 'é'", "limit": 10, "x": [1.5]}


async def test_a_saved_tool_use_is_found_by_a_similar_question(memory: AgentMemory) -> None:
    saved = await memory.save_tool_usage(
        "Who are the top customers by revenue?", "run_sql", ARGS, ALICE, metadata={"rows": 3}
    )
    await memory.save_tool_usage("Weather in Paris", "get_weather", {"city": "Paris"}, ALICE)

    results = await memory.search_similar_usage("top customers last year", ALICE)

    assert [r.memory for r in results] == [saved]
    assert results[0].rank == 1
    assert 0 < results[0].similarity_score <= 1
    assert (saved.args, saved.metadata) == (ARGS, {"rows": 3})


async def test_tool_search_orders_best_first_and_honours_limit_and_threshold(
    memory: AgentMemory,
) -> None:
    exact = await memory.save_tool_usage("monthly revenue by region", "run_sql", {}, ALICE)
    partial = await memory.save_tool_usage("revenue of the shop in 2020", "run_sql", {}, ALICE)

    everything = await memory.search_similar_usage("monthly revenue by region", ALICE)
    one = await memory.search_similar_usage("monthly revenue by region", ALICE, limit=1)
    strict = await memory.search_similar_usage(
        "monthly revenue by region", ALICE, similarity_threshold=0.9
    )

    assert [r.memory.memory_id for r in everything] == [exact.memory_id, partial.memory_id]
    assert [r.rank for r in everything] == [1, 2]
    assert everything[0].similarity_score == pytest.approx(1.0)
    assert everything[0].similarity_score > everything[1].similarity_score
    assert [r.memory.memory_id for r in one] == [exact.memory_id]
    assert [r.memory.memory_id for r in strict] == [exact.memory_id]


async def test_tool_search_skips_failed_uses_and_filters_by_tool(memory: AgentMemory) -> None:
    await memory.save_tool_usage("chart of sales", "run_sql", {}, ALICE, success=False)
    chart = await memory.save_tool_usage("chart of sales", "make_chart", {}, ALICE)
    sql = await memory.save_tool_usage("sales per month", "run_sql", {}, ALICE)

    both = await memory.search_similar_usage("sales chart", ALICE)
    only_sql = await memory.search_similar_usage("sales chart", ALICE, tool_name_filter="run_sql")

    assert {r.memory.memory_id for r in both} == {chart.memory_id, sql.memory_id}
    assert [r.memory.memory_id for r in only_sql] == [sql.memory_id]


async def test_text_memories_are_searched_listed_and_deleted(memory: AgentMemory) -> None:
    fiscal = await memory.save_text_memory("The fiscal year starts in April.", ALICE)
    other = await memory.save_text_memory("Revenue is reported in euros.", ALICE)

    hits = await memory.search_text_memories("when does the fiscal year start?", ALICE)
    recent = await memory.get_recent_text_memories(ALICE)
    deleted = await memory.delete_text_memory(ALICE, fiscal.memory_id)

    assert [h.memory for h in hits] == [fiscal]
    assert [m.memory_id for m in recent] == [other.memory_id, fiscal.memory_id]
    assert deleted is True
    assert await memory.delete_text_memory(ALICE, fiscal.memory_id) is False
    assert await memory.search_text_memories("fiscal year", ALICE) == []
    assert [m.memory_id for m in await memory.get_recent_text_memories(ALICE)] == [other.memory_id]


async def test_recent_tool_memories_are_newest_first_and_deletable(memory: AgentMemory) -> None:
    saved = [await memory.save_tool_usage(f"question {i}", "t", {"i": i}, ALICE) for i in range(4)]

    recent = await memory.get_recent_memories(ALICE, limit=3)
    assert await memory.delete_by_id(ALICE, saved[3].memory_id) is True
    assert await memory.delete_by_id(ALICE, saved[3].memory_id) is False
    after = await memory.get_recent_memories(ALICE)

    assert recent == [saved[3], saved[2], saved[1]]
    assert [m.memory_id for m in after] == [m.memory_id for m in reversed(saved[:3])]
    assert await memory.search_similar_usage("question", ALICE, limit=10) != []


async def test_memories_are_private_to_their_user(memory: AgentMemory) -> None:
    tool = await memory.save_tool_usage("secret revenue numbers", "run_sql", ARGS, ALICE)
    text = await memory.save_text_memory("alice's secret revenue note", ALICE)

    assert await memory.search_similar_usage("secret revenue", BOB) == []
    assert await memory.search_text_memories("secret revenue", BOB) == []
    assert await memory.get_recent_memories(BOB) == []
    assert await memory.get_recent_text_memories(BOB) == []
    assert await memory.delete_by_id(BOB, tool.memory_id) is False
    assert await memory.delete_text_memory(BOB, text.memory_id) is False
    assert await memory.get_recent_memories(ALICE) == [tool]
    assert await memory.get_recent_text_memories(ALICE) == [text]


async def test_a_tenant_scope_shares_within_the_tenant_only(tenant_memory: AgentMemory) -> None:
    note = await tenant_memory.save_text_memory("acme ships on Fridays", ALICE)

    assert [h.memory for h in await tenant_memory.search_text_memories("ships", BOB)] == [note]
    assert await tenant_memory.search_text_memories("ships", CAROL) == []
    assert await tenant_memory.delete_text_memory(CAROL, note.memory_id) is False
    with pytest.raises(ValueError, match="tenant_id"):
        await tenant_memory.save_text_memory("no tenant", ctx("dave"))


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("", False),
        ("   ?!  ", False),
        ("'; DROP TABLE memory_texts; --", False),
        ('NEAR(fiscal year) OR "unbalanced * ^ :', True),
        ("fiscal & !year | (april):*", True),
    ],
    ids=["empty", "punctuation", "sql", "fts5-syntax", "tsquery-syntax"],
)
async def test_odd_queries_are_words_not_syntax(
    memory: AgentMemory, query: str, found: bool
) -> None:
    note = await memory.save_text_memory("The fiscal year starts in April.", ALICE)

    hits = await memory.search_text_memories(query, ALICE)
    tool_hits = await memory.search_similar_usage(query, ALICE)

    assert [h.memory for h in hits] == ([note] if found else [])
    assert tool_hits == []
    assert await memory.get_recent_text_memories(ALICE) == [note]
