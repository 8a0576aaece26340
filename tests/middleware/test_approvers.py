"""Approvals bound to the call: who may decide, the digest shown, one claim, the audit trail."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hookline import (
    Agent,
    ApprovalError,
    LlmResponse,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolCall,
    ToolRegistry,
    User,
    approve,
    reject,
    text_reply,
    tool,
)
from hookline.agent import DECISIONS_KEY, PENDING_KEY, call_digest, decision_records
from hookline.middleware import HumanApprovalMiddleware

OWNER = User(id="ann")
MANAGER = User(id="max", group_memberships=["managers"])
STRANGER = User(id="sam")
CALL = ToolCall(id="p1", name="pay", arguments={"amount": 500, "to": "acme"})


def make(approval: HumanApprovalMiddleware, ran: list[int]) -> Agent:
    @tool
    async def pay(amount: int, to: str) -> str:
        """Pay someone."""
        await asyncio.sleep(0.01)
        ran.append(amount)
        return f"paid {amount} to {to}"

    registry = ToolRegistry()
    registry.register(pay)
    script: list[Any] = [LlmResponse(tool_calls=[CALL])] + [text_reply("Paid.")] * 3
    return Agent(
        ScriptedLlmService(script),
        tool_registry=registry,
        conversation_store=MemoryConversationStore(),
        middleware=[approval],
    )


async def paused(approval: HumanApprovalMiddleware, ran: list[int]) -> Agent:
    agent = make(approval, ran)
    result = await agent.run("pay acme 500", user=OWNER, conversation_id="c1")
    assert result.paused and [c.id for c in result.pending_tool_calls] == ["p1"]
    return agent


async def metadata(agent: Agent) -> dict[str, Any]:
    conversation = await agent.conversation_store.get_conversation("c1", OWNER)
    assert conversation is not None
    return conversation.metadata


async def test_by_default_only_the_owner_decides_and_the_decision_is_recorded() -> None:
    ran: list[int] = []
    agent = await paused(HumanApprovalMiddleware(tools=["pay"]), ran)
    before = await metadata(agent)
    with pytest.raises(ApprovalError, match="sam may not decide") as refused:
        await agent.resume("c1", {"p1": approve()}, user=OWNER, approver=STRANGER)
    assert refused.value.reason == "not_allowed"
    assert (ran, await metadata(agent)) == ([], before)  # nothing changed
    result = await agent.resume("c1", {"p1": approve()}, user=OWNER)
    assert (result.text, ran) == ("Paid.", [500])
    conversation = await agent.conversation_store.get_conversation("c1", OWNER)
    assert conversation is not None and PENDING_KEY not in conversation.metadata
    [record] = decision_records(conversation)
    assert (record.call_id, record.tool, record.approved, record.decided_by) == (
        "p1",
        "pay",
        True,
        "ann",
    )
    assert record.digest == call_digest(CALL) and record.decided_at.endswith("+00:00")


async def test_a_second_person_from_a_group_can_be_required() -> None:
    ran: list[int] = []
    approval = HumanApprovalMiddleware(
        tools=["pay"], approvers=["group:managers"], self_approval=False
    )
    agent = await paused(approval, ran)
    for reviewer in (OWNER, STRANGER):
        with pytest.raises(ApprovalError) as refused:
            await agent.resume("c1", {"p1": approve()}, user=OWNER, approver=reviewer)
        assert refused.value.reason == "not_allowed"
    assert ran == []
    await agent.resume("c1", {"p1": reject("no")}, user=OWNER, approver=MANAGER)
    assert ran == []
    [record] = (await metadata(agent))[DECISIONS_KEY]
    assert (record["decided_by"], record["approved"]) == ("max", False)


@pytest.mark.parametrize(
    ("approvers", "allowed"),
    [(["sam"], True), (["group:auditors"], False), (lambda user, call: user.id == "sam", True)],
    ids=["user-id", "other-group", "predicate"],
)
async def test_approvers_by_id_group_or_predicate(approvers: Any, allowed: bool) -> None:
    ran: list[int] = []
    agent = await paused(HumanApprovalMiddleware(tools=["pay"], approvers=approvers), ran)
    if allowed:
        await agent.resume("c1", {"p1": approve()}, user=OWNER, approver=STRANGER)
    else:
        with pytest.raises(ApprovalError):
            await agent.resume("c1", {"p1": approve()}, user=OWNER, approver=STRANGER)
    assert ran == ([500] if allowed else [])


async def test_a_decision_on_another_call_than_the_one_shown_is_refused() -> None:
    ran: list[int] = []
    agent = await paused(HumanApprovalMiddleware(tools=["pay"]), ran)
    seen = call_digest(CALL.model_copy(update={"arguments": {"amount": 5, "to": "acme"}}))
    with pytest.raises(ApprovalError, match="not the one you reviewed") as refused:
        await agent.resume("c1", {"p1": approve(digest=seen)}, user=OWNER)
    assert refused.value.reason == "changed" and ran == []
    await agent.resume("c1", {"p1": approve(digest=call_digest(CALL))}, user=OWNER)
    assert ran == [500]


async def test_an_edit_is_a_new_call_recorded_and_checked_again() -> None:
    ran: list[int] = []
    approval = HumanApprovalMiddleware(
        tools=["pay"], allow=lambda call: call.arguments["amount"] <= 1000
    )
    agent = await paused(approval, ran)
    edited = {"amount": 5000, "to": "acme"}
    result = await agent.resume("c1", {"p1": approve(edited)}, user=OWNER)
    assert ran == [] and approval.blocked == 1  # the policy ran again on the edit
    assert "outside the allowed limits" in result.tool_results["p1"]
    [record] = (await metadata(agent))[DECISIONS_KEY]
    assert record["arguments"] == edited
    assert record["executed_digest"] == call_digest(CALL.model_copy(update={"arguments": edited}))
    assert record["digest"] == call_digest(CALL)


async def test_ten_concurrent_approvals_run_the_call_once() -> None:
    ran: list[int] = []
    agent = await paused(HumanApprovalMiddleware(tools=["pay"]), ran)

    async def one() -> str:
        try:
            await agent.resume("c1", {"p1": approve()}, user=OWNER)
        except ApprovalError as exc:
            return exc.reason
        return "ran"

    outcomes = await asyncio.gather(*(one() for _ in range(10)))
    assert sorted(outcomes) == ["already_decided"] * 9 + ["ran"]
    assert ran == [500]


async def test_the_claim_is_a_compare_and_set_in_the_store() -> None:
    store = MemoryConversationStore()
    await store.create_conversation(OWNER, conversation_id="c1", metadata={"k": [1]})
    assert await store.compare_and_set_metadata("c1", OWNER, "k", [1], {"k": [2], "x": 1})
    assert not await store.compare_and_set_metadata("c1", OWNER, "k", [1], {"k": [3]})
    conversation = await store.get_conversation("c1", OWNER)
    assert conversation is not None and conversation.metadata == {"k": [2], "x": 1}


def test_the_approver_scope_says_which_tools_a_reviewer_may_decide_ahead_of_any_call() -> None:
    from hookline.agent.approvals import approver_scope
    from hookline.hooks.events import ApprovalDecisionEvent
    from hookline.hooks.registry import Event

    def scoped(*middleware: HumanApprovalMiddleware) -> Agent:
        return Agent(ScriptedLlmService([]), middleware=list(middleware))

    listed = scoped(HumanApprovalMiddleware(tools=["pay"], approvers=["group:managers"]))
    assert approver_scope(listed.hooks, MANAGER) == frozenset({"pay"})
    assert approver_scope(listed.hooks, STRANGER) == frozenset()
    assert approver_scope(scoped(HumanApprovalMiddleware(tools=["pay"])).hooks, MANAGER) == (
        frozenset()
    )  # the owner only: nobody else's calls to read
    predicate = HumanApprovalMiddleware(tools=["pay"], approvers=lambda user, call: True)
    assert approver_scope(scoped(predicate).hooks, STRANGER) == frozenset({"pay"})
    everything = HumanApprovalMiddleware(approvers=["group:managers"])
    assert approver_scope(scoped(everything).hooks, MANAGER) is None  # every tool

    def own_policy(event: Event[ApprovalDecisionEvent]) -> None:
        event.data.allowed = True

    listed.hooks.on(ApprovalDecisionEvent, own_policy)
    assert approver_scope(listed.hooks, STRANGER) is None  # a policy that cannot say ahead
