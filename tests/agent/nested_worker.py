"""Agents for the nested approval tests: a parent whose sub-agent's ``pay`` waits for a reviewer.

``python nested_worker.py DB EFFECTS`` is the "new process": it rebuilds the
agents from storage, approves the waiting call and prints the outcome as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from hookline import Agent, ToolRegistry, User, approve, tool
from hookline.llm.models import LlmResponse, ToolCall
from hookline.llm.scripted import ScriptedLlmService, text_reply
from hookline.middleware import HumanApprovalMiddleware
from hookline.storage import ConversationStore, SqliteConversationStore

USER = User(id="u")


def build(store: ConversationStore, effects: str, child: list[Any], parent: list[Any]) -> Agent:
    """The parent agent; its ``helper`` tool is a sub-agent that may call ``pay`` and ``look``."""

    def effect(line: str) -> None:
        with open(effects, "a", encoding="utf-8") as file:
            file.write(f"{line}\n")

    @tool(inline=True)
    def pay(amount: int) -> str:
        """Pay."""
        effect(f"pay {amount}")
        return f"paid {amount}"

    @tool(inline=True)
    def look(x: int) -> str:
        """Look."""
        effect(f"look {x}")
        return f"seen {x}"

    sub = Agent(
        ScriptedLlmService(child),
        tool_registry=ToolRegistry([pay, look]),
        conversation_store=store,
        middleware=[HumanApprovalMiddleware(tools=["pay"])],
    )
    helper = sub.as_tool("helper", "Does errands.", isolation="full")
    return Agent(
        ScriptedLlmService(parent),
        tool_registry=ToolRegistry([helper, look]),
        conversation_store=store,
    )


def first_turn(store: ConversationStore, effects: str) -> Agent:
    """Parent: look 0 and the helper; helper: look 1 and pay 5 (which waits)."""
    child = [
        LlmResponse(
            tool_calls=[
                ToolCall(id="k1", name="look", arguments={"x": 1}),
                ToolCall(id="c1", name="pay", arguments={"amount": 5}),
            ]
        )
    ]
    parent = [
        LlmResponse(
            tool_calls=[
                ToolCall(id="k0", name="look", arguments={"x": 0}),
                ToolCall(id="p1", name="helper", arguments={"task": "pay 5"}),
            ]
        )
    ]
    return build(store, effects, child, parent)


async def approve_in_new_process(db: str, effects: str) -> dict[str, Any]:
    store = SqliteConversationStore(db)
    try:
        agent = build(store, effects, [text_reply("child done")], [text_reply("parent done")])
        result = await agent.resume("top", {"p1": approve()}, user=USER)
    finally:
        await store.close()
    return {"paused": result.paused, "text": result.text, "results": result.tool_results}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(approve_in_new_process(sys.argv[1], sys.argv[2]))))
