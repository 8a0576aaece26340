"""Paused turns: deferred tool calls, resume by API or by /approve, exactly once."""

from __future__ import annotations

import pytest

from hookline import (
    Agent,
    Conversation,
    Event,
    LlmResponse,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    WorkflowHandler,
    WorkflowResult,
    approve,
    reject,
    text_reply,
    tool,
)
from hookline.agent import PENDING_KEY
from hookline.errors import ApprovalError
from hookline.events import BeforeToolCallEvent
from hookline.extensions import AgentView, resume_with
from hookline.tools.approval import call_digest, decision_records, pending_calls
from tests.conftest import collect

USER = User(id="default", username="default")
RAN: list[tuple[str, int]] = []


@tool
async def refund(order: int) -> str:
    """Refund an order."""
    RAN.append(("refund", order))
    return f"refunded {order}"


@tool
async def status(order: int) -> str:
    """Order status."""
    RAN.append(("status", order))
    return f"order {order} shipped"


R1 = ToolCall(id="r1", name="refund", arguments={"order": 7})
SEEN = call_digest(R1)  # what the approval card of r1 shows


def both_calls() -> LlmResponse:
    return LlmResponse(
        tool_calls=[
            ToolCall(id="s1", name="status", arguments={"order": 7}),
            ToolCall(id="r1", name="refund", arguments={"order": 7}),
        ]
    )


def needs_approval(event: Event[BeforeToolCallEvent]) -> None:
    if event.data.call.name == "refund" and not event.data.approved:
        event.data.defer_reason = "Refunds need a human."


def make(script: list[object], store: MemoryConversationStore | None = None) -> Agent:
    RAN.clear()
    agent = Agent(
        ScriptedLlmService(script),  # type: ignore[arg-type]
        tool_registry=ToolRegistry([refund, status]),
        conversation_store=store or MemoryConversationStore(),
    )
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    return agent


async def stored(agent: Agent, conversation_id: str = "c1") -> tuple[list[str], dict[str, object]]:
    conversation = await agent.conversation_store.get_conversation(conversation_id, USER)
    assert conversation is not None
    roles = [f"{m.role}:{m.tool_call_id or ''}" for m in conversation.messages]
    return roles, conversation.metadata


async def test_a_deferred_call_pauses_the_turn_and_the_others_run() -> None:
    agent = make([both_calls()])
    result = await agent.run("refund order 7", conversation_id="c1")
    assert result.paused
    assert [c.id for c in result.pending_tool_calls] == ["r1"]
    assert RAN == [("status", 7)]
    cards = [c.rich_component for c in result.components if c.type == "card"]
    assert [b.action for b in cards[0].buttons] == [  # type: ignore[attr-defined]
        f"/approve r1 {SEEN}",
        f"/reject r1 {SEEN}",
        f'/approve r1 {SEEN} {{"order": 7}}',
    ]
    assert f"digest `{SEEN}`" in cards[0].content  # type: ignore[attr-defined]
    assert result.pending_digests == {"r1": SEEN}
    roles, metadata = await stored(agent)
    assert roles == ["user:", "assistant:", "tool:s1"]  # r1 stays open, not "interrupted"
    entries: list[dict[str, object]] = metadata[PENDING_KEY]  # type: ignore[assignment]
    [entry] = entries
    assert entry.pop("requested_at")
    assert entry == {
        "call": {"id": "r1", "name": "refund", "arguments": {"order": 7}, "raw_arguments": None},
        "reason": "Refunds need a human.",
        "state": "pending",
        "digest": SEEN,
        "requested_by": {"id": "default", "username": "default", "group_memberships": []},
    }


async def test_resume_approves_runs_once_and_continues_the_loop() -> None:
    agent = make([both_calls(), text_reply("Refunded.")])
    await agent.run("refund order 7", conversation_id="c1")
    result = await agent.resume("c1", {"r1": approve()})
    assert result.text == "Refunded."
    assert not result.paused
    assert RAN == [("status", 7), ("refund", 7)]
    roles, metadata = await stored(agent)
    assert roles == ["user:", "assistant:", "tool:s1", "tool:r1", "assistant:"]
    assert PENDING_KEY not in metadata
    sent = agent.llm_service.requests[-1].messages  # type: ignore[attr-defined]
    assert [m.content for m in sent if m.role == "tool"] == ["order 7 shipped", "refunded 7"]
    with pytest.raises(ApprovalError, match="already decided: approved by default at ") as err:
        await agent.resume("c1", {"r1": approve()})
    assert err.value.reason == "already_decided"
    assert RAN == [("status", 7), ("refund", 7)]


async def test_edited_arguments_replace_the_models_and_the_event_says_approved() -> None:
    agent = make([both_calls(), text_reply("Refunded 8 instead.")])
    approvals: list[bool] = []
    agent.hooks.on(BeforeToolCallEvent, lambda e: approvals.append(e.data.approved))
    await agent.run("refund", conversation_id="c1")
    await agent.resume("c1", {"r1": approve({"order": 8})})
    assert RAN == [("status", 7), ("refund", 8)]
    assert approvals == [False, False, True]


