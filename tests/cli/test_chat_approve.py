"""``/approve`` in ``hookline chat``: bound to the approval card the terminal printed."""

from __future__ import annotations

from rich.console import Console

from hookline import (
    Agent,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.cli.chat import ShownCalls, run_turn
from hookline.middleware import HumanApprovalMiddleware

REFUNDS: list[int] = []


@tool
async def refund(order: int, amount: int) -> str:
    """Refund an amount of an order."""
    REFUNDS.append(amount)
    return f"refunded {amount}"


def agent() -> Agent:
    REFUNDS.clear()
    script = [
        tool_call_reply("refund", {"order": 1, "amount": 10}, call_id="r1"),
        tool_call_reply("refund", {"order": 1, "amount": 9999}, call_id="r1"),
        text_reply("Refunded."),
    ]
    return Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([refund]),
        conversation_store=MemoryConversationStore(),
        middleware=[HumanApprovalMiddleware(tools=["refund"])],
    )


async def test_approve_typed_in_the_terminal_decides_the_call_whose_card_was_printed() -> None:
    chat, console, shown = (
        agent(),
        Console(record=True, width=200, force_terminal=True),
        ShownCalls(),
    )

    async def say(text: str) -> str:
        console.export_text()  # only this turn's output
        await run_turn(chat, console, shown.complete(text), "c1", spinner=False, shown=shown)
        return console.export_text()

    first = await say("refund order 1")
    assert "r1" in shown.digests and shown.digests["r1"] in first  # the card shows it
    await say("refund it fully")  # the model re-issues r1 with 9999: a new call, a new card
    assert set(shown.digests) == {"r1", "r1_2"}
    refused = await say("/approve r1")  # the reviewer approves the card of 10
    assert "No tool call is waiting for approval with id 'r1'" in refused
    assert REFUNDS == []  # 9999 was not what the card of r1 showed

    await say("/approve r1_2")
    assert REFUNDS == [9999]


def test_a_command_with_a_digest_or_for_an_unseen_call_goes_as_typed() -> None:
    shown = ShownCalls()
    shown.digests["r1"] = "a" * 64
    assert shown.complete("/approve r1") == f"/approve r1 {'a' * 64}"
    assert shown.complete("/reject r1 too much") == f"/reject r1 {'a' * 64} too much"
    assert shown.complete(f"/approve r1 {'b' * 64}") == f"/approve r1 {'b' * 64}"
    assert shown.complete("/approve r9") == "/approve r9"
    assert shown.complete("approve r1") == "approve r1"
