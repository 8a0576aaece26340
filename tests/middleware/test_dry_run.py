"""DryRunMiddleware: nothing runs; the model reads a simulated result."""

from __future__ import annotations

from hookline import ToolCall, ToolRegistry, ToolResult, text_reply, tool, tool_call_reply
from hookline.middleware import DryRunMiddleware
from tests.conftest import make_agent

RAN: list[str] = []


@tool
async def transfer(amount: int, to: str) -> str:
    """Transfer money."""
    RAN.append(f"{amount} to {to}")
    return "done"


@tool
async def balance() -> str:
    """The balance."""
    RAN.append("balance")
    return "1000"


TOOLS = ToolRegistry([transfer, balance])


async def test_the_model_reads_what_would_have_happened() -> None:
    RAN.clear()
    dry = DryRunMiddleware()
    agent, llm = make_agent(
        [tool_call_reply("transfer", {"to": "Bob", "amount": 5}), text_reply("Would send 5.")],
        tool_registry=TOOLS,
        middleware=[dry],
    )
    result = await agent.run("send Bob 5")
    assert result.text == "Would send 5."
    assert RAN == []
    assert llm.requests[1].messages[-1].content == (
        '[dry run] would call transfer with {"amount": 5, "to": "Bob"}'
    )
    assert [c.name for c in dry.calls] == ["transfer"]


async def test_a_simulation_function_and_a_tool_filter() -> None:
    RAN.clear()

    async def simulate(call: ToolCall) -> ToolResult:
        return ToolResult(result_for_llm=f"simulated transfer of {call.arguments['amount']}")

    dry = DryRunMiddleware(simulate, tools=["transfer"])
    agent, llm = make_agent(
        [
            tool_call_reply("balance", {}),
            tool_call_reply("transfer", {"to": "Ann", "amount": 7}),
            text_reply("ok"),
        ],
        tool_registry=TOOLS,
        middleware=[dry],
    )
    await agent.run("check then pay Ann 7")
    assert RAN == ["balance"]  # not dry-run: it ran
    assert llm.requests[1].messages[-1].content == "1000"
    assert llm.requests[2].messages[-1].content == "simulated transfer of 7"


async def test_a_sync_simulation_returning_text() -> None:
    RAN.clear()
    dry = DryRunMiddleware(lambda call: f"pretend {call.name}")
    agent, llm = make_agent(
        [tool_call_reply("balance", {}), text_reply("ok")], tool_registry=TOOLS, middleware=[dry]
    )
    await agent.run("balance?")
    assert llm.requests[1].messages[-1].content == "pretend balance"
    assert RAN == []
