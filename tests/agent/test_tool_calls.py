"""Tool calls inside a turn: concurrency, order, access groups and bad calls."""

from __future__ import annotations

import asyncio
import re
import time

from hookline import (
    AgentConfig,
    LlmResponse,
    ToolCall,
    ToolRegistry,
    ToolResult,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from tests.conftest import make_agent, send


@tool
async def slow_a() -> str:
    """Sleeps 0.2 s then answers A."""
    await asyncio.sleep(0.2)
    return "A"


@tool
def slow_b() -> str:
    """Sleeps 0.2 s (a blocking sync function) then answers B."""
    time.sleep(0.2)
    return "B"


@tool(access_groups=["admin"])
async def drop_table(name: str) -> str:
    """Drop a table (admins only)."""
    return f"dropped {name}"


def two_calls() -> LlmResponse:
    return LlmResponse(
        tool_calls=[ToolCall(id="1", name="slow_a"), ToolCall(id="2", name="slow_b")],
        finish_reason="tool_calls",
    )


async def test_tool_calls_of_one_response_run_concurrently() -> None:
    agent, llm = make_agent(
        [two_calls(), text_reply("done")], tool_registry=ToolRegistry([slow_a, slow_b])
    )
    started = time.perf_counter()
    await send(agent, "run both")
    elapsed = time.perf_counter() - started
    assert elapsed < 0.3, f"two 0.2 s tools took {elapsed:.3f} s"
    tool_messages = [m for m in llm.requests[1].messages if m.role == "tool"]
    assert [(m.tool_call_id, m.content) for m in tool_messages] == [("1", "A"), ("2", "B")]


async def test_parallel_tool_calls_off_runs_them_one_by_one() -> None:
    agent, llm = make_agent(
        [two_calls(), text_reply("done")],
        tool_registry=ToolRegistry([slow_a, slow_b]),
        config=AgentConfig(parallel_tool_calls=False),
    )
    started = time.perf_counter()
    components = await send(agent, "run both")
    assert time.perf_counter() - started >= 0.4
    statuses = [
        (c.rich_component.tool, c.rich_component.status)  # type: ignore[attr-defined]
        for c in components
        if c.type == "tool_execution"
    ]
    assert statuses == [
        ("slow_a", "running"),
        ("slow_a", "success"),
        ("slow_b", "running"),
        ("slow_b", "success"),
    ]
    assert [m.content for m in llm.requests[1].messages if m.role == "tool"] == ["A", "B"]


async def test_tool_outside_users_groups_is_not_offered_and_refused(alice: User) -> None:
    agent, llm = make_agent(
        [tool_call_reply("drop_table", {"name": "orders"}), text_reply("ok")],
        tool_registry=ToolRegistry([drop_table]),
    )
    result = await agent.run("drop orders", user=alice)
    assert llm.requests[0].tools is None  # not offered to an analyst
    refusal = [m for m in llm.requests[1].messages if m.role == "tool"][0]
    assert refusal.content == (
        "Tool 'drop_table' is not available to this user. Available tools: none."
    )
    assert result.text == "ok"


async def test_admin_may_use_the_admin_tool() -> None:
    admin = User(id="root", group_memberships=["admin"])
    agent, llm = make_agent(
        [tool_call_reply("drop_table", {"name": "orders"}), text_reply("ok")],
        tool_registry=ToolRegistry([drop_table]),
    )
    await agent.run("drop orders", user=admin)
    assert [t.name for t in llm.requests[0].tools or []] == ["drop_table"]
    assert [m.content for m in llm.requests[1].messages if m.role == "tool"] == ["dropped orders"]


async def test_unknown_tool_and_invalid_arguments_reach_the_model_and_the_turn_goes_on() -> None:
    bad = LlmResponse(
        tool_calls=[
            ToolCall(id="u", name="teleport"),
            ToolCall(id="v", name="lookup", arguments={"town": "Paris"}),
            ToolCall(id="w", name="lookup", raw_arguments="{not json"),
        ]
    )
    agent, llm = make_agent([bad, text_reply("sorry")])
    result = await agent.run("go")
    results = {m.tool_call_id: m.content for m in llm.requests[1].messages if m.role == "tool"}
    assert results["u"] == "Tool 'teleport' is not available to this user. Available tools: lookup."
    assert results["v"] is not None and results["v"].startswith(
        "Invalid arguments for tool 'lookup': city: Field required"
    )
    assert "town: Extra inputs are not permitted" in results["v"]
    assert results["w"] is not None and "not valid JSON" in results["w"]
    assert result.text == "sorry"


async def test_a_raising_tool_becomes_an_error_result() -> None:
    @tool
    async def flaky() -> str:
        """Always fails."""
        raise ConnectionError("database unreachable")

    agent, llm = make_agent(
        [tool_call_reply("flaky"), text_reply("it failed")], tool_registry=ToolRegistry([flaky])
    )
    components = await send(agent, "try")
    tool_message = [m for m in llm.requests[1].messages if m.role == "tool"][0]
    assert tool_message.content == "Tool 'flaky' failed: ConnectionError: database unreachable"
    finished = [c.rich_component for c in components if c.type == "tool_execution"][-1]
    assert finished.status == "error"  # type: ignore[attr-defined]
    # the user sees an error id, never the exception's text
    shown = finished.error  # type: ignore[attr-defined]
    assert re.fullmatch(r"The tool 'flaky' failed \(error id err-[0-9a-f]{12}\)\.", shown)


async def test_tool_ui_component_is_streamed_after_its_activity_line() -> None:
    from hookline.components import DataFrameComponent, UiComponent

    @tool
    async def table() -> ToolResult:
        """A table."""
        frame = DataFrameComponent(columns=["n"], rows=[[1], [2]])
        return ToolResult(result_for_llm="2 rows", ui_component=UiComponent(rich_component=frame))

    agent, _ = make_agent(
        [tool_call_reply("table"), text_reply("here")], tool_registry=ToolRegistry([table])
    )
    components = await send(agent, "show")
    assert [c.type for c in components] == ["tool_execution", "tool_execution", "dataframe", "text"]
