"""Rewriting the user's message has one implementation (agent/message_gate.py): a
MessageReceivedEvent handler, AgentMiddleware.before_agent and LifecycleHook.before_message
are translations onto it, so the same rewrite, halt or mistake by any of the three makes
the same turn: the same components, event sequence, stored rows and model requests."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    AgentError,
    AgentMiddleware,
    LifecycleHook,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    User,
    text_reply,
)
from hookline.events import MessageReceivedEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.scripted import tool_call_reply
from hookline.storage.models import Message
from hookline.testing import RecordingHookProvider
from tests.conftest import collect, lookup

ROUTES = ("event", "middleware", "lifecycle")
Rewrite = Any  # (str) -> object: what the hook returns (or raises)


def by_route(route: str, rewrite: Rewrite) -> dict[str, Any]:
    """``Agent(...)`` keywords giving the rewrite by one of the three public ways."""
    if route == "event":

        class Handler:
            def register_hooks(self, registry: HookRegistry) -> None:
                registry.on(MessageReceivedEvent, self.handle)

            def handle(self, event: Event[MessageReceivedEvent]) -> None:
                event.data.message = rewrite(event.data.message)

        return {"middleware": [Handler()]}  # any HookProvider
    if route == "middleware":

        class Rewriter(AgentMiddleware):
            async def before_agent(self, input: str) -> str:
                return rewrite(input)  # type: ignore[no-any-return]

        return {"middleware": [Rewriter()]}

    class Hook(LifecycleHook):
        async def before_message(self, user: User, message: str) -> str | None:
            return rewrite(message)  # type: ignore[no-any-return]

    return {"lifecycle_hooks": [Hook()]}


def plain(value: Any) -> Any:
    """A value with what differs between two equal turns (times, ids of objects) left out."""
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    if isinstance(value, Message):
        return (value.role, value.content, plain(value.tool_calls), value.tool_call_id)
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if hasattr(value, "model_dump"):
        return {k: plain(v) for k, v in value.model_dump().items() if k != "created_at"}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return type(value).__name__


def event_record(data: Any) -> tuple[str, dict[str, Any]]:
    fields = {f.name: plain(getattr(data, f.name)) for f in dataclasses.fields(data)}
    return type(data).__name__, {k: v for k, v in fields.items() if not isinstance(v, float)}


async def one_turn(route: str, rewrite: Rewrite, *, limit: int = 100_000) -> dict[str, Any]:
    llm = ScriptedLlmService(
        [tool_call_reply("lookup", {"city": "Oslo"}, call_id="t1"), text_reply("Oslo: 2.1M")]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([lookup]),
        config=AgentConfig(max_message_chars=limit),
        **by_route(route, rewrite),
    )
    recorder = RecordingHookProvider()
    agent.hooks.add(recorder)
    components = await collect(agent.send_message(RequestContext(), "  oslo?  ", "c1"))
    stored = await agent.conversation_store.get_conversation("c1", User(id="default"))
    return {
        "components": [plain(c.rich_component.to_dict()) for c in components],
        "events": [event_record(e.data) for e in recorder.events],
        "stored": None if stored is None else plain(stored.messages),
        "requests": [plain(r) for r in llm.requests],
    }


async def same_turn_by_every_route(rewrite: Rewrite, **kwargs: Any) -> dict[str, Any]:
    turns = [await one_turn(route, rewrite, **kwargs) for route in ROUTES]
    for turn in turns[1:]:
        for part in ("components", "events", "stored", "requests"):
            assert turn[part] == turns[0][part], part
    return turns[0]


async def test_a_rewrite_makes_the_same_turn_by_every_route() -> None:
    turn = await same_turn_by_every_route(lambda text: f"Population of {text.strip()}")
    assert turn["stored"][0] == ("user", "Population of oslo?", None, None)
    assert turn["requests"][0]["messages"][0]["content"] == "Population of oslo?"
    assert len(turn["requests"]) == 2
    names = [name for name, _ in turn["events"]]
    assert names[0] == "MessageReceivedEvent"
    assert turn["events"][0][1]["message"] == "Population of oslo?"


async def test_a_halt_makes_the_same_turn_by_every_route() -> None:
    def refuse(text: str) -> str:
        raise AgentError("Rate limit exceeded.")

    turn = await same_turn_by_every_route(refuse)
    assert turn["stored"] is None  # nothing stored: the conversation does not exist
    assert turn["requests"] == []
    assert any("Rate limit exceeded." in str(c) for c in turn["components"])


async def test_a_rewrite_over_the_length_limit_halts_by_every_route() -> None:
    turn = await same_turn_by_every_route(lambda text: text * 3, limit=20)
    assert turn["stored"] is None
    assert turn["requests"] == []
    assert any(
        "Message too long: 27 characters (the limit is 20)." in str(c) for c in turn["components"]
    )


@pytest.mark.parametrize("route", ["event", "middleware"])
async def test_a_rewrite_that_is_not_text_fails_the_turn_with_a_type_error(
    route: str, caplog: pytest.LogCaptureFixture
) -> None:
    turn = await one_turn(route, lambda text: None)
    assert turn["stored"] is None
    assert turn["requests"] == []
    assert [c["type"] for c in turn["components"]] == ["error"]
    assert "TypeError: MessageReceivedEvent.message must be a str, not NoneType" in caplog.text


async def test_none_from_before_message_keeps_the_message() -> None:
    kept = await one_turn("lifecycle", lambda text: None)
    unchanged = await one_turn("event", lambda text: text)
    assert kept == unchanged
    assert kept["stored"][0] == ("user", "  oslo?  ", None, None)
