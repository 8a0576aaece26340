"""Issue 31, every path a tool's error text takes to the model: the registry catching an
exception, the tool's own failure, an ``on_tool_error`` recovery, a ``wrap_tool_call``
wrapper, an ``after_tool`` replacement, and a chain that raises (the turn fails).  On
each, a model that repeats what it read repeats it masked: the model's requests, the
answer, the streamed components and the stored conversation never hold the secret."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    ToolResult,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import TOOL_CALL, AfterToolCallEvent, ToolErrorEvent, ToolInvocation
from hookline.hooks.events import ToolCallNext
from hookline.sql.runner import SqlExecutionError

DSN = "postgresql://report:Wr0ngHorse@warehouse.internal:5432/sales"
KEY = "sk-ant-api03-Qm4vXc81nT7yLw4kPeRsAb"
SECRETS = ("Wr0ngHorse", KEY)


@tool
async def crash(region: str) -> str:
    """Sales of a region.

    Args:
        region: The region.
    """
    raise ConnectionError(f"could not connect to {DSN} (key {KEY})")


@tool
async def refuse(region: str) -> ToolResult:
    """Sales of a region.

    Args:
        region: The region.
    """
    return ToolResult.failure(f"could not connect to {DSN} (key {KEY})")


@tool
async def fine(region: str) -> str:
    """Sales of a region.

    Args:
        region: The region.
    """
    return f"{region}: 12"


def recover(event: Event[ToolErrorEvent]) -> None:
    event.data.result = ToolResult.failure(f"recovered from: {event.data.error!r}")


async def own_failure(invocation: ToolInvocation, call_next: ToolCallNext) -> ToolResult:
    return ToolResult(success=False, result_for_llm=f"audit store {DSN} refused key {KEY}")


def replace_result(event: Event[AfterToolCallEvent]) -> None:
    event.data.result = ToolResult.failure(f"{event.data.result.result_for_llm}; pool {DSN}")


async def chain_raises(invocation: ToolInvocation, call_next: ToolCallNext) -> ToolResult:
    raise SqlExecutionError(f"could not connect to {DSN} (key {KEY})")


PATHS: dict[str, tuple[str, Callable[[Agent], Any]]] = {
    "registry-catches": ("crash", lambda agent: None),
    "tool-failure": ("refuse", lambda agent: None),
    "on-tool-error": ("crash", lambda agent: agent.hooks.on(ToolErrorEvent, recover)),
    "wrap-tool-call": ("fine", lambda agent: agent.hooks.wrap(TOOL_CALL, own_failure)),
    "after-tool": ("fine", lambda agent: agent.hooks.on(AfterToolCallEvent, replace_result)),
    "chain-raises": ("fine", lambda agent: agent.hooks.wrap(TOOL_CALL, chain_raises)),
}


def repeat_what_it_read(request: LlmRequest) -> LlmResponse:
    return text_reply(f"The tool said: {request.messages[-1].content}")


@pytest.mark.parametrize("path", list(PATHS))
async def test_a_secret_in_a_tool_error_reaches_nothing(path: str) -> None:
    tool_name, install = PATHS[path]
    llm = ScriptedLlmService([tool_call_reply(tool_name, {"region": "north"}), repeat_what_it_read])
    store = MemoryConversationStore()
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([crash, refuse, fine]),
        conversation_store=store,
        config=AgentConfig(stream=True),
    )
    install(agent)
    user = User(id="default")

    components = [
        c.to_dict()
        async for c in agent.send_message(RequestContext(), "Sales in the north?", "conv-1")
    ]
    stored = await store.get_conversation("conv-1", user)

    assert stored is not None
    surfaces = {
        "model": "\n".join(r.model_dump_json() for r in llm.requests),
        "components": repr(components),
        "stored": stored.model_dump_json(),
    }
    for where, text in surfaces.items():
        for secret in SECRETS:
            assert secret not in text, (path, where, secret)
    if path == "chain-raises":  # the turn failed: the user reads the error, masked
        assert "could not connect to postgresql://report:***@warehouse.internal" in repr(components)
    else:  # the model read the rest and repeated it
        assert "report:***@warehouse.internal:5432/sales" in surfaces["model"]
        assert "The tool said: " in (stored.messages[-1].content or "")
