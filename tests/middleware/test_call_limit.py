"""CallLimitMiddleware: per-turn and per-conversation caps, clear messages, no leaked counters."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest

from hookline import (
    HookRegistry,
    LlmError,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolCall,
    TurnFailedError,
    User,
    text_reply,
    tool_call_reply,
)
from hookline.events import MODEL_CALL
from hookline.middleware import CallLimitMiddleware
from hookline.storage import MemoryCounterStore
from tests.conftest import make_agent

USER = User(id="default", username="default")


class RecordingCounters(MemoryCounterStore):
    """The in-process store, remembering which keys were counted."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: set[str] = set()

    async def incr(self, key: str, amount: int = 1, *, window: float | None = None) -> int:
        self.keys.add(key)
        return await super().incr(key, amount, window=window)

    async def live(self) -> dict[str, int]:
        """Every counted key whose counter is not zero."""
        values = {key: await self.get(key) for key in sorted(self.keys)}
        return {key: value for key, value in values.items() if value}


def always_a_tool_call(request: LlmRequest) -> LlmResponse:
    return tool_call_reply("lookup", {"city": "Oslo"})


def three_calls() -> LlmResponse:
    return LlmResponse(
        tool_calls=[
            ToolCall(id=f"t{i}", name="lookup", arguments={"city": city})
            for i, city in enumerate(("Oslo", "Rome", "Lima"))
        ]
    )


async def test_a_model_call_over_the_turn_limit_ends_the_turn_with_a_message() -> None:
    store = RecordingCounters()
    limits = CallLimitMiddleware(max_model_calls_per_turn=2, store=store)
    agent, _ = make_agent([], middleware=[limits])
    agent.llm_service = llm = ScriptedLlmService(always_a_tool_call)
    result = await agent.run("loop forever", conversation_id="c1")
    assert result.text == "I stopped here: this turn reached its limit of 2 model calls."
    assert len(llm.requests) == 2
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert [m.role for m in stored.messages] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]
    assert stored.messages[-1].content == result.text
    assert len(store.keys) == 1
    assert await store.live() == {}  # per-turn counters are gone


async def test_tool_calls_over_the_turn_limit_are_blocked_and_the_model_is_told() -> None:
    limits = CallLimitMiddleware(max_tool_calls_per_turn=2)
    agent, llm = make_agent([three_calls(), text_reply("Two of three.")], middleware=[limits])
    result = await agent.run("three cities")
    assert result.text == "Two of three."
    results = [m.content for m in llm.requests[1].messages if m.role == "tool"]
    assert results.count("Tool call blocked: tool call limit reached (2 per turn)") == 1
    assert sum(1 for r in results if r and r.endswith("2.1 million")) == 2


async def test_conversation_limits_span_turns() -> None:
    store = RecordingCounters()
    limits = CallLimitMiddleware(max_model_calls_per_conversation=2, store=store)
    agent, llm = make_agent(
        [text_reply("one"), text_reply("two"), text_reply("fresh")], middleware=[limits]
    )
    assert (await agent.run("1", conversation_id="c1")).text == "one"
    assert (await agent.run("2", conversation_id="c1")).text == "two"
    third = await agent.run("3", conversation_id="c1")
    assert third.text == "I stopped here: this conversation reached its limit of 2 model calls."
    assert len(llm.requests) == 2
    assert await store.live() == {"hookline:calls:conversation:c1:model": 2}  # refused: not counted
    other = await agent.run("elsewhere", conversation_id="c2")  # another conversation
    assert other.text == "fresh"


async def test_counters_of_a_failed_turn_are_cleaned_up() -> None:
    store = RecordingCounters()
    limits = CallLimitMiddleware(max_model_calls_per_turn=3, max_tool_calls_per_turn=3, store=store)
    agent, _ = make_agent(
        [tool_call_reply("lookup", {"city": "Oslo"}), LlmError("boom")], middleware=[limits]
    )
    with pytest.raises(TurnFailedError):
        await agent.run("fail")
    assert len(store.keys) == 2  # a model and a tool counter for the turn
    assert await store.live() == {}


async def test_tool_only_limits_do_not_touch_the_model_chain() -> None:
    registry = HookRegistry()
    registry.add(CallLimitMiddleware(max_tool_calls_per_turn=1))
    assert not registry.has_wrappers(MODEL_CALL)


@pytest.fixture
async def redis_client() -> AsyncIterator[object]:
    redis = pytest.importorskip("redis.asyncio")
    client = redis.Redis(host="127.0.0.1", port=6379)
    try:
        await client.ping()
    except Exception as exc:  # pragma: no cover - depends on the machine
        await client.aclose()
        pytest.skip(f"Redis at 127.0.0.1:6379 is unreachable: {exc}")
    yield client
    await client.aclose()


async def test_a_redis_store_shares_the_counts(redis_client: object) -> None:
    from hookline.storage import RedisCounterStore

    prefix = f"hookline-test:{os.getpid()}:{id(redis_client)}:"
    store = RedisCounterStore(client=redis_client, prefix=prefix)  # type: ignore[arg-type]
    limits = CallLimitMiddleware(
        max_model_calls_per_conversation=1,
        max_tool_calls_per_turn=5,
        conversation_window=3600,
        store=store,
    )
    agent, llm = make_agent([text_reply("first")], middleware=[limits])
    await agent.run("1", conversation_id="c1")
    other_process = CallLimitMiddleware(max_model_calls_per_conversation=1, store=store)
    restarted, other_llm = make_agent([text_reply("never")], middleware=[other_process])
    second = await restarted.run("2", conversation_id="c1")
    assert second.text.endswith("reached its limit of 1 model calls.")
    assert len(llm.requests) == 1
    assert other_llm.requests == []
    keys = sorted(k.decode() for k in await redis_client.keys(f"{prefix}*"))  # type: ignore[attr-defined]
    assert keys == [f"{prefix}hookline:calls:conversation:c1:model"]
    assert 0 < await redis_client.ttl(keys[0]) <= 3600  # type: ignore[attr-defined]
    await redis_client.delete(*keys)  # type: ignore[attr-defined]
