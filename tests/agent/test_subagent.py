"""Sub-agents as tools: agent_path and the three isolation modes."""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import sys
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import pytest

from hookline import (
    Agent,
    Event,
    HookRegistry,
    LlmRequest,
    LlmResponse,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolContext,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import AfterLLMCallEvent, BeforeLLMCallEvent


def family(isolation: str, **kwargs: object) -> tuple[Agent, Agent]:
    child = Agent(ScriptedLlmService([text_reply("child answer")]), name="researcher")
    researcher = child.as_tool("researcher", "Researches a topic.", isolation=isolation, **kwargs)  # type: ignore[arg-type]
    parent = Agent(
        ScriptedLlmService(
            [tool_call_reply("researcher", {"task": "find facts"}), text_reply("parent answer")]
        ),
        tool_registry=ToolRegistry([researcher]),
        name="planner",
    )
    return parent, child


def paths_seen(agent: Agent, event_type: type) -> list[str]:
    seen: list[str] = []

    def record(event: Event[object]) -> None:
        seen.append(event.context.agent_path if event.context else "?")

    agent.hooks.on(event_type, record)
    return seen


async def test_no_isolation_child_emits_into_parent_handlers_with_its_path() -> None:
    parent, _ = family("none")
    seen = paths_seen(parent, BeforeLLMCallEvent)
    result = await parent.run("plan")
    assert result.text == "parent answer"
    assert seen == ["planner", "planner.researcher", "planner"]
    tool_results = [m for m in parent.llm_service.requests[1].messages if m.role == "tool"]  # type: ignore[attr-defined]
    assert tool_results[0].content == "child answer"


async def test_full_isolation_keeps_child_events_away_from_the_parent() -> None:
    parent, child = family("full")
    parent_seen = paths_seen(parent, BeforeLLMCallEvent)
    child_seen = paths_seen(child, BeforeLLMCallEvent)
    await parent.run("plan")
    assert parent_seen == ["planner", "planner"]
    assert child_seen == ["planner.researcher"]


async def test_selective_isolation_forwards_only_chosen_events() -> None:
    parent, child = family("selective", only=[AfterLLMCallEvent])
    before = paths_seen(parent, BeforeLLMCallEvent)
    after = paths_seen(parent, AfterLLMCallEvent)
    child_seen = paths_seen(child, BeforeLLMCallEvent)
    await parent.run("plan")
    assert before == ["planner", "planner"]
    assert after == ["planner", "planner.researcher", "planner"]  # with the child's context
    assert child_seen == ["planner.researcher"]
    # running the tool twice does not pile up forwarding handlers on the child
    assert child.hooks.handler_count(AfterLLMCallEvent) == 0


async def test_selective_exclude() -> None:
    parent, _ = family("selective", exclude=[AfterLLMCallEvent])
    before = paths_seen(parent, BeforeLLMCallEvent)
    after = paths_seen(parent, AfterLLMCallEvent)
    await parent.run("plan")
    assert before == ["planner", "planner.researcher", "planner"]
    assert after == ["planner", "planner"]


def test_unknown_isolation_is_refused() -> None:
    child = Agent(ScriptedLlmService([]))
    with pytest.raises(ValueError, match="isolation must be"):
        child.as_tool("x", "y", isolation="partial")  # type: ignore[arg-type]


@dataclass
class Progress:
    """A tool's own event: a plain dataclass, not a ``HookEvent``."""

    note: str


@tool
async def report(context: ToolContext, note: str) -> str:
    """Report progress."""
    assert context.hooks is not None
    if context.hooks.has_handlers(Progress):
        await context.hooks.emit(Progress(note=note))
    return "reported"


async def test_selective_isolation_forwards_plain_dataclass_events_of_the_child() -> None:
    """``propagate_to`` is a tap: an event type the catalogue does not know (a tool's
    own plain dataclass) reaches the parent's handlers too, unless excluded."""

    def build(**kwargs: object) -> tuple[Agent, list[tuple[str, str]]]:
        child = Agent(
            ScriptedLlmService([tool_call_reply("report", {"note": "half"}), text_reply("ok")]),
            tool_registry=ToolRegistry([report]),
            name="researcher",
        )
        tool_ = child.as_tool("researcher", "Researches.", isolation="selective", **kwargs)  # type: ignore[arg-type]
        parent = Agent(
            ScriptedLlmService([tool_call_reply("researcher", {"task": "t"}), text_reply("done")]),
            tool_registry=ToolRegistry([tool_]),
            name="planner",
        )
        seen: list[tuple[str, str]] = []
        parent.hooks.on(
            Progress,
            lambda e: seen.append((e.data.note, e.context.agent_path if e.context else "?")),
        )
        return parent, seen

    parent, seen = build()
    await parent.run("plan")
    assert seen == [("half", "planner.researcher")]
    parent, seen = build(exclude=[Progress])
    await parent.run("plan")
    assert seen == []


def researcher_family(child_llm: ScriptedLlmService) -> tuple[Agent, Agent]:
    """A planner that asks its selective researcher once per turn, for ever."""

    def plan(request: LlmRequest) -> LlmResponse:
        if request.messages[-1].role == "tool":
            return text_reply("parent answer")
        return tool_call_reply("researcher", {"task": "find facts"})

    child = Agent(child_llm, name="researcher")
    researcher = child.as_tool("researcher", "Researches.", isolation="selective")
    parent = Agent(
        ScriptedLlmService(plan, record_requests=False),
        tool_registry=ToolRegistry([researcher]),
        name="planner",
    )
    parent.hooks.on(AfterLLMCallEvent, lambda e: None)  # the child's events reach it
    return parent, child


def registry_state(hooks: HookRegistry) -> tuple[object, ...]:
    """What a leak would change: who taps in, the handlers, what counts as handled."""
    return (
        hooks.source_count(),
        {t: hooks.handlers(t) for t in (AfterLLMCallEvent, BeforeLLMCallEvent)},
        frozenset(t for t in (AfterLLMCallEvent, BeforeLLMCallEvent) if hooks.has_handlers(t)),
    )


async def test_a_thousand_selective_calls_leave_the_parents_registry_as_it_was() -> None:
    parent, child = researcher_family(
        ScriptedLlmService(lambda request: text_reply("child answer"), record_requests=False)
    )
    before, child_before = registry_state(parent.hooks), registry_state(child.hooks)

    async def one_turn() -> str:
        parent.conversation_store = MemoryConversationStore()  # what the turns keep: not
        child.conversation_store = MemoryConversationStore()  # what this test measures
        return (await parent.run("plan")).text

    assert await one_turn() == "parent answer"
    tracemalloc.start()
    try:
        for _ in range(50):  # warm: caches filled
            await one_turn()
        gc.collect()
        start, _ = tracemalloc.get_traced_memory()
        answers = {await one_turn() for _ in range(1_000)}
        gc.collect()
        end, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert answers == {"parent answer"}
    assert registry_state(parent.hooks) == before
    assert registry_state(child.hooks) == child_before
    assert end - start < 100_000  # bytes, for 1,000 calls (the leak kept ~1.6 MB)


async def test_a_selective_call_that_fails_or_is_cancelled_is_released_too() -> None:
    failing = ScriptedLlmService([RuntimeError("model down")])
    parent, _ = researcher_family(failing)
    before = registry_state(parent.hooks)
    assert parent.hooks.source_count() == 0
    result = await parent.run("plan")
    assert result.text == "parent answer"  # the failed child is a failed tool result
    assert registry_state(parent.hooks) == before

    entered = asyncio.Event()

    async def hang(request: LlmRequest) -> LlmResponse:
        entered.set()
        await asyncio.Event().wait()
        raise AssertionError("never")

    parent, _ = researcher_family(ScriptedLlmService(hang))
    before = registry_state(parent.hooks)
    task = asyncio.ensure_future(parent.run("plan"))
    await asyncio.wait_for(entered.wait(), 5)
    assert parent.hooks.source_count() == 1  # the running call taps in
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert registry_state(parent.hooks) == before


BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "subagent_registry.py"


async def test_the_benchmark_line_shows_the_parents_registry_flat() -> None:
    """benchmarks/subagent_registry.py, on 100 calls: no source left, little memory kept."""
    spec = importlib.util.spec_from_file_location("subagent_registry", BENCHMARK)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclass looks its module up
    spec.loader.exec_module(bench)

    before, after = await bench.compare(100)

    assert (before[0], before[1], after[0], after[1]) == ("before", 0, "after 100", 0)
    assert after[2] > 0 and after[3] > 0  # emit and registration ns measured
    assert after[4] < 50_000  # bytes kept by 100 calls (the leak kept ~160 kB)
