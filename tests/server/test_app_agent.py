"""``create_app`` leaves the agent it is given as it was: the app runs its turns with a
copy that has its own hook registry (``hookline.server.served``), so the server's hooks
(client tools, ``tool_choice``) never reach the agent, a script running it, or another
app made from it."""

from __future__ import annotations

import copy
from typing import Any

from hookline import Agent, HookRegistry, User, text_reply, tool_call_reply
from hookline.events import SystemPromptEvent, ToolSchemasEvent
from hookline.hooks.events import TOOL_CALL
from hookline.server.context import ServerContext
from tests.server.conftest import ALICE, ClientFactory, make_agent

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}
QUESTION = [{"role": "user", "content": "Weather in Paris?"}]


def registrations(registry: HookRegistry) -> dict[str, Any]:
    """What a registry holds: its handlers and wrappers, by event type and chain."""
    tables = registry._tables
    return {
        "handlers": {key: tuple(entries) for key, entries in tables.handlers.items()},
        "wrappers": {key: tuple(wrappers) for key, wrappers in tables.wrappers.items()},
        "taps": tables.taps,
    }


def state(agent: Agent) -> dict[str, Any]:
    """The agent's attributes (by identity), its registry, tools and settings."""
    return {
        "attributes": {name: id(value) for name, value in vars(agent).items()},
        "hooks": registrations(agent.hooks),
        "tools": list(agent.tool_registry.tool_names),
        "config": copy.deepcopy(agent.config),
    }


def app_agent(client: Any) -> Agent:
    server = client.app.state.hookline
    assert isinstance(server, ServerContext)
    return server.agent


def use_every_server_hook(client: Any) -> None:
    """A chat turn, and an OpenAI request offering a client tool it must call."""
    chat = client.post("/api/v1/chat", json={"message": "hi"}, headers=ALICE)
    assert chat.status_code == 200
    body = {"model": "m", "messages": QUESTION, "tools": [WEATHER], "tool_choice": "required"}
    reply = client.post("/v1/chat/completions", json=body, headers=ALICE)
    assert reply.json()["choices"][0]["finish_reason"] == "tool_calls"


SCRIPT = [
    text_reply("Hello!"),
    tool_call_reply("get_weather", {"city": "Paris"}, call_id="w1"),
    text_reply("Hello!"),
]


def test_the_agent_given_is_not_changed_by_the_app_or_its_requests(
    make_client: ClientFactory,
) -> None:
    agent, _ = make_agent(SCRIPT, approval=True)
    before = state(agent)
    client = make_client(agent)
    assert state(agent) == before
    use_every_server_hook(client)
    assert state(agent) == before
    served = app_agent(client)
    assert served is not agent and served.hooks is not agent.hooks
    assert served.hooks.has_handlers(ToolSchemasEvent)  # the client tools: on the copy
    assert not agent.hooks.has_handlers(ToolSchemasEvent)
    assert not agent.hooks.has_wrappers(TOOL_CALL)
    shared = ("llm_service", "tool_registry", "conversation_store", "config", "_locks")
    assert all(getattr(served, name) is getattr(agent, name) for name in shared)


async def test_after_an_app_the_agent_runs_as_one_never_served(make_client: ClientFactory) -> None:
    agent, llm = make_agent(SCRIPT, approval=True)
    use_every_server_hook(make_client(agent))
    fresh, _ = make_agent([text_reply("Hello!")], approval=True)
    alice = User(id="alice")
    ran = await agent.run("hi", user=alice, conversation_id="c9")
    expected = await fresh.run("hi", user=alice, conversation_id="c9")
    assert (ran.text, ran.usage, ran.tool_calls, ran.completed) == (
        expected.text,
        expected.usage,
        expected.tool_calls,
        expected.completed,
    )
    assert [t.name for t in llm.requests[-1].tools or ()] == ["lookup", "refund"]
    assert "client application" not in (llm.requests[-1].messages[0].content or "")


def test_two_apps_from_one_agent_do_not_interfere(make_client: ClientFactory) -> None:
    agent, _ = make_agent(SCRIPT, approval=True)
    first, second = make_client(agent), make_client(agent)
    use_every_server_hook(first)
    one, two = app_agent(first), app_agent(second)
    assert one is not two and one.hooks is not two.hooks
    assert one.hooks.has_handlers(SystemPromptEvent) and one.hooks.has_wrappers(TOOL_CALL)
    assert registrations(two.hooks) == registrations(agent.hooks)  # nothing of the first
    chat = second.post("/api/v1/chat", json={"message": "hi"}, headers=ALICE)
    assert chat.status_code == 200 and '"completed":true' in chat.text


def test_hooks_the_agent_had_run_in_the_app(make_client: ClientFactory) -> None:
    agent, _ = make_agent([tool_call_reply("refund", {"order": 7}, call_id="r1")], approval=True)
    client = make_client(agent)
    chat = client.post("/api/v1/chat", json={"message": "refund 7"}, headers=ALICE)
    assert '"paused":true' in chat.text  # the agent's approval hook held the call
