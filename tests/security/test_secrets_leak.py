"""Issue 31, "secrets never leave": a tool error or a provider error that carries a password
or a key.  On a live server, the model's requests (what ``ScriptedLlmService`` received),
the SSE chat, the stored conversation (through the API, through the store, and the SQLite
file's bytes), AG-UI and the OpenAI-compatible endpoint (streamed and not) never contain
it; what is useful stays (the model still reads which host refused, a client the class of
a provider's failure and an error id the log has the provider's text under)."""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hookline import (
    HeaderUserResolver,
    LlmRequest,
    LlmResponse,
    ToolCall,
    ToolResult,
    User,
    text_reply,
    tool,
)
from hookline.llm import AnthropicLlmService, LlmService, OpenAILlmService
from hookline.llm.scripted import ScriptStep
from hookline.storage import ConversationStore, MemoryConversationStore, SqliteConversationStore
from tests.llm.fake_servers import CannedResponse, RecordingProxy, free_port
from tests.security.server_harness import Live, live, sse_data

ANALYST = {"x-user-id": "ada", "x-user-groups": "analysts"}
PROXY = HeaderUserResolver(trusted_proxies=["127.0.0.1"])
ERROR_ID = re.compile(r"err-[0-9a-f]{12}")

DSN_PASSWORD = "s3cret-Pw9"
BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNlY3JldA"
API_KEY = "sk-proj-Zq81mXcVb2nT7yLw4kPe9RsA"
TOOL_SECRETS = ("hunter2", DSN_PASSWORD, BEARER, API_KEY)
"""What the failing tools' texts carry; never on any surface."""

PROVIDER_KEY = "sk-proj-Ab12Cd34"
INTERNAL_HOST = "llm-gw.corp.internal"
PROVIDER_SECRETS = (PROVIDER_KEY, INTERNAL_HOST, "Incorrect API key")
"""What a provider's 401 says (part of the key, an internal host): never on any surface."""

_ids = itertools.count(1)


@tool
async def connect_db(name: str) -> ToolResult:
    """Open the named database.

    Args:
        name: The database's name.
    """
    return ToolResult.failure(
        f"could not open {name}: host=db.internal user=admin password={DSN_PASSWORD} "
        f"(gateway answered 401 to 'Authorization: Bearer {BEARER}' with key {API_KEY})"
    )


def tool_results(request: LlmRequest) -> list[str]:
    """The tool results the model reads since the last user message."""
    last_user = max(i for i, m in enumerate(request.messages) if m.role == "user")
    return [m.content or "" for m in request.messages[last_user:] if m.role == "tool"]


def echoing_model(request: LlmRequest) -> LlmResponse:
    """A model that calls both failing tools, then repeats every word they returned."""
    seen = tool_results(request)
    if seen:
        return text_reply("The tools said: " + " | ".join(seen))
    calls = [
        ToolCall(id=f"call_{next(_ids)}", name="crash", arguments={"city": "Oslo"}),
        ToolCall(id=f"call_{next(_ids)}", name="connect_db", arguments={"name": "sales"}),
    ]
    return LlmResponse(tool_calls=calls, finish_reason="tool_calls")


def agui_input(thread: str) -> dict[str, Any]:
    return {
        "threadId": thread,
        "runId": "run-1",
        "state": {},
        "messages": [{"id": "u1", "role": "user", "content": "Oslo?"}],
        "tools": [],
        "context": [],
        "forwardedProps": {},
    }


def every_surface(client: httpx.Client) -> dict[str, httpx.Response]:
    """One turn through each client surface, and the stored conversation of the first."""
    question = {"model": "m", "messages": [{"role": "user", "content": "Oslo?"}]}
    chat = client.post("/api/v1/chat", json={"message": "Oslo?"})
    conversation_id = chat.headers["x-conversation-id"]
    return {
        "sse": chat,
        "stored": client.get(f"/api/v1/conversations/{conversation_id}"),
        "agui": client.post("/agui", json=agui_input("thread-1")),
        "openai": client.post("/v1/chat/completions", json=question),
        "openai-stream": client.post("/v1/chat/completions", json={**question, "stream": True}),
    }


async def stored_text(server: Live, store_file: Path | None) -> str:
    """Everything the store holds for the user, and the SQLite files' bytes (as text)."""
    user = User(id="ada")
    parts = []
    for summary in await server.store.list_conversations(user, limit=100):
        conversation = await server.store.get_conversation(summary.id, user)
        assert conversation is not None
        parts.append(conversation.model_dump_json())
    if store_file is not None:
        for path in store_file.parent.glob(store_file.name + "*"):  # the file, -wal, -shm
            parts.append(path.read_bytes().decode("latin-1"))
    return "\n".join(parts)


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Any, Path | None]]:
    """Each store the stored conversation is checked in, with its file (SQLite)."""
    if request.param == "memory":
        yield MemoryConversationStore(), None
        return
    path = tmp_path / "conversations.db"
    yield SqliteConversationStore(path), path


