"""Parallel tool calls when one of them raises: the others are stopped and awaited."""

from __future__ import annotations

import asyncio
import time

from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    tool,
)
from hookline.events import BeforeToolCallEvent

USER = User(id="u1")
finished: list[str] = []
cancelled: list[str] = []


@tool
async def slow(name: str) -> str:
    """Takes a while."""
    try:
        await asyncio.sleep(0.3)
    except asyncio.CancelledError:
        cancelled.append(name)
        raise
    finished.append(name)
    return f"{name} done"


@tool
async def quick(name: str) -> str:
    """Returns at once."""
    finished.append(name)
    return f"{name} done"


def three_calls() -> LlmResponse:
    return LlmResponse(
        tool_calls=[
            ToolCall(id="c1", name="quick", arguments={"name": "q"}),
            ToolCall(id="c2", name="slow", arguments={"name": "s"}),
            ToolCall(id="c3", name="quick", arguments={"name": "bad"}),
        ]
    )


async def test_a_raising_call_cancels_its_siblings_and_keeps_finished_results() -> None:
    finished.clear()
    cancelled.clear()
    store = MemoryConversationStore()
    agent = Agent(
        ScriptedLlmService([three_calls()]),
        tool_registry=ToolRegistry([slow, quick]),
        conversation_store=store,
        config=AgentConfig(parallel_tool_calls=True),
        workflow_handler=None,
    )

    async def guard(event: Event[BeforeToolCallEvent]) -> None:
        if event.data.call.arguments.get("name") == "bad":
            await asyncio.sleep(0.05)  # the others have started by now
            raise RuntimeError("guard says no")

    agent.hooks.on(BeforeToolCallEvent, guard)
    started = time.perf_counter()
    components = [c async for c in agent.send_message(RequestContext(), "go", user=USER)]
    elapsed = time.perf_counter() - started

    assert components[-1].type == "error"
    assert cancelled == ["s"]  # stopped, not left running
    assert finished == ["q"]
    assert elapsed < 0.25  # the turn did not wait for the slow call to complete
    await asyncio.sleep(0.35)
    assert finished == ["q"]  # and it never finished later, unsupervised
    (conversation,) = await store.list_conversations(USER)
    stored = await store.get_conversation(conversation.id, USER)
    assert stored is not None
    results = {m.tool_call_id: m for m in stored.messages if m.role == "tool"}
    assert results["c1"].content == "q done"  # its side effect happened: kept
    assert results["c2"].metadata == {"hookline": "interrupted"}
    assert results["c3"].metadata == {"hookline": "interrupted"}
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "tool", "tool"]
