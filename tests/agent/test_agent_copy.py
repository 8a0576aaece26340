"""One way to copy an agent (``Agent.copy``) and one way to forward events (issue 33).

A sub-agent's call, a workflow member and a durable copy are all built by
``Agent.copy``: each has the original's parts plus its overrides, and the original is
unchanged.  Events forwarded by a sub-agent (views or taps) and by a workflow member
(a tap) reach the outer handlers in the same order with the same context fields.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    Event,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import ALL_EVENT_TYPES, MODEL_CALL, BeforeLLMCallEvent
from hookline.hooks.registry import HookContext, HookRegistry
from hookline.workflows import Workflow
from hookline.workflows.context import ContextVariables
from hookline.workflows.members import build_member

SRC = Path(__file__).resolve().parents[2] / "src" / "hookline"


@tool
async def lookup(topic: str) -> str:
    """Look a topic up."""
    return f"facts about {topic}"


class CountingAgent(Agent):
    """An agent that records each ``copy`` it makes (the one way to copy an agent)."""

    copies: list[dict[str, Any]]

    def copy(self, **overrides: Any) -> Agent:
        self.copies.append(overrides)
        return super().copy(**overrides)


def researcher(llm: ScriptedLlmService | None = None) -> CountingAgent:
    agent = CountingAgent(
        llm or ScriptedLlmService([text_reply("done")]),
        tool_registry=ToolRegistry([lookup]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(max_tool_iterations=4),
        name="researcher",
    )
    agent.copies = []
    return agent


def parts(agent: Agent) -> dict[str, Any]:
    """The agent's attributes, by identity (what a copy shares or replaces)."""
    return {key: id(value) for key, value in vars(agent).items()}


def assert_copy_of(copy: Agent, original: Agent, replaced: set[str]) -> None:
    """``copy`` shares every part of ``original`` but its registry and ``replaced``."""
    assert copy is not original
    assert copy.hooks is not original.hooks
    kept = set(vars(original)) - replaced - {"hooks", "copies"}
    assert {k: id(getattr(copy, k)) for k in kept} == {k: parts(original)[k] for k in kept}
    for key in replaced:
        assert getattr(copy, key) is not getattr(original, key), key


def test_copy_shares_the_parts_replaces_the_overrides_and_never_changes_the_original() -> None:
    agent = researcher()
    before = parts(agent)
    handlers = agent.hooks.handler_count(BeforeLLMCallEvent)
    config = AgentConfig(max_tool_iterations=1)
    copy = agent.copy(config=config, name="checker")
    assert copy.config is config and copy.name == "checker"
    assert copy.hooks.context is not None and copy.hooks.context.agent_path == "checker"
    assert_copy_of(copy, agent, {"config", "name"})
    copy.hooks.on(BeforeLLMCallEvent, lambda e: None)  # the copy's registry is its own
    assert parts(agent) == before
    assert agent.hooks.handler_count(BeforeLLMCallEvent) == handlers
    assert agent.hooks.context is not None and agent.hooks.context.agent_path == "researcher"


def test_copy_shares_the_turn_lock_unless_its_timeout_changes() -> None:
    agent = researcher()
    assert vars(agent.copy())["_locks"] is vars(agent)["_locks"]
    slower = agent.copy(config=AgentConfig(turn_lock_timeout=99.0))
    assert vars(slower)["_locks"] is not vars(agent)["_locks"]


async def test_a_sub_agent_call_runs_a_copy_with_the_registry_of_its_isolation() -> None:
    child = researcher(ScriptedLlmService([text_reply("child answer")]))
    before = parts(child)
    ran: list[Agent] = []
    child.hooks.on(BeforeLLMCallEvent, lambda e: ran.append(e.context.agent))  # type: ignore[union-attr]
    parent = Agent(
        ScriptedLlmService([tool_call_reply("researcher", {"task": "t"}), text_reply("ok")]),
        tool_registry=ToolRegistry([child.as_tool("researcher", "R.", isolation="full")]),
        name="planner",
    )
    await parent.run("plan")
    assert len(child.copies) == 1 and set(child.copies[0]) == {"hooks"}
    (copy,) = ran
    assert_copy_of(copy, child, set())
    assert parts(child) == before


def test_a_workflow_member_is_a_copy_with_its_tools_and_registry() -> None:
    agent = researcher()
    before = parts(agent)
    member = build_member(
        agent,
        workflow="planner",
        workflow_hooks=HookRegistry(),
        forward_events=ALL_EVENT_TYPES,
        extra_tools=[],
        context_variables=ContextVariables(),
        closing_text=lambda: None,
    )
    assert [set(c) for c in agent.copies] == [{"tool_registry", "hooks"}]
    assert_copy_of(member, agent, set())  # no tool wants context variables: same registry
    assert member.hooks.context is not None
    assert member.hooks.context.agent_path == "planner.researcher"
    assert parts(agent) == before