def is_a(data: dict[str, Any], kind: str) -> bool:
    return bool(data.get("type") == kind)


def model_read(server: Live) -> str:
    """Every message of every request the model received."""
    return "\n".join(r.model_dump_json() for r in server.llm.requests)


async def test_a_tool_error_carrying_a_password_or_key_reaches_no_one(
    store: tuple[ConversationStore, Path | None],
) -> None:
    conversation_store, store_file = store
    script: list[ScriptStep] = [echoing_model] * 20
    with live(script, PROXY, store=conversation_store) as server:
        server.agent.tool_registry.register(connect_db)
        with server.client(headers=ANALYST) as client:
            responses = every_surface(client)
        stored = await stored_text(server, store_file)

    for name, response in responses.items():
        assert response.status_code == 200, (name, response.text)
        assert "The tools said: " in response.text or name == "stored", name
        for secret in TOOL_SECRETS:
            assert secret not in response.text, (name, secret)
    for secret in TOOL_SECRETS:
        assert secret not in model_read(server), secret
        assert secret not in stored, secret
    # what the model needs to correct itself is still there
    read = tool_results(server.llm.requests[1])
    assert read[0] == (
        "Tool 'crash' failed: ConnectionError: could not connect to postgres://admin:***@db.internal"
    )
    assert read[1].startswith("could not open sales: host=db.internal user=admin password=***")


def provider(name: str, proxy: RecordingProxy) -> LlmService:
    """A real SDK client whose server answers 401 with a revealing text."""
    body: dict[str, Any]
    if name == "openai":
        body = {
            "error": {
                "message": f"Incorrect API key provided: {PROVIDER_KEY}****wxyz. "
                f"Gateway {INTERNAL_HOST} refused it.",
                "type": "invalid_request_error",
                "code": "invalid_api_key",
            }
        }
        for _ in range(4):
            proxy.canned.append(CannedResponse.json(body, status=401))
        return OpenAILlmService("m", api_key="k", base_url=proxy.url + "/v1", max_retries=0)
    body = {
        "type": "error",
        "error": {
            "type": "authentication_error",
            "message": f"Incorrect API key x-api-key {PROVIDER_KEY} at {INTERNAL_HOST}",
        },
    }
    for _ in range(4):
        proxy.canned.append(CannedResponse.json(body, status=401))
    return AnthropicLlmService("m", api_key="k", base_url=proxy.url, max_retries=0)


@pytest.mark.parametrize("sdk", ["openai", "anthropic"])
async def test_a_provider_401_reaches_clients_as_a_class_and_an_error_id(
    sdk: str, store: tuple[ConversationStore, Path | None], caplog: pytest.LogCaptureFixture
) -> None:
    conversation_store, store_file = store
    proxy = RecordingProxy(upstream_port=free_port())
    real = provider(sdk, proxy)

    async def via_sdk(request: LlmRequest) -> LlmResponse:
        return await real.send_request(request)

    try:
        with (
            caplog.at_level(logging.WARNING, logger="hookline"),
            live([via_sdk] * 4, PROXY, store=conversation_store) as server,
            server.client(headers=ANALYST) as client,
        ):
            responses = every_surface(client)
            stored = await stored_text(server, store_file)
    finally:
        proxy.stop()

    shown = [
        *[d["rich"]["message"] for d in sse_data(responses["sse"].text) if is_a(d, "error")],
        *[d["message"] for d in sse_data(responses["agui"].text) if is_a(d, "RUN_ERROR")],
        responses["openai"].json()["error"]["message"],
        *[d["error"]["message"] for d in sse_data(responses["openai-stream"].text) if "error" in d],
    ]
    assert len(shown) == 4, shown
    for message in shown:
        assert "the model provider refused the API key (HTTP 401" in message, message
        error_id = ERROR_ID.search(message)
        assert error_id is not None, message
        logged = [r.getMessage() for r in caplog.records if error_id.group(0) in r.getMessage()]
        assert any(INTERNAL_HOST in line for line in logged), logged  # the log has the text
    for name, response in responses.items():
        for secret in PROVIDER_SECRETS:
            assert secret not in response.text, (name, secret)
    for secret in PROVIDER_SECRETS:
        assert secret not in stored, secret
