"""A workflow whose first step's ``pay`` call waits for a reviewer (nested approval tests).

``python nested_worker.py DIR`` is the "new process": it rebuilds the workflow
from storage in DIR, approves the waiting call and prints the outcome as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from hookline import Agent, ToolRegistry, User, approve, tool
from hookline.llm.models import LlmResponse, ToolCall
from hookline.llm.scripted import ScriptedLlmService, text_reply
from hookline.middleware import HumanApprovalMiddleware
from hookline.storage import ConversationStore, SqliteConversationStore
from hookline.workflows import SqliteWorkflowStateStore, Workflow

USER = User(id="u")


def build(
    folder: Path, planner: list[Any], booker: list[Any]
) -> tuple[Workflow, ConversationStore]:
    """planner (may ``look``, and ``pay`` with approval), then booker."""
    effects = folder / "effects.txt"
    conversations = SqliteConversationStore(folder / "conversations.db")

    @tool(inline=True)
    def pay(amount: int) -> str:
        """Pay."""
        with effects.open("a", encoding="utf-8") as file:
            file.write(f"pay {amount}\n")
        return f"paid {amount}"

    @tool(inline=True)
    def look(x: int) -> str:
        """Look."""
        with effects.open("a", encoding="utf-8") as file:
            file.write(f"look {x}\n")
        return f"seen {x}"

    members = [
        Agent(
            ScriptedLlmService(planner),
            name="planner",
            tool_registry=ToolRegistry([pay, look]),
            conversation_store=conversations,
            middleware=[HumanApprovalMiddleware(tools=["pay"])],
        ),
        Agent(ScriptedLlmService(booker), name="booker", conversation_store=conversations),
    ]
    states = SqliteWorkflowStateStore(folder / "states.db")
    return Workflow("trip", members, max_rounds=2, state_store=states), conversations


def first_run(folder: Path) -> tuple[Workflow, ConversationStore]:
    ask = LlmResponse(
        tool_calls=[
            ToolCall(id="k1", name="look", arguments={"x": 1}),
            ToolCall(id="c1", name="pay", arguments={"amount": 5}),
        ]
    )
    return build(folder, [ask], [])


def after_restart(folder: Path) -> tuple[Workflow, ConversationStore]:
    return build(folder, [text_reply("Planned and paid.")], [text_reply("Booked.")])


async def approve_in_new_process(folder: Path, state_id: str) -> dict[str, Any]:
    workflow, conversations = after_restart(folder)
    try:
        result = await workflow.resume(state_id, user=USER, decisions={"c1": approve()})
    finally:
        await conversations.close()
        await workflow.state_store.close()
    return {"status": result.status, "transcript": [e.content for e in result.transcript]}


if __name__ == "__main__":
    outcome = asyncio.run(approve_in_new_process(Path(sys.argv[1]), sys.argv[2]))
    print(json.dumps(outcome))
