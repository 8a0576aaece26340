"""What third-party OpenAI clients rely on: /v1/models, /v1/responses, response_format,
the 400s naming unsupported fields, and stateless requests that leave no conversation.
Driven by the official openai SDK against a real uvicorn server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import openai
import pytest

from hookline import Agent, StaticUserResolver, text_reply, tool_call_reply
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, create_app
from tests.server.conftest import make_agent

USER = [{"role": "user", "content": "Hi"}]
CITY_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "population": {"type": "integer"}},
    "required": ["city", "population"],
}


class Served:
    def __init__(self, server: BackgroundServer) -> None:
        self.url = server.url
        self.openai = openai.OpenAI(base_url=f"{server.url}/v1", api_key="-", max_retries=0)

    def conversations(self) -> list[dict[str, Any]]:
        listed = httpx2.get(f"{self.url}/api/v1/conversations")
        assert listed.status_code == 200
        conversations: list[dict[str, Any]] = listed.json()["conversations"]
        return conversations


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[BackgroundServer] = []

    def start(script: list[ScriptStep], **kwargs: Any) -> tuple[Served, Agent]:
        agent, _ = make_agent(script, user_resolver=StaticUserResolver(), **kwargs)
        server = BackgroundServer(create_app(agent)).start()
        servers.append(server)
        return Served(server), agent

    yield start
    for server in servers:
        server.stop()


def test_models_lists_the_served_agent(serve: Any) -> None:
    served, _ = serve([], name="sales-agent")

    models = served.openai.models.list()
    one = served.openai.models.retrieve("sales-agent")
    with pytest.raises(openai.NotFoundError):
        served.openai.models.retrieve("gpt-4o")

    assert [(m.id, m.object, m.owned_by) for m in models.data] == [
        ("sales-agent", "model", "hookline")
    ]
    assert one.id == "sales-agent"


@pytest.mark.parametrize(
    ("extra", "param"),
    [
        ({"tools": [{"type": "web_search"}]}, "tools[0]"),
        ({"tool_choice": "any"}, "tool_choice"),
        ({"n": 2}, "n"),
        ({"functions": [{"name": "f", "parameters": {}}]}, "functions"),
    ],
    ids=["tools", "tool_choice", "n", "functions"],
)
def test_unsupported_fields_are_400_naming_the_field(
    serve: Any, extra: dict[str, Any], param: str
) -> None:
    served, _ = serve([text_reply("never")])

    with pytest.raises(openai.BadRequestError) as caught:
        served.openai.chat.completions.create(model="m", messages=USER, **extra)

    error = caught.value.body
    assert isinstance(error, dict)
    assert (error["code"], error["param"]) == ("unsupported_parameter", param)
    assert served.conversations() == []


def test_json_schema_response_format_is_instructed_and_enforced(serve: Any) -> None:
    served, _ = serve(
        [
            text_reply('```json\n{"city": "Paris", "population": 2100000}\n```'),
            text_reply('{"city": "Paris"}'),
        ]
    )
    fmt = {"type": "json_schema", "json_schema": {"name": "city", "schema": CITY_SCHEMA}}

    valid = served.openai.chat.completions.create(model="m", messages=USER, response_format=fmt)
    with pytest.raises(openai.InternalServerError) as caught:
        served.openai.chat.completions.create(model="m", messages=USER, response_format=fmt)

    assert valid.choices[0].message.content == '{"city": "Paris", "population": 2100000}'
    error = caught.value.body
    assert isinstance(error, dict) and error["code"] == "response_format_violation"
    assert (
        "does not match the schema at (root): 'population' is a required property"
        in (error["message"])
    )


def test_an_invalid_json_schema_is_400(serve: Any) -> None:
    served, _ = serve([text_reply("never")])
    fmt = {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "nope"}}}

    with pytest.raises(openai.BadRequestError) as caught:
        served.openai.chat.completions.create(model="m", messages=USER, response_format=fmt)

    assert isinstance(caught.value.body, dict)
    assert caught.value.body["param"] == "response_format.json_schema"


def test_stateless_requests_are_not_listed_but_named_ones_are(serve: Any) -> None:
    served, _ = serve([text_reply("One."), text_reply("Two."), text_reply("Three.")])

    served.openai.chat.completions.create(model="m", messages=USER)
    stream = served.openai.chat.completions.create(model="m", messages=USER, stream=True)
    streamed = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    served.openai.chat.completions.create(model="m", messages=USER, user="ada")

    assert streamed == "Two."
    listed = served.conversations()
    assert [c["id"].startswith("oai-") for c in listed] == [True]


def test_a_stateless_request_that_pauses_keeps_its_conversation(serve: Any) -> None:
    served, _ = serve([tool_call_reply("refund", {"order": 7}, call_id="r1")], approval=True)

    raw = served.openai.chat.completions.with_raw_response.create(
        model="m", messages=[{"role": "user", "content": "Refund order 7"}]
    )

    conversation_id = raw.headers["x-hookline-conversation-id"]
    assert "/approve r1" in (raw.parse().choices[0].message.content or "")
    assert [c["id"] for c in served.conversations()] == [conversation_id]


def test_the_responses_api_subset(serve: Any) -> None:
    served, agent = serve(
        [text_reply("Paris has 2.1 million people."), text_reply('{"city": "Rome"}')]
    )
    llm = agent.llm_service

    answer = served.openai.responses.create(
        model="m", instructions="Be brief.", input="Population of Paris?"
    )
    structured = served.openai.responses.create(
        model="m",
        input=[{"role": "user", "content": [{"type": "input_text", "text": "A city?"}]}],
        text={"format": {"type": "json_object"}},
    )
    with pytest.raises(openai.BadRequestError) as chained:
        served.openai.responses.create(model="m", input="Hi", previous_response_id="resp_1")

    assert answer.output_text == "Paris has 2.1 million people."
    assert answer.usage is not None and answer.status == "completed"
    assert structured.output_text == '{"city": "Rome"}'
    first = llm.requests[0].messages[-1].content
    assert "Be brief." in first and first.endswith("Population of Paris?")
    assert isinstance(chained.value.body, dict)
    assert chained.value.body["param"] == "previous_response_id"
    assert served.conversations() == []


WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}


def test_a_client_tool_round_trip(serve: Any) -> None:
    served, agent = serve(
        [
            tool_call_reply("get_weather", {"city": "Paris"}, call_id="c1"),
            text_reply("It is sunny in Paris."),
        ]
    )
    question: list[Any] = [{"role": "user", "content": "Weather in Paris?"}]

    first = served.openai.chat.completions.create(
        model="m", messages=question, tools=[WEATHER_TOOL]
    )
    choice = first.choices[0]
    calls = choice.message.tool_calls or []
    call = calls[0]
    followup = [
        *question,
        choice.message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "sunny, 21 C"},
    ]
    second = served.openai.chat.completions.create(
        model="m", messages=followup, tools=[WEATHER_TOOL]
    )

    assert choice.finish_reason == "tool_calls"
    assert [(c.function.name, c.function.arguments) for c in calls] == [
        ("get_weather", '{"city": "Paris"}')
    ]
    assert call.id.startswith("hl~") and call.id.endswith("~c1")
    assert choice.message.content is None
    offered = [s.name for s in agent.llm_service.requests[0].tools]
    assert offered == ["lookup", "refund", "get_weather"]
    assert second.choices[0].message.content == "It is sunny in Paris."
    assert second.choices[0].finish_reason == "stop"
    tool_message = agent.llm_service.requests[1].messages[-1]
    assert (tool_message.role, tool_message.content) == ("tool", "sunny, 21 C")
    assert served.conversations() == []  # the stateless conversation is gone once answered


def test_a_client_tool_may_not_shadow_an_agent_tool(serve: Any) -> None:
    served, _ = serve([text_reply("never")])
    shadow = {"type": "function", "function": {"name": "refund", "parameters": {}}}

    with pytest.raises(openai.BadRequestError) as caught:
        served.openai.chat.completions.create(model="m", messages=USER, tools=[shadow])

    assert isinstance(caught.value.body, dict) and caught.value.body["param"] == "tools[0]"