async def test_rejection_reaches_the_model() -> None:
    agent = make([both_calls(), text_reply("Understood, no refund.")])
    await agent.run("refund", conversation_id="c1")
    result = await agent.resume("c1", {"r1": reject("Order already refunded")})
    assert result.text == "Understood, no refund."
    assert RAN == [("status", 7)]
    tool_results = [m for m in agent.llm_service.requests[-1].messages if m.role == "tool"]  # type: ignore[attr-defined]
    assert tool_results[-1].content == "Tool call rejected by reviewer: Order already refunded"


async def test_approve_and_reject_messages_resume_the_turn() -> None:
    agent = make([both_calls(), text_reply("Done.")])
    await agent.run("refund", conversation_id="c1")
    components = await collect(agent.send_message(RequestContext(), f"/approve r1 {SEEN}", "c1"))
    statuses = [c.rich_component.status for c in components if c.type == "tool_execution"]  # type: ignore[attr-defined]
    assert statuses == ["running", "success"]
    assert RAN[-1] == ("refund", 7)
    roles, _ = await stored(agent)
    assert "user:" not in roles[1:]  # the command is not a message of the conversation

    other = make([both_calls(), text_reply("Fine.")])
    await other.run("refund", conversation_id="c1")
    await collect(other.send_message(RequestContext(), f"/reject r1 {SEEN} not today", "c1"))
    last_request = other.llm_service.requests[-1]  # type: ignore[attr-defined]
    assert last_request.messages[-1].content == "Tool call rejected by reviewer: not today"


async def test_resume_works_in_a_new_process_sharing_the_store() -> None:
    store = MemoryConversationStore()
    first = make([both_calls()], store)
    await first.run("refund", conversation_id="c1")
    restarted = make([text_reply("Refunded after restart.")], store)
    result = await restarted.resume("c1", {"r1": approve()})
    assert result.text == "Refunded after restart."
    assert RAN == [("refund", 7)]


async def test_a_call_that_was_executing_when_the_process_died_never_runs_again() -> None:
    store = MemoryConversationStore()
    agent = make([both_calls()], store)
    await agent.run("refund", conversation_id="c1")
    conversation = await store.get_conversation("c1", USER)
    assert conversation is not None
    crashed = dict(conversation.metadata)
    crashed[PENDING_KEY] = [dict(crashed[PENDING_KEY][0], state="executing")]
    await store.update_metadata("c1", USER, crashed)  # as if we died while refunding
    after = make([text_reply("Let me check the refund.")], store)
    result = await after.run("did it work?", conversation_id="c1")
    assert RAN == []
    sent = after.llm_service.requests[0].messages  # type: ignore[attr-defined]
    assert sent[3].tool_call_id == "r1"
    assert sent[3].content == "Tool call 'refund' was interrupted before it returned a result."
    assert result.text == "Let me check the refund."
    _, metadata = await stored(after)
    assert PENDING_KEY not in metadata


async def test_a_new_message_closes_waiting_calls_as_not_approved() -> None:
    agent = make([both_calls(), text_reply("OK, something else then.")])
    await agent.run("refund", conversation_id="c1")
    await agent.run("never mind, what's the weather?", conversation_id="c1")
    roles, metadata = await stored(agent)
    assert roles == ["user:", "assistant:", "tool:s1", "tool:r1", "user:", "assistant:"]
    assert PENDING_KEY not in metadata
    sent = agent.llm_service.requests[-1].messages  # type: ignore[attr-defined]
    assert sent[3].content == (
        "Tool call 'refund' was not approved (the user moved on) before it returned a result."
    )
    assert RAN == [("status", 7)]


async def test_bad_edit_json_is_a_clear_error() -> None:
    agent = make([both_calls()])
    await agent.run("refund", conversation_id="c1")
    result = await agent.run(f"/approve r1 {SEEN} {{oops", conversation_id="c1")
    assert result.halted
    assert result.error is not None
    assert result.error.startswith("Edited arguments must be a JSON object")
    _, metadata = await stored(agent)
    assert metadata[PENDING_KEY][0]["state"] == "pending"  # type: ignore[index]


class YesMeansApprove(WorkflowHandler):
    """A custom workflow handler whose "yes" approves every waiting call."""

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        if message.strip().lower() != "yes":
            return WorkflowResult(should_skip_llm=False)
        waiting = pending_calls(conversation)
        return resume_with({p.call.id: approve() for p in waiting})


