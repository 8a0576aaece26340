"""``/v1/responses`` streamed and with client tools, driven by the official openai SDK
(``responses.create(stream=True)``, ``responses.stream``) against a real uvicorn server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import openai
import pytest

from hookline import Agent, StaticUserResolver, text_reply, tool_call_reply
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, create_app
from tests.server.conftest import make_agent

WEATHER = {
    "type": "function",
    "name": "get_weather",
    "description": "The weather in a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}
TEXT_EVENTS = [
    "response.created",
    "response.in_progress",
    "response.output_item.added",
    "response.content_part.added",
    "response.output_text.delta",
    "response.output_text.delta",
    "response.output_text.delta",
    "response.output_text.done",
    "response.content_part.done",
    "response.output_item.done",
    "response.completed",
]
CALL_EVENTS = [
    "response.output_item.added",
    "response.function_call_arguments.delta",
    "response.function_call_arguments.done",
    "response.output_item.done",
]


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[BackgroundServer] = []

    def start(script: list[ScriptStep]) -> tuple[openai.OpenAI, Agent]:
        agent, _ = make_agent(script, user_resolver=StaticUserResolver())
        server = BackgroundServer(create_app(agent)).start()
        servers.append(server)
        return openai.OpenAI(base_url=f"{server.url}/v1", api_key="-", max_retries=0), agent

    yield start
    for server in servers:
        server.stop()


def test_a_streamed_response_sends_the_text_events_the_sdk_reads(serve: Any) -> None:
    client, _ = serve([text_reply("Paris is sunny.", input_tokens=12), text_reply("Rome.")])

    events = list(client.responses.create(model="m", input="Weather?", stream=True))
    with client.responses.stream(model="m", input="A city?") as stream:
        deltas = [e.delta for e in stream if e.type == "response.output_text.delta"]
        final = stream.get_final_response()

    assert [e.type for e in events] == TEXT_EVENTS
    assert [e.sequence_number for e in events] == list(range(len(TEXT_EVENTS)))
    text = "".join(e.delta for e in events if e.type == "response.output_text.delta")
    assert text == "Paris is sunny."
    completed = events[-1].response
    assert completed.status == "completed" and completed.output_text == "Paris is sunny."
    assert completed.usage is not None
    assert (completed.usage.input_tokens, completed.usage.output_tokens) == (12, 5)
    assert "".join(deltas) == "Rome." and final.output_text == "Rome."


def test_a_client_tool_call_and_its_output_resume_the_turn(serve: Any) -> None:
    client, agent = serve(
        [
            tool_call_reply("get_weather", {"city": "Paris"}, call_id="c1"),
            text_reply("It is sunny in Paris."),
        ]
    )
    question: list[Any] = [{"role": "user", "content": "Weather in Paris?"}]

    asked = client.responses.create(
        model="m", input=question, tools=[WEATHER], tool_choice="required"
    )
    (call,) = [item for item in asked.output if item.type == "function_call"]
    answered = client.responses.create(
        model="m",
        input=[
            *question,
            call.model_dump(exclude_none=True),
            {"type": "function_call_output", "call_id": call.call_id, "output": "sunny"},
        ],
        tools=[WEATHER],
    )

    assert (call.name, call.arguments) == ("get_weather", '{"city": "Paris"}')
    assert call.call_id.startswith("hl~") and call.call_id.endswith("~c1")
    assert asked.usage is not None and asked.usage.total_tokens > 0
    assert answered.output_text == "It is sunny in Paris."
    requests = agent.llm_service.requests
    assert [t.name for t in requests[0].tools] == ["get_weather"]  # required: the client's
    assert (requests[1].messages[-1].role, requests[1].messages[-1].content) == (
        "tool",
        "sunny",
    )


def test_a_streamed_tool_call_is_a_function_call_item(serve: Any) -> None:
    client, _ = serve([tool_call_reply("get_weather", {"city": "Rome"}, call_id="c2")])

    with client.responses.stream(model="m", input="Weather in Rome?", tools=[WEATHER]) as s:
        types = [e.type for e in s]
        final = s.get_final_response()

    assert types == [*TEXT_EVENTS[:2], *CALL_EVENTS, "response.completed"]
    (item,) = final.output
    assert item.type == "function_call"
    assert (item.name, item.arguments) == ("get_weather", '{"city": "Rome"}')


def test_a_failed_streamed_response_ends_with_response_failed(serve: Any) -> None:
    client, _ = serve([text_reply("not JSON")])

    events = list(
        client.responses.create(
            model="m", input="A city?", text={"format": {"type": "json_object"}}, stream=True
        )
    )

    assert events[-1].type == "response.failed"
    failed = events[-1].response
    assert failed.error is not None and failed.error.code == "response_format_violation"
