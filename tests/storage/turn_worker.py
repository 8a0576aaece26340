"""A separate OS process running agent turns on one shared conversation.

Run by ``test_turn_lock_processes.py``:
``python turn_worker.py MODE KIND TARGET SCHEMA CID NAME COUNT [EFFECTS]``.

- ``turns``: prints ``ready``, waits for a line on stdin, runs COUNT turns
  (user message ``NAME-i``; the slow model calls ``note`` then answers), prints ``done``.
- ``hold``: takes the store's turn lock on CID, prints ``locked`` and sleeps
  (the parent SIGKILLs it: a dead owner).
- ``approve``: prints ``ready``, waits, then sends COUNT concurrent approvals of
  the pending call NAME and prints one outcome per approval; the tool appends
  one line to EFFECTS each time it runs.
"""

from __future__ import annotations

import asyncio
import sys

from hookline import Agent, AgentConfig, tool
from hookline.errors import ApprovalError, ConversationBusy
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.middleware.approval import HumanApprovalMiddleware
from hookline.storage import ConversationStore
from hookline.storage.postgres import PostgresConversationStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.approval import approve
from hookline.tools.registry import ToolRegistry
from hookline.users.models import User

OWNER = User(id="owner")


def store_for(kind: str, target: str, schema: str, *, lease: float = 30.0) -> ConversationStore:
    if kind == "sqlite":
        return SqliteConversationStore(target, lock_lease=lease)
    return PostgresConversationStore(target, schema=schema, max_pool_size=3)


def slow_model(request: LlmRequest) -> LlmResponse:
    """Asks for ``note`` with the user's text, then answers after the tool result."""
    last = request.messages[-1]
    if last.role == "user":
        text = last.content or ""
        return tool_call_reply("note", {"text": text}, call_id=f"call-{text}")
    return text_reply(f"done {last.content}")


def _append(path: str, line: str) -> None:
    with open(path, "a", encoding="utf-8") as file:
        file.write(f"{line}\n")


def tools(effects: str | None) -> ToolRegistry:
    @tool
    async def note(text: str) -> str:
        """Writes a note."""
        await asyncio.sleep(0.003)
        if effects is not None:
            await asyncio.to_thread(_append, effects, text)
        return f"noted {text}"

    registry = ToolRegistry()
    registry.register(note)
    return registry


def agent_for(store: ConversationStore, effects: str | None = None) -> Agent:
    return Agent(
        ScriptedLlmService(slow_model, delay_s=0.004),
        tool_registry=tools(effects),
        conversation_store=store,
        config=AgentConfig(turn_lock_timeout=60.0),
        middleware=[HumanApprovalMiddleware(tools=["note"], predicate=_needs_approval)],
    )


def _needs_approval(call: object) -> bool:
    arguments = getattr(call, "arguments", {})
    return str(arguments.get("text", "")).startswith("pay")


async def _turns(store: ConversationStore, cid: str, name: str, count: int) -> None:
    agent = agent_for(store)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    for i in range(count):
        result = await agent.run(f"{name}-{i}", user=OWNER, conversation_id=cid)
        assert result.text == f"done noted {name}-{i}", result.text
    print("done", flush=True)


async def _hold(store: ConversationStore, cid: str) -> None:
    async with store.turn_lock(cid, timeout=10.0):
        print("locked", flush=True)
        await asyncio.sleep(3600)


async def _approve_once(agent: Agent, cid: str, call_id: str, approver: User) -> str:
    try:
        result = await agent.resume(cid, {call_id: approve()}, user=OWNER, approver=approver)
    except ApprovalError as exc:
        return exc.reason
    except ConversationBusy:
        return "busy"
    return "ran" if result.tool_results.get(call_id, "").startswith("noted") else "other"


async def _approvals(
    store: ConversationStore, cid: str, call_id: str, count: int, effects: str, approver: str
) -> None:
    agent = agent_for(store, effects)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    who = User(id=approver)
    outcomes = await asyncio.gather(
        *(_approve_once(agent, cid, call_id, who) for _ in range(count))
    )
    for outcome in outcomes:
        print(outcome, flush=True)


async def main(argv: list[str]) -> None:
    mode, kind, target, schema, cid, name, count = argv[:7]
    lease = 1.0 if mode == "hold" else 30.0
    store = store_for(kind, target, schema, lease=lease)
    try:
        if mode == "turns":
            await _turns(store, cid, name, int(count))
        elif mode == "hold":
            await _hold(store, cid)
        else:
            await _approvals(store, cid, name, int(count), argv[7], argv[8])
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
