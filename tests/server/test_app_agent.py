"""``create_app`` leaves the agent it is given as it was: the server's own hooks (client
tools, ``tool_choice``) go on a copy of the agent's registry made for each turn that needs
them (``ServerContext.turn_hooks``), so they never reach the agent, a script running it,
or another app made from it; hooks the agent has, or gets later, run in the app."""

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


def server_of(client: Any) -> ServerContext:
    server = client.app.state.hookline
    assert isinstance(server, ServerContext)
    return server


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
    agent, llm = make_agent(SCRIPT, approval=True)
    parent = HookRegistry()
    agent.hooks.propagate_to(parent)  # a turn's registry copy is released after it
    before = state(agent)
    client = make_client(agent)
    assert state(agent) == before
    use_every_server_hook(client)
    assert state(agent) == before
    assert parent.source_count() == 1
    assert not agent.hooks.has_handlers(ToolSchemasEvent)
    assert not agent.hooks.has_wrappers(TOOL_CALL)
    offered = [t.name for t in llm.requests[1].tools or ()]
    assert offered == ["get_weather"]  # the client tool reached the model, forced


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
    agent, llm = make_agent(SCRIPT, approval=True)
    first, second = make_client(agent), make_client(agent)
    assert server_of(first).client_tools is not server_of(second).client_tools
    use_every_server_hook(first)
    chat = second.post("/api/v1/chat", json={"message": "hi"}, headers=ALICE)
    assert chat.status_code == 200 and '"completed":true' in chat.text
    assert [t.name for t in llm.requests[-1].tools or ()] == ["lookup", "refund"]
    assert server_of(second).turn_hooks("any") is None  # nothing offered in the second app


def test_hooks_the_agent_gets_after_create_app_run_in_the_app(
    make_client: ClientFactory,
) -> None:
    agent, llm = make_agent(SCRIPT)
    client = make_client(agent)
    seen: list[str] = []
    agent.hooks.on(SystemPromptEvent, lambda event: seen.append("prompt"))
    use_every_server_hook(client)  # a plain turn, and one with the server's hooks
    assert seen == ["prompt", "prompt"]
    assert [t.name for t in llm.requests[1].tools or ()] == ["get_weather"]
