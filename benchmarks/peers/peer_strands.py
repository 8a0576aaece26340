"""Strands Agents: ``Agent`` with a custom ``Model`` provider (the scripted
model, streaming Bedrock-style events), a ``@tool``, and ``n`` no-op
``HookProvider``s, each with a callback on every per-turn event (invocation,
model call, tool call, tools batch, message added).  The agent's history is
cleared before each turn: every turn is a new conversation.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from importlib.metadata import version as installed_version
from typing import Any

from scenario import ANSWER, CALL_ID, QUESTION, TOOL_NAME, Calls, Turn
from strands import Agent, tool  # type: ignore[import-not-found]
from strands.hooks import (  # type: ignore[import-not-found]
    AfterInvocationEvent,
    AfterModelCallEvent,
    AfterToolCallEvent,
    AfterToolsEvent,
    BeforeInvocationEvent,
    BeforeModelCallEvent,
    BeforeToolCallEvent,
    BeforeToolsEvent,
    HookProvider,
    HookRegistry,
    MessageAddedEvent,
)
from strands.models import Model  # type: ignore[import-not-found]

LABEL = "strands-agents"
IMPORT = "from strands import Agent"
EVENTS = (
    BeforeInvocationEvent,
    AfterInvocationEvent,
    BeforeModelCallEvent,
    AfterModelCallEvent,
    BeforeToolsEvent,
    AfterToolsEvent,
    BeforeToolCallEvent,
    AfterToolCallEvent,
    MessageAddedEvent,
)
_USAGE = {"usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15}}
_METADATA = {"metadata": {**_USAGE, "metrics": {"latencyMs": 0}}}


def version() -> str:
    return installed_version("strands-agents")


class ScriptedModel(Model):  # type: ignore[misc]
    """Streams a tool call, then the answer once a tool result is in the history."""

    def update_config(self, **model_config: Any) -> None:
        return None

    def get_config(self) -> dict[str, Any]:
        return {}

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("not used by the benchmark")

    async def stream(self, messages: Any, *args: Any, **kwargs: Any) -> AsyncGenerator[Any, None]:
        last = messages[-1]["content"]
        yield {"messageStart": {"role": "assistant"}}
        if any("toolResult" in block for block in last):
            yield {"contentBlockDelta": {"delta": {"text": ANSWER}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "end_turn"}}
        else:
            start = {"toolUse": {"name": TOOL_NAME, "toolUseId": CALL_ID}}
            yield {"contentBlockStart": {"start": start}}
            yield {"contentBlockDelta": {"delta": {"toolUse": {"input": "{}"}}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "tool_use"}}
        yield _METADATA


@tool(name=TOOL_NAME)  # type: ignore[untyped-decorator]
def constant() -> str:
    """Returns a constant."""
    return Calls.tool_ran()


def _noop(event: Any) -> None:
    return None


class NoOpHooks(HookProvider):  # type: ignore[misc]
    def register_hooks(self, registry: HookRegistry, **kwargs: Any) -> None:
        for event_type in EVENTS:
            registry.add_callback(event_type, _noop)


def build(hooks: int) -> Turn:
    agent = Agent(
        model=ScriptedModel(),
        tools=[constant],
        callback_handler=None,
        hooks=[NoOpHooks() for _ in range(hooks)],
    )

    async def one_turn() -> str:
        agent.messages.clear()
        result = await agent.invoke_async(QUESTION)
        return str(result).strip()

    return one_turn
