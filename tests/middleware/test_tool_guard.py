"""ToolGuardMiddleware: allow, reject_content (the model reads why), or raise (the turn fails)."""

from __future__ import annotations

import pytest

from hookline import (
    AgentConfig,
    LlmResponse,
    RequestContext,
    ToolCall,
    ToolRegistry,
    TurnFailedError,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.middleware import (
    ToolGuardError,
    ToolGuardMiddleware,
    allow,
    raise_error,
    reject_content,
)
from tests.conftest import collect, make_agent

USER = User(id="default", username="default")
RAN: list[str] = []


@tool
async def send_email(to: str) -> str:
    """Send an email."""
    RAN.append(f"send_email {to}")
    return "sent"


@tool
async def drop_table(name: str) -> str:
    """Drop a table."""
    RAN.append(f"drop_table {name}")
    return "dropped"


@tool
async def read_table(name: str) -> str:
    """Read a table."""
    RAN.append(f"read_table {name}")
    return "3 rows"


TOOLS = ToolRegistry([send_email, drop_table, read_table])


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


async def test_reject_content_is_what_the_model_reads_and_the_turn_goes_on() -> None:
    guard = ToolGuardMiddleware({"send_email": reject_content("Email is disabled in the demo.")})
    agent, llm = make_agent(
        [tool_call_reply("send_email", {"to": "a@b.c"}), text_reply("I can't send email here.")],
        tool_registry=TOOLS,
        middleware=[guard],
    )
    result = await agent.run("mail Bob", conversation_id="c1")
    assert result.text == "I can't send email here."
    assert RAN == []
    assert llm.requests[1].messages[-1].content == "Email is disabled in the demo."
    statuses = [c.rich_component.status for c in result.components if c.type == "tool_execution"]  # type: ignore[attr-defined]
    assert statuses == ["running", "error"]
    assert guard.applied == 1


async def test_raise_fails_the_turn_with_an_error_component_and_a_valid_history() -> None:
    guard = ToolGuardMiddleware({"drop_table": "raise", "read_table": allow()})
    agent, llm = make_agent(
        [
            LlmResponse(
                tool_calls=[
                    ToolCall(id="r", name="read_table", arguments={"name": "users"}),
                    ToolCall(id="d", name="drop_table", arguments={"name": "users"}),
                ]
            )
        ],
        tool_registry=TOOLS,
        config=AgentConfig(parallel_tool_calls=False),
        middleware=[guard],
    )
    components = await collect(agent.send_message(RequestContext(), "clean up", "c1"))
    errors = [c.rich_component for c in components if c.type == "error"]
    assert [e.message for e in errors] == ["The answer failed: Tool 'drop_table' is not allowed."]  # type: ignore[attr-defined]
    assert RAN == ["read_table users"]
    stored = await agent.conversation_store.get_conversation("c1", USER)
    assert stored is not None
    assert [(m.role, m.tool_call_id) for m in stored.messages] == [
        ("user", None),
        ("assistant", None),
        ("tool", "r"),
        ("tool", "d"),  # closed as interrupted
    ]
    assert len(llm.requests) == 1


async def test_raise_error_with_a_custom_exception() -> None:
    class PolicyViolation(Exception):
        pass

    guard = ToolGuardMiddleware({"drop_table": raise_error(PolicyViolation("no DDL"))})
    agent, _ = make_agent(
        [tool_call_reply("drop_table", {"name": "t"})], tool_registry=TOOLS, middleware=[guard]
    )
    with pytest.raises(TurnFailedError, match="PolicyViolation"):
        await agent.run("drop t")
    assert RAN == []


async def test_the_default_rule_applies_to_tools_without_a_rule() -> None:
    guard = ToolGuardMiddleware({"read_table": "allow"}, default="reject")
    agent, llm = make_agent(
        [tool_call_reply("send_email", {"to": "x@y.z"}), text_reply("ok")],
        tool_registry=TOOLS,
        middleware=[guard],
    )
    await agent.run("mail")
    assert RAN == []
    assert llm.requests[1].messages[-1].content == (
        "Tool 'send_email' is not available here; do without it."
    )


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown tool guard rule 'deny'"):
        ToolGuardMiddleware({"x": "deny"})  # type: ignore[dict-item]


def test_the_default_raise_is_a_tool_guard_error() -> None:
    error = raise_error().exception(ToolCall(id="1", name="rm"))
    assert isinstance(error, ToolGuardError)
    assert str(error) == "Tool 'rm' is not allowed."