def test_a_durable_copy_is_a_copy_with_its_store_behind_steps() -> None:
    pytest.importorskip("dbos")
    from hookline.durable.dbos import durable_copy

    agent = researcher()
    before = parts(agent)
    durable = durable_copy(agent)
    assert [set(c) for c in agent.copies] == [{"conversation_store", "middleware"}]
    assert_copy_of(durable, agent, {"conversation_store"})
    assert getattr(durable.conversation_store, "store", None) is agent.conversation_store
    assert durable.hooks.has_wrappers(MODEL_CALL) and not agent.hooks.has_wrappers(MODEL_CALL)
    assert parts(agent) == before


# -- forwarding -------------------------------------------------------------------------


def recorder(outer: HookRegistry) -> list[tuple[Any, ...]]:
    """What the outer handlers see of the researcher's events: type and context fields."""
    seen: list[tuple[Any, ...]] = []

    def record(event: Event[Any]) -> None:
        context = event.context or HookContext()
        if context.agent_path == "planner.researcher":
            seen.append(
                (
                    type(event.data).__name__,
                    context.agent_path,
                    context.agent_name,
                    context.agent_type,
                    context.conversation_id is not None,
                    context.request_id is not None,
                    type(context.agent).__name__,
                )
            )

    for event_type in ALL_EVENT_TYPES:
        outer.on(event_type, record)
    return seen


def script() -> ScriptedLlmService:
    return ScriptedLlmService([tool_call_reply("lookup", {"topic": "rome"}), text_reply("done")])


async def forwarded_by_sub_agent(isolation: str) -> list[tuple[Any, ...]]:
    child = researcher(script())
    parent = Agent(
        ScriptedLlmService([tool_call_reply("researcher", {"task": "t"}), text_reply("ok")]),
        tool_registry=ToolRegistry([child.as_tool("researcher", "R.", isolation=isolation)]),  # type: ignore[arg-type]
        name="planner",
    )
    seen = recorder(parent.hooks)
    await parent.run("plan")
    assert parent.hooks.source_count() == 0  # the selective call's tap is released
    return seen


async def forwarded_by_workflow_member() -> list[tuple[Any, ...]]:
    workflow = Workflow("planner", [researcher(script())], max_rounds=1)
    seen = recorder(workflow.hooks)
    await workflow.run("plan")
    assert workflow.hooks.source_count() == 0  # the member's tap is released with the run
    return seen


async def test_sub_agents_and_workflow_members_forward_the_same_events_the_same_way() -> None:
    member = await forwarded_by_workflow_member()
    selective = await forwarded_by_sub_agent("selective")
    shared = await forwarded_by_sub_agent("none")
    assert len(member) > 10
    assert {row[0] for row in member} >= {"BeforeToolCallEvent", "AfterLLMCallEvent"}
    assert member == selective == shared
    assert {row[6] for row in member} == {"CountingAgent"}  # the turns ran copies


# -- no agent changed after __init__ ------------------------------------------------------

AGENT_FIELDS = frozenset(vars(Agent(ScriptedLlmService([]))))
NOT_AN_AGENT = {  # streamed tool calls' names
    ("llm/openai.py", "call.name"),
    ("llm/anthropic.py", "block.name"),
}


def agent_field_writes(source: str, module: str) -> list[str]:
    """``x.<Agent field> = ...`` (or ``setattr(x, "<field>", ...)``) on anything but self."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in AGENT_FIELDS
        ):
            found.append(f"{module}:{node.lineno} setattr(..., {node.args[1].value!r})")
        for target in targets:
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.ctx, ast.Store)
                    and part.attr in AGENT_FIELDS
                    and not (isinstance(part.value, ast.Name) and part.value.id == "self")
                    and (module, ast.unparse(part)) not in NOT_AN_AGENT
                ):
                    found.append(f"{module}:{getattr(node, 'lineno', 0)} {ast.unparse(part)}")
    return found


def test_no_module_but_agent_py_sets_an_agents_attributes() -> None:
    """An agent is built by ``Agent(...)`` or ``agent.copy(...)``, never changed after
    (the library and the examples; tests and benchmarks may still swap a part)."""
    root = SRC.parents[1]
    modules = [p for p in SRC.rglob("*.py") if p != SRC / "agent" / "agent.py"]
    modules += list((root / "examples").rglob("*.py"))
    assert len(modules) > 100
    hits = [
        hit
        for path in modules
        for hit in agent_field_writes(
            path.read_text(encoding="utf-8"),
            path.relative_to(SRC if path.is_relative_to(SRC) else root).as_posix(),
        )
    ]
    assert hits == []


def test_the_ast_check_sees_each_way_of_changing_an_agent() -> None:
    source = (
        "member = Agent(llm)\n"
        "member.agent_memory = memory\n"
        "durable.hooks += more\n"
        "setattr(member, 'workflow_handler', None)\n"
        "self.hooks = hooks\n"  # an object's own attribute: allowed
    )
    assert agent_field_writes(source, "m.py") == [
        "m.py:2 member.agent_memory",
        "m.py:3 durable.hooks",
        "m.py:4 setattr(..., 'workflow_handler')",
    ]
