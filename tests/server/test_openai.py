"""POST /v1/chat/completions, driven by the official openai SDK against a real uvicorn server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import jwt
import openai
import pytest

from hookline import Agent, LlmError, ScriptedLlmService, StaticUserResolver, text_reply
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, JwtUserResolver, create_app
from tests.server.conftest import make_agent

SECRET = "k" * 40


def _served(script: list[ScriptStep]) -> tuple[Agent, ScriptedLlmService]:
    return make_agent(script, user_resolver=StaticUserResolver())


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[BackgroundServer] = []

    def start(agent: Agent, *, key: str = "unused", **kwargs: Any) -> openai.OpenAI:
        server = BackgroundServer(create_app(agent, **kwargs)).start()
        servers.append(server)
        return openai.OpenAI(base_url=f"{server.url}/v1", api_key=key, max_retries=2)

    yield start
    for server in servers:
        server.stop()


def test_non_streaming_completion(serve: Any) -> None:
    agent, llm = _served([text_reply("Hello there.", input_tokens=12, output_tokens=3)])
    client: openai.OpenAI = serve(agent)

    completion = client.chat.completions.create(
        model="my-agent", messages=[{"role": "user", "content": "Hi"}]
    )

    assert completion.object == "chat.completion"
    assert completion.id.startswith("chatcmpl-")
    assert completion.model == "my-agent"
    assert completion.choices[0].message.role == "assistant"
    assert completion.choices[0].message.content == "Hello there."
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (12, 3)
    assert completion.usage.total_tokens == 15
    assert [m.content for m in llm.requests[0].messages] == ["Hi"]


def test_streaming_completion_with_usage(serve: Any) -> None:
    agent, _ = _served([text_reply("Rome is big.")])
    client: openai.OpenAI = serve(agent)

    stream = client.chat.completions.create(
        model="m",
        messages=[{"role": "user", "content": "Rome?"}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)

    assert {c.object for c in chunks} == {"chat.completion.chunk"}
    assert len({c.id for c in chunks}) == 1
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "Rome is big."
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    assert chunks[-1].usage.total_tokens == 15


def test_the_user_field_picks_a_stable_conversation(serve: Any) -> None:
    agent, llm = _served([text_reply("Hello."), text_reply("Again."), text_reply("New.")])
    client: openai.OpenAI = serve(agent)

    def ask(content: str, user: str) -> str:
        raw = client.chat.completions.with_raw_response.create(
            model="m", messages=[{"role": "user", "content": content}], user=user
        )
        return str(raw.headers["x-hookline-conversation-id"])

    first, second, other = ask("Hi", "u1"), ask("And now?", "u1"), ask("Hi", "u2")

    assert first == second != other
    assert first.startswith("oai-")
    assert [m.content for m in llm.requests[1].messages] == ["Hi", "Hello.", "And now?"]
    assert [m.content for m in llm.requests[2].messages] == ["Hi"]


def test_a_header_names_the_conversation(serve: Any) -> None:
    agent, llm = _served([text_reply("One."), text_reply("Two.")])
    client: openai.OpenAI = serve(agent)
    headers = {"X-Hookline-Conversation-Id": "support-42"}

    for content in ("first", "second"):
        client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": content}], extra_headers=headers
        )

    assert [m.content for m in llm.requests[1].messages] == ["first", "One.", "second"]


def test_without_a_conversation_the_sent_history_is_used(serve: Any) -> None:
    agent, llm = _served([text_reply("Your name is Ada.")])
    client: openai.OpenAI = serve(agent)

    completion = client.chat.completions.create(
        model="m",
        messages=[
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "My name is Ada."},
            {"role": "assistant", "content": "Hi Ada."},
            {"role": "user", "content": [{"type": "text", "text": "What is my name?"}]},
        ],
    )

    assert completion.choices[0].message.content == "Your name is Ada."
    seen = [(m.role, m.content) for m in llm.requests[0].messages]
    assert seen[:2] == [("user", "My name is Ada."), ("assistant", "Hi Ada.")]
    role, last = seen[2]
    assert role == "user" and last is not None
    assert last.startswith("[Instructions from the client application")
    assert "\nBe brief.\n[End of client instructions]\n\nWhat is my name?" in last


def test_a_failed_turn_is_an_api_error_that_is_not_retried(serve: Any) -> None:
    agent, llm = _served([LlmError("model unavailable"), LlmError("model unavailable")])
    client: openai.OpenAI = serve(agent)

    with pytest.raises(openai.InternalServerError) as caught:
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

    assert caught.value.status_code == 500
    assert "model unavailable" in caught.value.message
    assert len(llm.requests) == 1  # x-should-retry: false

    with pytest.raises(openai.APIError, match="model unavailable"):
        list(
            client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "Hi"}], stream=True
            )
        )


def test_a_request_longer_than_the_models_context_is_a_400_naming_the_fix(serve: Any) -> None:
    """The local model's overflow (issue 34): the caller can shorten it, so 400, never 500."""
    from hookline.llm.local import ContextOverflowError

    overflow = ContextOverflowError(tokens=11362, context=4096, reserve=256)
    agent, llm = _served([overflow, overflow])
    client: openai.OpenAI = serve(agent)

    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])

    assert caught.value.status_code == 400
    assert "HOOKLINE_CONTEXT=12288" in caught.value.message
    assert len(llm.requests) == 1


def test_a_request_without_a_user_message_is_422(serve: Any) -> None:
    agent, llm = _served([])
    client: openai.OpenAI = serve(agent)

    with pytest.raises(openai.UnprocessableEntityError) as caught:
        client.chat.completions.create(
            model="m", messages=[{"role": "system", "content": "Be brief."}]
        )

    assert caught.value.body == {
        "message": "messages: no message with role 'user'",
        "type": "invalid_request_error",
        "code": "invalid_request",
        "param": "messages",
    }
    assert llm.requests == []


def test_the_api_key_is_the_bearer_token_for_the_jwt_resolver(serve: Any) -> None:
    agent, _ = _served([text_reply("Hello Carol.")])
    token = jwt.encode({"sub": "carol", "exp": int(time.time()) + 60}, SECRET, algorithm="HS256")
    resolver = JwtUserResolver(SECRET)
    signed_in: openai.OpenAI = serve(agent, user_resolver=resolver, key=token)
    anonymous: openai.OpenAI = serve(agent, user_resolver=resolver, key="not-a-token")

    answer = signed_in.chat.completions.create(
        model="m", messages=[{"role": "user", "content": "Hi"}]
    )
    with pytest.raises(openai.AuthenticationError):
        anonymous.chat.completions.create(model="m", messages=[{"role": "user", "content": "Hi"}])

    assert answer.choices[0].message.content == "Hello Carol."
