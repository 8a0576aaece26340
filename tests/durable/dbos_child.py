"""A process that runs (or recovers) durable turns, for tests/durable/test_dbos_processes.py.

    python -m tests.durable.dbos_child <mode> <settings.json>

Modes: ``start`` starts one turn as workflow ``workflow_id`` and waits for it (the test
kills the process midway); ``recover`` launches DBOS (which recovers what was cut off),
waits for ``workflow_id``'s result and prints it as JSON; ``approve`` only sends a
reviewer's approval to ``workflow_id``; ``worker`` runs queued turns until killed;
``enqueue`` puts ``turns`` turns on the queue and waits for them all.

Every tool call and model call is appended to ``effects`` (one JSON line each) so the
test can count them across processes; the call of step ``block_step`` writes a line and
then blocks forever (the test kills the process there).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from dbos import DBOS

from hookline import (
    Agent,
    AgentConfig,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolCall,
    ToolContext,
    ToolRegistry,
    User,
    tool,
)
from hookline.durable.dbos import DbosAgent
from hookline.durable.dbos_workflow import DbosWorkflow
from hookline.middleware.approval import HumanApprovalMiddleware
from hookline.storage.base import ConversationStore
from hookline.tools.approval import approve
from hookline.workflows import ContextVariables, LifecycleTool, SqliteWorkflowStateStore, Workflow

USER = User(id="ada")


def effect(settings: dict[str, Any], **record: Any) -> None:
    with open(settings["effects"], "a", encoding="utf-8") as file:
        file.write(json.dumps({"pid": os.getpid(), **record}) + "\n")
        file.flush()


def tools(settings: dict[str, Any]) -> ToolRegistry:
    async def act(name: str, step: int, context: ToolContext) -> str:
        effect(settings, tool=name, step=step, key=context.idempotency_key)
        if step == settings.get("block_step"):
            effect(settings, blocked=name)
            await asyncio.sleep(3600)
        await asyncio.sleep(settings.get("tool_delay", 0.0))
        return f"{name} {step} done"

    @tool
    async def charge(step: int, context: ToolContext) -> str:
        """Charge the card (not idempotent)."""
        return await act("charge", step, context)

    @tool(idempotent=True)
    async def email(step: int, context: ToolContext) -> str:
        """Send the receipt (idempotent: the mail API takes the key)."""
        return await act("email", step, context)

    return ToolRegistry([charge, email])


def model(settings: dict[str, Any]) -> ScriptedLlmService:
    """Calls ``plan`` tools one after the other, then answers; by what it has seen."""
    plan: list[str] = settings["plan"]

    def respond(request: LlmRequest) -> LlmResponse:
        done = sum(1 for m in request.messages[request_start(request) :] if m.role == "tool")
        effect(settings, model=done)
        if done < len(plan):
            call = ToolCall(id=f"call_{done}", name=plan[done], arguments={"step": done})
            return LlmResponse(tool_calls=[call], finish_reason="tool_calls")
        return LlmResponse(content=f"finished after {done} tools", finish_reason="stop")

    return ScriptedLlmService(respond)


def request_start(request: LlmRequest) -> int:
    users = [i for i, m in enumerate(request.messages) if m.role == "user"]
    return users[-1] if users else 0


def store(settings: dict[str, Any]) -> ConversationStore:
    if settings["store"] == "sqlite":
        from hookline.storage.sqlite import SqliteConversationStore

        return SqliteConversationStore(settings["store_path"], lock_lease=1.0)
    from hookline.storage.postgres import PostgresConversationStore

    return PostgresConversationStore(settings["store_dsn"], schema=settings["store_schema"])


def durable_agent(settings: dict[str, Any]) -> DbosAgent:
    agent = Agent(
        model(settings),
        tool_registry=tools(settings),
        conversation_store=store(settings),
        config=AgentConfig(turn_lock_timeout=60.0),
    )
    if settings.get("approval"):
        agent.use(HumanApprovalMiddleware(tools=["charge"]))
    timeout = settings.get("approval_timeout", 7 * 24 * 3600.0)
    return DbosAgent(agent, queue_poll_interval=0.1, approval_timeout=timeout)


def launch(settings: dict[str, Any]) -> None:
    config: dict[str, Any] = {
        "name": "hookline-test",
        "system_database_url": settings["dbos_url"],
        "application_version": "test",
    }
    if settings.get("executor_id"):  # DBOS recovers the workflows of its own executor id
        config["executor_id"] = settings["executor_id"]
    DBOS(config=config)  # type: ignore[arg-type]
    DBOS.launch()


def member(settings: dict[str, Any], name: str, step: int, answer: str) -> Agent:
    """A workflow member: calls ``charge`` with ``step`` once, then answers ``answer``."""

    def respond(request: LlmRequest) -> LlmResponse:
        called = any(m.role == "tool" for m in request.messages[request_start(request) :])
        effect(settings, model=f"{name}:{int(called)}")
        if not called:
            call = ToolCall(id=f"{name}_call", name="charge", arguments={"step": step})
            return LlmResponse(tool_calls=[call], finish_reason="tool_calls")
        return LlmResponse(content=answer, finish_reason="stop")

    return Agent(
        ScriptedLlmService(respond),
        tool_registry=tools(settings),
        conversation_store=store(settings),
        name=name,
    )


def durable_workflow(settings: dict[str, Any]) -> DbosWorkflow:
    writer = member(settings, "writer", 0, "Draft written.")
    critic = member(settings, "critic", 1, "Looks good. TERMINATE")

    def count_turn(context_variables: ContextVariables) -> str:
        effect(settings, lifecycle=context_variables.data.get("turns", 0))
        context_variables.data["turns"] = context_variables.data.get("turns", 0) + 1
        return "counted"

    workflow = Workflow(
        "review",
        [writer, critic],
        pattern="sequential",
        max_rounds=2,
        state_store=SqliteWorkflowStateStore(settings["state_path"]),
        lifecycle_tools=[LifecycleTool(trigger="before_agent", func=count_turn)],
    )
    return DbosWorkflow(workflow)


async def run_workflow(settings: dict[str, Any]) -> None:
    durable = durable_workflow(settings)
    launch(settings)
    if settings["mode"] == "start":
        await durable.start("Write a haiku", user=USER, state_id="run-1")
        await asyncio.sleep(3600)  # killed in the critic's tool
    handle: Any = await DBOS.retrieve_workflow_async("workflow/run-1")
    result = await handle.get_result()
    transcript = [(entry.speaker, entry.content) for entry in result.transcript]
    variables = result.context_variables.data
    print(json.dumps({"status": result.status, "transcript": transcript, "variables": variables}))
    DBOS.destroy()


async def main(mode: str, settings: dict[str, Any]) -> None:
    if settings.get("workflow"):
        await run_workflow({**settings, "mode": mode})
        return
    durable = durable_agent(settings)
    launch(settings)
    workflow_id = settings.get("workflow_id", "")
    if mode == "start":
        handle = await durable.start_turn(
            "pay", user=USER, conversation_id=settings["conversation_id"], workflow_id=workflow_id
        )
        report(await handle.get_result(), settings)
    elif mode == "recover":
        handle = await DBOS.retrieve_workflow_async(workflow_id)
        report(await handle.get_result(), settings)
    elif mode == "approve":
        await durable.decide(workflow_id, {settings["call_id"]: approve()})
    elif mode == "worker":
        await durable.queue()
        effect(settings, worker="ready")
        await asyncio.sleep(3600)
    elif mode == "enqueue":
        await enqueue(durable, settings)
    DBOS.destroy()


def report(result: Any, settings: dict[str, Any]) -> None:
    """The turn's outcome on stdout (its conversation too, when the turn chose it)."""
    outcome = {"text": result.text, "paused": result.paused}
    if settings["conversation_id"] is None:
        outcome["conversation"] = result.conversation_id
    print(json.dumps(outcome), flush=True)


async def enqueue(durable: DbosAgent, settings: dict[str, Any]) -> None:
    handles = []
    for turn in range(settings["turns"]):
        conversation = f"conv-{turn % settings['conversations']}"
        handles.append(
            await durable.enqueue_turn(f"turn {turn}", user=USER, conversation_id=conversation)
        )
    deadline = time.monotonic() + settings.get("timeout", 120)
    results = []
    for handle in handles:
        while (await handle.get_status()).status not in ("SUCCESS", "ERROR"):
            if time.monotonic() > deadline:
                raise TimeoutError(handle.get_workflow_id())
            await asyncio.sleep(0.1)
        results.append((await handle.get_result()).text)
    print(json.dumps(results), flush=True)


def simulate_clock(offset: float) -> None:
    """This process lives ``offset`` seconds later (DBOS's durable timeouts read it)."""
    real = time.time
    time.time = lambda: real() + offset


if __name__ == "__main__":
    options = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    if options.get("clock_offset"):
        simulate_clock(options["clock_offset"])
    asyncio.run(main(sys.argv[1], options))
