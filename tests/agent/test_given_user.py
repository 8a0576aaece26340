"""send_message(user=...) and resume_stream(user=...) skip the user resolver (a server that
resolved the user itself passes it)."""

from __future__ import annotations

from hookline import (
    Agent,
    AgentError,
    Event,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    User,
    UserResolver,
    approve,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import BeforeToolCallEvent

CAROL = User(id="carol")


class Refuses(UserResolver):
    async def resolve_user(self, request_context: RequestContext) -> User:
        raise AgentError("the resolver must not be asked")


@tool
async def ship(order: int) -> str:
    """Ship an order."""
    return f"shipped {order}"


def defer(event: Event[BeforeToolCallEvent]) -> None:
    if not event.data.approved:
        event.data.defer_reason = "Shipping needs a human."


async def test_a_given_user_skips_the_resolver_in_send_message_and_resume_stream() -> None:
    agent = Agent(
        ScriptedLlmService(
            [tool_call_reply("ship", {"order": 3}, call_id="s1"), text_reply("Shipped.")]
        ),
        tool_registry=ToolRegistry([ship]),
        user_resolver=Refuses(),
    )
    agent.hooks.on(BeforeToolCallEvent, defer)

    paused = [
        c.type async for c in agent.send_message(RequestContext(), "ship 3", "c-1", user=CAROL)
    ]
    resumed = [
        c.type
        async for c in agent.resume_stream(RequestContext(), "c-1", {"s1": approve()}, user=CAROL)
    ]

    assert paused == ["tool_execution", "tool_execution", "card"]
    assert resumed[:2] == ["tool_execution", "tool_execution"] and "error" not in resumed
    stored = await agent.conversation_store.get_conversation("c-1", CAROL)
    assert stored is not None and stored.user_id == "carol"
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]
