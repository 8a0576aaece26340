"""McpToolset against a real MCP server (tests/tools/mcp_server_fixture.py) over stdio and HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from hookline.agent import Agent
from hookline.llm.models import ToolCall
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.tools import ToolContext, ToolRegistry
from hookline.tools.builtin import McpConnectionError, McpToolset
from hookline.users import User

pytest.importorskip("mcp", reason="the mcp extra is not installed")

SERVER = Path(__file__).resolve().parents[1] / "mcp_server_fixture.py"
STAFF = User(id="s", group_memberships=["staff"])
OUTSIDER = User(id="o")

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def toolset() -> AsyncIterator[McpToolset]:
    """One stdio server for the module: starting one takes about a second."""
    async with McpToolset(command=sys.executable, args=[str(SERVER)], name_prefix="t_") as mcp:
        yield mcp


def ctx(user: User = STAFF) -> ToolContext:
    return ToolContext(user=user, conversation_id="c", request_id="r")


async def calls_log(registry: ToolRegistry) -> str:
    result = await registry.execute(ToolCall(id="log", name="t_calls_log"), ctx())
    return result.result_for_llm


async def test_tools_are_listed_with_the_servers_schemas(toolset: McpToolset) -> None:
    assert [(t.name, t.remote_name) for t in toolset.tools] == [
        ("t_add", "add"),
        ("t_echo", "echo"),
        ("t_fail", "fail"),
        ("t_calls_log", "calls.log"),
    ]
    add = toolset.get_tool("add")
    assert add is not None
    assert toolset.get_tool("t_add") is add
    schema = add.get_schema()
    assert schema.description == "Add two integers."
    assert schema.parameters["required"] == ["a", "b"]
    assert schema.parameters["properties"]["a"]["type"] == "integer"
    assert schema.parameters == add.input_schema


async def test_calls_go_to_the_server(toolset: McpToolset) -> None:
    registry = ToolRegistry()
    await toolset.register_into(registry)
    added = await registry.execute(
        ToolCall(id="1", name="t_add", arguments={"a": 2, "b": 40}), ctx()
    )
    echoed = await registry.execute(
        ToolCall(id="2", name="t_echo", raw_arguments='{"text": "hi", "times": 3}'), ctx()
    )
    defaulted = await registry.execute(
        ToolCall(id="3", name="t_echo", arguments={"text": "x"}), ctx()
    )
    assert (added.success, added.result_for_llm) == (True, "42")
    assert added.metadata == {"mcp_tool": "add", "structured_content": {"result": 42}}
    assert echoed.result_for_llm == "hi hi hi"
    assert defaulted.result_for_llm == "x"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        pytest.param({"a": "x", "b": 1}, "a: 'x' is not of type 'integer'", id="wrong-type"),
        pytest.param({"a": 1}, "'b' is a required property", id="missing"),
        pytest.param({"a": 1.5, "b": 1}, "a: 1.5 is not of type 'integer'", id="float"),
    ],
)
async def test_invalid_arguments_never_reach_the_server(
    toolset: McpToolset, arguments: dict[str, object], message: str
) -> None:
    registry = ToolRegistry()
    await toolset.register_into(registry)
    before = await calls_log(registry)
    result = await registry.execute(ToolCall(id="1", name="t_add", arguments=arguments), ctx())
    assert result.success is False
    assert result.result_for_llm == f"Invalid arguments for tool 't_add': arguments: {message}."
    assert await calls_log(registry) == before


async def test_access_groups_are_checked_for_schemas_and_calls(toolset: McpToolset) -> None:
    registry = ToolRegistry()
    registered = await toolset.register_into(registry, access_groups=["staff"])
    assert {t.access_groups == ["staff"] for t in registered} == {True}
    assert all(t.access_groups == [] for t in toolset.tools)  # the toolset's own are unchanged
    assert [s.name for s in await registry.get_schemas(OUTSIDER)] == []
    assert len(await registry.get_schemas(STAFF)) == 4
    before = await calls_log(registry)
    denied = await registry.execute(
        ToolCall(id="1", name="t_add", arguments={"a": 1, "b": 2}), ctx(OUTSIDER)
    )
    assert denied.result_for_llm == (
        "Tool 't_add' is not available to this user. Available tools: none."
    )
    assert await calls_log(registry) == before


async def test_error_results_are_failures(toolset: McpToolset) -> None:
    result = await toolset.call_tool("fail", {"reason": "disk full"})
    assert result.success is False
    assert "disk full" in result.result_for_llm


async def test_agent_uses_the_mcp_tool_end_to_end(toolset: McpToolset) -> None:
    registry = ToolRegistry()
    await toolset.register_into(registry)
    llm = ScriptedLlmService(
        [tool_call_reply("t_add", {"a": 20, "b": 22}, call_id="m1"), text_reply("It is 42.")]
    )
    result = await Agent(llm, tool_registry=registry).run("What is 20 + 22?")
    assert result.text == "It is 42."
    offered = {t.name: t for t in llm.requests[0].tools or []}
    assert offered["t_add"].parameters["required"] == ["a", "b"]
    tool_message = llm.requests[1].messages[-1]
    assert (tool_message.role, tool_message.tool_call_id, tool_message.content) == (
        "tool",
        "m1",
        "42",
    )


async def test_filters_and_per_tool_groups() -> None:
    async with McpToolset(
        command=sys.executable,
        args=[str(SERVER)],
        include=["add", "echo", "calls.log"],
        exclude=["calls.log"],
        access_groups=["staff"],
        tool_access_groups={"echo": ["admins"]},
    ) as mcp:
        registry = ToolRegistry()
        await mcp.register_into(registry)
        assert [(t.name, t.access_groups) for t in mcp.tools] == [
            ("add", ["staff"]),
            ("echo", ["admins"]),
        ]
        assert [s.name for s in await registry.get_schemas(STAFF)] == ["add"]
    assert not mcp.connected
    closed = await mcp.call_tool("add", {"a": 1, "b": 1})
    assert closed.success is False
    assert "not connected" in closed.result_for_llm
    await mcp.close()  # twice is fine


@pytest.mark.parametrize(
    ("command", "args"),
    [
        pytest.param("/nonexistent/mcp-server", [], id="missing-command"),
        pytest.param(sys.executable, ["-c", "pass"], id="exits-at-once"),
    ],
)
async def test_connection_failures_raise(command: str, args: list[str]) -> None:
    started = time.monotonic()
    with pytest.raises(McpConnectionError):
        async with McpToolset(command=command, args=args, connect_timeout_s=10):
            pass
    assert time.monotonic() - started < 10


async def test_command_or_url_is_required() -> None:
    with pytest.raises(ValueError, match="one of them"):
        McpToolset()
    with pytest.raises(ValueError, match="one of them"):
        McpToolset(command="x", url="http://127.0.0.1:1/mcp")


@pytest.fixture(scope="module")
def http_server() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail("the MCP HTTP server did not start")
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def test_streamable_http(http_server: str) -> None:
    async with McpToolset(url=http_server, headers={"X-Client": "hookline-tests"}) as mcp:
        registry = ToolRegistry()
        await mcp.register_into(registry)
        result = await registry.execute(
            ToolCall(id="1", name="add", arguments={"a": 3, "b": 4}), ctx()
        )
        invalid = await registry.execute(ToolCall(id="2", name="add", arguments={"a": 3}), ctx())
    assert result.result_for_llm == "7"
    assert invalid.result_for_llm.endswith("'b' is a required property.")
