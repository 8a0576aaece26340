"""ResponseCacheMiddleware: exact-request cache, memory LRU and SQLite, TTL, hit/miss."""

from __future__ import annotations

from pathlib import Path

from hookline import (
    LlmMessage,
    LlmRequest,
    LlmResponse,
    Message,
    RequestContext,
    ScriptedLlmService,
    ToolSchema,
    User,
    text_reply,
    tool_call_reply,
)
from hookline.events import AfterLLMCallEvent
from hookline.middleware import ResponseCacheMiddleware, SqliteCacheStore, request_key
from hookline.storage import MemoryCacheStore
from tests.conftest import collect, make_agent

USER = User(id="default", username="default")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_the_same_question_is_answered_from_the_cache() -> None:
    cache = ResponseCacheMiddleware()
    agent, llm = make_agent([text_reply("Paris.")], middleware=[cache])
    seen: list[LlmResponse] = []
    agent.hooks.on(AfterLLMCallEvent, lambda e: seen.append(e.data.response))
    first = await agent.run("Capital of France?")
    second = await agent.run("Capital of France?")  # a new conversation: the same request
    assert first.text == second.text == "Paris."
    assert len(llm.requests) == 1
    assert (cache.hits, cache.misses) == (1, 1)
    assert [r.metadata.get("cache") for r in seen] == ["miss", "hit"]
    assert second.usage.total_tokens == 0
    assert first.usage.total_tokens == 15


async def test_a_different_request_is_a_miss() -> None:
    cache = ResponseCacheMiddleware()
    agent, llm = make_agent([text_reply("Paris."), text_reply("Rome.")], middleware=[cache])
    await agent.run("Capital of France?")
    assert (await agent.run("Capital of Italy?")).text == "Rome."
    assert len(llm.requests) == 2
    assert cache.hits == 0


async def test_tool_call_responses_are_not_cached_unless_configured() -> None:
    script = [tool_call_reply("lookup", {"city": "Oslo"}, call_id="c1"), text_reply("0.7 million")]
    cache = ResponseCacheMiddleware()
    agent, llm = make_agent([*script, *script], middleware=[cache])
    await agent.run("Oslo?")
    await agent.run("Oslo?")
    assert len(llm.requests) == 3  # the tool call is asked for again; the answer is a hit
    assert (cache.hits, cache.misses) == (1, 3)
    replaying = ResponseCacheMiddleware(cache_tool_calls=True)
    agent, llm = make_agent(script, middleware=[replaying])
    await agent.run("Oslo?")
    result = await agent.run("Oslo?")
    assert result.text == "0.7 million"
    assert len(llm.requests) == 2
    assert replaying.hits == 2


async def test_ttl_expires_answers() -> None:
    clock = Clock()
    cache = ResponseCacheMiddleware(MemoryCacheStore(clock=clock), ttl=60)
    agent, llm = make_agent([text_reply("old"), text_reply("new")], middleware=[cache])
    await agent.run("news?")
    clock.now += 59
    assert (await agent.run("news?")).text == "old"
    clock.now += 2
    assert (await agent.run("news?")).text == "new"
    assert len(llm.requests) == 2


async def test_sqlite_store_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "cache.db"
    first = SqliteCacheStore(path)
    agent, _ = make_agent([text_reply("Paris.")], middleware=[ResponseCacheMiddleware(first)])
    await agent.run("Capital of France?")
    await first.close()
    second = SqliteCacheStore(path)  # another process, the same file
    cache = ResponseCacheMiddleware(second)
    restarted, other_llm = make_agent([], middleware=[cache])
    assert (await restarted.run("Capital of France?")).text == "Paris."
    assert other_llm.requests == []
    assert cache.hits == 1
    await second.close()


async def test_sqlite_store_ttl_purge_and_value_types(tmp_path: Path) -> None:
    clock = Clock()
    store = SqliteCacheStore(tmp_path / "cache.db", clock=clock)
    await store.set("old", "x", ttl=10)
    await store.set("forever", b"\x00bytes", ttl=None)
    await store.set("fresh", "z", ttl=100)
    clock.now += 50
    assert await store.get("old") is None
    await store.set("older", "w", ttl=1)
    clock.now += 5
    assert await store.purge_expired() == 1
    assert [await store.get(k) for k in ("forever", "fresh", "older")] == [b"\x00bytes", "z", None]
    assert await store.delete("fresh")
    assert not await store.delete("fresh")
    await store.close()


async def test_the_cache_can_share_the_conversations_file(tmp_path: Path) -> None:
    from hookline import SqliteConversationStore

    path = tmp_path / "hookline.db"
    conversations = SqliteConversationStore(path)
    cache = ResponseCacheMiddleware(SqliteCacheStore(path))
    agent, llm = make_agent([text_reply("Paris.")], middleware=[cache])
    agent.conversation_store = conversations
    await agent.run("Capital of France?", conversation_id="c1")
    assert (await agent.run("Capital of France?", conversation_id="c2")).text == "Paris."
    assert len(llm.requests) == 1
    assert len(await conversations.list_conversations(USER)) == 2
    await conversations.close()
    await cache.store.close()


async def test_a_streamed_hit_still_shows_the_answer() -> None:
    cache = ResponseCacheMiddleware()
    agent, llm = make_agent([text_reply("cached text")], stream=True, middleware=[cache])
    await agent.run("hi")
    components = await collect(agent.send_message(RequestContext(), "hi"))
    texts = [c.rich_component for c in components if c.type == "text"]
    assert "".join(t.content for t in texts) == "cached text"  # type: ignore[attr-defined]
    assert len(llm.requests) == 1


def test_the_key_covers_what_the_model_sees_and_nothing_else() -> None:
    base = LlmRequest(
        messages=[LlmMessage(role="user", content="hi")],
        system_prompt="Be brief.",
        tools=[ToolSchema(name="t", description="d", parameters={"type": "object"})],
        temperature=0.2,
    )
    key = request_key(base)
    assert request_key(base.model_copy(update={"stream": True, "metadata": {"x": 1}})) == key
    stored = Message(role="user", content="hi", metadata={"any": "thing"})
    assert request_key(base.model_copy(update={"messages": [stored]})) == key
    for change in (
        {"messages": [LlmMessage(role="user", content="hi!")]},
        {"system_prompt": "Be long."},
        {"tools": None},
        {"temperature": 0.3},
        {"model": "other"},
        {"max_tokens": 5},
    ):
        assert request_key(base.model_copy(update=change)) != key, change
    assert request_key(base, namespace="agent-b") != key


async def test_a_hit_does_not_touch_the_shared_response_object() -> None:
    reply = text_reply("shared")
    llm = ScriptedLlmService([reply])
    cache = ResponseCacheMiddleware()
    agent, _ = make_agent([], middleware=[cache])
    agent.llm_service = llm
    await agent.run("q")
    await agent.run("q")
    assert reply.metadata == {}
