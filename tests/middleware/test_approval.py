"""HumanApprovalMiddleware: the policy, pauses that survive restarts, edits re-checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    ConversationStore,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    SqliteConversationStore,
    ToolCall,
    ToolRegistry,
    User,
    approve,
    reject,
    text_reply,
    tool,
)
from hookline.agent import PENDING_KEY
from hookline.errors import ApprovalError
from hookline.middleware import HumanApprovalMiddleware
from tests.conftest import collect

USER = User(id="default", username="default")
RAN: list[tuple[str, int]] = []


@tool
async def refund(order: int, amount: int) -> str:
    """Refund an order."""
    RAN.append(("refund", amount))
    return f"refunded {amount} on order {order}"


@tool
async def status(order: int) -> str:
    """Order status."""
    RAN.append(("status", order))
    return f"order {order} shipped"


def refund_and_status(amount: int) -> LlmResponse:
    return LlmResponse(
        tool_calls=[
            ToolCall(id="s1", name="status", arguments={"order": 7}),
            ToolCall(id="r1", name="refund", arguments={"order": 7, "amount": amount}),
        ]
    )


def policy(**options: Any) -> HumanApprovalMiddleware:
    return HumanApprovalMiddleware(
        tools=["refund"],
        predicate=lambda call: call.arguments.get("amount", 0) > 100,
        reason="Refunds over 100 need a manager.",
        allow=lambda call: call.arguments.get("amount", 0) <= 1000,
        **options,
    )


def make(
    script: list[Any],
    store: ConversationStore | None = None,
    approval: HumanApprovalMiddleware | None = None,
) -> tuple[Agent, ScriptedLlmService]:
    llm = ScriptedLlmService(script)
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([refund, status]),
        conversation_store=store or MemoryConversationStore(),
        middleware=[approval or policy()],
    )
    return agent, llm


@pytest.fixture(autouse=True)
def _clear() -> None:
    RAN.clear()


async def test_a_call_matching_the_policy_pauses_and_the_others_run() -> None:
    approval = policy()
    agent, _ = make([refund_and_status(500)], approval=approval)
    result = await agent.run("refund 500 on order 7", conversation_id="c1")
    assert result.paused
    assert [c.id for c in result.pending_tool_calls] == ["r1"]
    assert RAN == [("status", 7)]
    card = next(c.rich_component for c in result.components if c.type == "card")
    assert "Refunds over 100 need a manager." in card.content  # type: ignore[attr-defined]
    conversation = await agent.conversation_store.get_conversation("c1", USER)
    assert conversation is not None
    assert [p["call"]["id"] for p in conversation.metadata[PENDING_KEY]] == ["r1"]
    assert approval.deferred == 1


async def test_a_call_outside_the_predicate_runs_without_a_pause() -> None:
    agent, _ = make([refund_and_status(50), text_reply("Refunded 50.")])
    result = await agent.run("refund 50", conversation_id="c1")
    assert not result.paused
    assert result.text == "Refunded 50."
    assert sorted(RAN) == [("refund", 50), ("status", 7)]


async def test_approved_calls_run_exactly_once_and_nothing_before_runs_again() -> None:
    agent, llm = make([refund_and_status(500), text_reply("Refunded 500.")])
    await agent.run("refund 500", conversation_id="c1")
    result = await agent.resume("c1", {"r1": approve()})
    assert result.text == "Refunded 500."
    assert RAN == [("status", 7), ("refund", 500)]
    with pytest.raises(ApprovalError) as again:
        await agent.resume("c1", {"r1": approve()})
    assert again.value.reason == "already_decided"
    assert RAN == [("status", 7), ("refund", 500)]
    tool_results = [m.content for m in llm.requests[-1].messages if m.role == "tool"]
    assert tool_results == ["order 7 shipped", "refunded 500 on order 7"]


async def test_rejected_calls_get_rejected_by_reviewer() -> None:
    agent, llm = make([refund_and_status(500), text_reply("No refund then.")])
    await agent.run("refund 500", conversation_id="c1")
    result = await agent.resume("c1", {"r1": reject("Customer already refunded")})
    assert result.text == "No refund then."
    assert RAN == [("status", 7)]
    assert llm.requests[-1].messages[-1].content == (
        "Tool call rejected by reviewer: Customer already refunded"
    )


async def test_approve_and_reject_messages_work_with_the_policy() -> None:
    agent, _ = make([refund_and_status(500), text_reply("Done.")])
    paused = await agent.run("refund 500", conversation_id="c1")
    digest = paused.pending_digests["r1"]  # the card's
    await collect(agent.send_message(RequestContext(), f"/approve r1 {digest}", "c1"))
    assert RAN == [("status", 7), ("refund", 500)]
    other, other_llm = make([refund_and_status(500), text_reply("OK.")])
    await other.run("refund 500", conversation_id="c1")
    await collect(other.send_message(RequestContext(), f"/reject r1 {digest} too much", "c1"))
    assert other_llm.requests[-1].messages[-1].content == "Tool call rejected by reviewer: too much"


async def test_an_edit_within_the_limits_runs_with_the_edited_arguments() -> None:
    agent, _ = make([refund_and_status(500), text_reply("Refunded 300.")])
    await agent.run("refund 500", conversation_id="c1")
    result = await agent.resume("c1", {"r1": approve({"order": 7, "amount": 300})})
    assert result.text == "Refunded 300."
    assert RAN == [("status", 7), ("refund", 300)]


async def test_an_edit_outside_the_limits_is_blocked() -> None:
    approval = policy()
    agent, llm = make(
        [refund_and_status(500), text_reply("The edit was refused.")], approval=approval
    )
    await agent.run("refund 500", conversation_id="c1")
    result = await agent.resume("c1", {"r1": approve({"order": 7, "amount": 5000})})
    assert result.text == "The edit was refused."
    assert RAN == [("status", 7)]  # the refund never ran
    assert llm.requests[-1].messages[-1].content == (
        "Tool call blocked: the approved arguments for refund are outside the allowed limits; "
        "nothing was run"
    )
    statuses = [c.rich_component.status for c in result.components if c.type == "tool_execution"]  # type: ignore[attr-defined]
    assert statuses == ["running", "blocked"]
    assert approval.blocked == 1


async def test_without_strict_edit_the_reviewer_has_the_last_word() -> None:
    agent, _ = make(
        [refund_and_status(500), text_reply("Refunded 5000.")], approval=policy(strict_edit=False)
    )
    await agent.run("refund 500", conversation_id="c1")
    await agent.resume("c1", {"r1": approve({"order": 7, "amount": 5000})})
    assert RAN == [("status", 7), ("refund", 5000)]


async def test_a_model_call_outside_the_limits_asks_the_reviewer_to_edit() -> None:
    agent, llm = make([refund_and_status(5000), text_reply("I could not refund 5000.")])
    result = await agent.run("refund 5000", conversation_id="c1")
    card = next(c.rich_component for c in result.components if c.type == "card")
    assert "outside the allowed limits: edit the arguments or reject" in card.content  # type: ignore[attr-defined]
    unedited = await agent.resume("c1", {"r1": approve()})
    assert RAN == [("status", 7)]  # approving it as it is would exceed the limit: blocked
    assert unedited.text == "I could not refund 5000."
    assert llm.requests[-1].messages[-1].content.startswith("Tool call blocked:")  # type: ignore[union-attr]


async def test_a_new_process_sharing_the_store_resumes_the_turn() -> None:
    store = MemoryConversationStore()
    first, _ = make([refund_and_status(500)], store)
    await first.run("refund 500", conversation_id="c1")
    restarted, _ = make([text_reply("Refunded after the restart.")], store)  # new middleware too
    result = await restarted.resume("c1", {"r1": approve({"order": 7, "amount": 400})})
    assert result.text == "Refunded after the restart."
    assert RAN == [("status", 7), ("refund", 400)]
    conversation = await store.get_conversation("c1", USER)
    assert conversation is not None
    assert PENDING_KEY not in conversation.metadata
    assert [m.role for m in conversation.messages] == [
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]


async def test_a_restart_with_a_sqlite_store(tmp_path: Path) -> None:
    store = SqliteConversationStore(tmp_path / "conversations.db")
    first, _ = make([refund_and_status(500)], store)
    await first.run("refund 500", conversation_id="c1")
    await store.close()
    reopened = SqliteConversationStore(tmp_path / "conversations.db")  # a new process
    restarted, _ = make([text_reply("Done.")], reopened)
    result = await restarted.resume("c1", {"r1": approve()})
    assert result.text == "Done."
    assert RAN == [("status", 7), ("refund", 500)]
    with pytest.raises(ApprovalError, match="already decided"):  # never twice
        await restarted.resume("c1", {"r1": approve()})
    conversation = await reopened.get_conversation("c1", USER)
    assert conversation is not None
    assert PENDING_KEY not in conversation.metadata
    assert [m.role for m in conversation.messages] == [
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert RAN == [("status", 7), ("refund", 500)]
    await reopened.close()


async def test_without_tools_and_predicate_every_call_waits() -> None:
    agent, _ = make([refund_and_status(10)], approval=HumanApprovalMiddleware())
    result = await agent.run("anything", conversation_id="c1")
    assert [c.id for c in result.pending_tool_calls] == ["s1", "r1"]
    assert RAN == []