async def test_a_custom_workflow_handler_resumes_the_turn_with_resume_with() -> None:
    RAN.clear()
    agent = Agent(
        ScriptedLlmService([both_calls(), text_reply("Refunded.")]),
        tool_registry=ToolRegistry([refund, status]),
        workflow_handler=YesMeansApprove(),
    )
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    await agent.run("refund", conversation_id="c1")
    result = await agent.run("yes", conversation_id="c1")
    assert result.text == "Refunded."
    assert RAN == [("status", 7), ("refund", 7)]
    roles, metadata = await stored(agent)
    assert roles == ["user:", "assistant:", "tool:s1", "tool:r1", "assistant:"]
    assert PENDING_KEY not in metadata


async def test_without_a_workflow_handler_approve_is_text_for_the_model() -> None:
    RAN.clear()
    llm = ScriptedLlmService([both_calls(), text_reply("Use the approve button.")])
    agent = Agent(llm, tool_registry=ToolRegistry([refund, status]), workflow_handler=None)
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    await agent.run("refund", conversation_id="c1")
    result = await agent.run("/approve r1", conversation_id="c1")
    assert result.text == "Use the approve button."
    assert RAN == [("status", 7)]
    assert llm.requests[-1].messages[-1].content == "/approve r1"


def refund_call(order: int, call_id: str = "r1") -> ToolCall:
    return ToolCall(id=call_id, name="refund", arguments={"order": order})


async def test_a_reissued_call_id_gets_a_fresh_id_and_waits_for_its_own_approval() -> None:
    agent = make(
        [
            LlmResponse(tool_calls=[refund_call(7)]),
            LlmResponse(tool_calls=[refund_call(9999)]),  # the same id, other arguments
            text_reply("Refunded."),
        ]
    )
    await agent.run("refund 7", conversation_id="c1")
    second = await agent.run("no, refund everything", conversation_id="c1")
    [new] = second.pending_tool_calls
    assert (new.id, new.arguments) == ("r1_2", {"order": 9999})
    assert second.pending_digests == {"r1_2": call_digest(new)}

    shown_first = await agent.run(f"/approve r1 {SEEN}", conversation_id="c1")
    assert shown_first.halted
    assert shown_first.error == "No tool call is waiting for approval with id 'r1'."
    with pytest.raises(ApprovalError, match="not the one you reviewed") as changed:
        await agent.resume("c1", {"r1_2": approve(digest=SEEN)})
    assert changed.value.reason == "changed"
    assert RAN == []

    done = await agent.resume("c1", {"r1_2": approve(digest=call_digest(new))})
    assert (done.text, RAN) == ("Refunded.", [("refund", 9999)])
    roles, _ = await stored(agent)
    assert "tool:r1_2" in roles and roles.count("tool:r1") == 1  # r1: closed, never run


async def test_two_calls_of_one_response_with_one_id_are_two_waiting_calls() -> None:
    agent = make([LlmResponse(tool_calls=[refund_call(1), refund_call(2)]), text_reply("Ok.")])
    result = await agent.run("refund both", conversation_id="c1")
    assert [(c.id, c.arguments) for c in result.pending_tool_calls] == [
        ("r1", {"order": 1}),
        ("r1_2", {"order": 2}),
    ]
    digests = result.pending_digests
    await agent.resume("c1", {"r1_2": approve(digest=digests["r1_2"])})
    assert RAN == [("refund", 2)]


async def test_a_decision_command_without_the_digest_runs_nothing() -> None:
    agent = make([both_calls(), text_reply("Done.")])
    await agent.run("refund", conversation_id="c1")
    result = await agent.run("/approve r1", conversation_id="c1")
    assert result.halted
    assert result.error == (
        "/approve needs the digest the approval card shows: /approve r1 <digest> "
        "(it binds your decision to the exact call you saw)."
    )
    _, metadata = await stored(agent)
    assert metadata[PENDING_KEY][0]["state"] == "pending"  # type: ignore[index]
    assert RAN == [("status", 7)]


async def test_the_tool_span_of_an_approved_call_names_who_decided() -> None:
    from hookline.middleware import HumanApprovalMiddleware
    from tests.observability.recording import RecordingProvider

    RAN.clear()
    provider = RecordingProvider()
    owner, manager = User(id="ann"), User(id="max", group_memberships=["managers"])
    agent = Agent(
        ScriptedLlmService([LlmResponse(tool_calls=[R1]), text_reply("Refunded.")]),
        tool_registry=ToolRegistry([refund]),
        observability_provider=provider,
        middleware=[HumanApprovalMiddleware(tools=["refund"], approvers=["group:managers"])],
    )
    await agent.run("refund 7", user=owner, conversation_id="c1")
    await agent.resume("c1", {"r1": approve(digest=SEEN)}, user=owner, approver=manager)
    deferred, ran = provider.named("agent.tool.execute")
    assert "decided_by" not in deferred.details
    assert (ran.details["tool_call_id"], ran.details["decided_by"]) == ("r1", "max")
    conversation = await agent.conversation_store.get_conversation("c1", owner)
    assert conversation is not None
    [record] = decision_records(conversation)
    assert (record.decided_by, record.digest) == ("max", SEEN)
