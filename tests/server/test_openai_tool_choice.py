"""``tool_choice`` for client tools, and LangChain's structured output in its three
methods, through the openai SDK and ``ChatOpenAI`` against a real uvicorn server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import openai
import pytest
from pydantic import BaseModel

from hookline import Agent, StaticUserResolver, text_reply, tool_call_reply
from hookline.llm.models import TOOL_CHOICE_KEY
from hookline.llm.scripted import ScriptStep
from hookline.server import BackgroundServer, create_app
from tests.server.conftest import make_agent

QUESTION = [{"role": "user", "content": "Weather in Paris?"}]


def _function(name: str) -> dict[str, Any]:
    parameters = {"type": "object", "properties": {"city": {"type": "string"}}}
    return {"type": "function", "function": {"name": name, "parameters": parameters}}


WEATHER, TIME = _function("get_weather"), _function("get_time")


class City(BaseModel):
    city: str
    population: int


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[BackgroundServer] = []

    def start(script: list[ScriptStep]) -> tuple[openai.OpenAI, Agent, str]:
        agent, _ = make_agent(script, user_resolver=StaticUserResolver())
        server = BackgroundServer(create_app(agent)).start()
        servers.append(server)
        client = openai.OpenAI(base_url=f"{server.url}/v1", api_key="-", max_retries=0)
        return client, agent, server.url

    yield start
    for server in servers:
        server.stop()


def _offered(agent: Agent, index: int = 0) -> tuple[list[str], Any]:
    request = agent.llm_service.requests[index]  # type: ignore[attr-defined]
    return [tool.name for tool in request.tools or ()], request.metadata.get(TOOL_CHOICE_KEY)


def test_required_offers_only_the_clients_tools_and_forces_a_call(serve: Any) -> None:
    client, agent, _ = serve([tool_call_reply("get_time", {"city": "Paris"}, call_id="t1")])

    reply = client.chat.completions.create(
        model="m", messages=QUESTION, tools=[WEATHER, TIME], tool_choice="required"
    )

    choice = reply.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert [c.function.name for c in choice.message.tool_calls or []] == ["get_time"]
    assert _offered(agent) == (["get_weather", "get_time"], "required")


def test_a_named_function_is_the_only_tool_offered_and_forced(serve: Any) -> None:
    client, agent, _ = serve([tool_call_reply("get_weather", {"city": "Paris"}, call_id="w")])
    named = {"type": "function", "function": {"name": "get_weather"}}

    stream = client.chat.completions.create(
        model="m", messages=QUESTION, tools=[WEATHER, TIME], tool_choice=named, stream=True
    )
    chunks = list(stream)

    calls = [c for chunk in chunks for c in chunk.choices[0].delta.tool_calls or []]
    assert [c.function.name for c in calls] == ["get_weather"]
    assert chunks[-1].choices[0].finish_reason == "tool_calls"
    assert _offered(agent) == (["get_weather"], {"name": "get_weather"})


def test_none_offers_no_client_tool(serve: Any) -> None:
    client, agent, _ = serve([text_reply("Sunny, I think.")])

    reply = client.chat.completions.create(
        model="m", messages=QUESTION, tools=[WEATHER], tool_choice="none"
    )

    assert reply.choices[0].message.content == "Sunny, I think."
    assert _offered(agent) == (["lookup", "refund"], None)  # the agent's own tools only


def test_a_model_that_ignores_a_forced_choice_is_a_500_not_an_answer(serve: Any) -> None:
    client, _, _ = serve(
        [text_reply("No tool for me."), tool_call_reply("get_time", {}, call_id="x")]
    )
    named = {"type": "function", "function": {"name": "get_weather"}}

    with pytest.raises(openai.InternalServerError) as text:
        client.chat.completions.create(
            model="m", messages=QUESTION, tools=[WEATHER, TIME], tool_choice="required"
        )
    stream = client.chat.completions.create(
        model="m", messages=QUESTION, tools=[WEATHER, TIME], tool_choice=named, stream=True
    )
    with pytest.raises(openai.APIError) as wrong:
        list(stream)

    assert isinstance(text.value.body, dict)
    assert text.value.body["code"] == "tool_choice_violation"
    assert "called no tool" in text.value.body["message"]
    assert "did not call 'get_weather'" in str(wrong.value)


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"tool_choice": "required"}, "invalid_request"),
        ({"tools": [WEATHER], "tool_choice": _function("get_time")}, "invalid_request"),
        ({"tools": [WEATHER], "tool_choice": "any"}, "unsupported_parameter"),
    ],
    ids=["required-without-tools", "named-unknown", "unknown-value"],
)
def test_a_choice_that_cannot_be_honored_is_400(
    serve: Any, extra: dict[str, Any], code: str
) -> None:
    client, agent, _ = serve([text_reply("never")])

    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model="m", messages=QUESTION, **extra)

    assert isinstance(caught.value.body, dict)
    assert (caught.value.body["code"], caught.value.body["param"]) == (code, "tool_choice")
    assert agent.llm_service.requests == []


@pytest.mark.parametrize("method", ["function_calling", "json_mode", "json_schema"])
def test_langchain_structured_output_in_each_method(serve: Any, method: str) -> None:
    langchain_openai = pytest.importorskip("langchain_openai")
    city = {"city": "Paris", "population": 2100000}
    step: ScriptStep = (
        tool_call_reply("City", city, call_id="s1")
        if method == "function_calling"
        else text_reply('{"city": "Paris", "population": 2100000}')
    )
    _, agent, url = serve([step])
    chat = langchain_openai.ChatOpenAI(model="m", base_url=f"{url}/v1", api_key="-", max_retries=0)

    structured = chat.with_structured_output(City, method=method).invoke("A city?")

    assert structured == City(city="Paris", population=2100000)
    names, choice = _offered(agent)
    if method == "function_calling":
        assert (names, choice) == (["City"], {"name": "City"})
    else:
        assert choice is None and "City" not in names


def _local_service() -> Any:
    from hookline.llm.errors import ProviderConfigError
    from hookline.llm.local import LocalLlmService

    try:
        return LocalLlmService(max_tokens=64)
    except ProviderConfigError:
        pytest.skip("the embedded model is not installed")


def _forced_request(choice: Any) -> Any:
    from hookline.llm.models import LlmMessage, LlmRequest, ToolSchema

    tools = [
        ToolSchema(
            name=n,
            description=f"The {n[4:]} in a city.",
            parameters=_function(n)["function"]["parameters"],
        )
        for n in ("get_weather", "get_time")
    ]
    metadata = {} if choice is None else {TOOL_CHOICE_KEY: choice}
    message = LlmMessage(role="user", content="What is the weather in Paris?")
    return LlmRequest(messages=[message], tools=tools, metadata=metadata)


@pytest.mark.parametrize(
    ("choice", "branches"),
    [
        (None, ["get_weather", "get_time", None]),
        ("required", ["get_weather", "get_time"]),
        ({"name": "get_time"}, ["get_time"]),
    ],
    ids=["auto", "required", "named"],
)
def test_the_local_model_is_forced_by_its_reply_schema(choice: Any, branches: list[Any]) -> None:
    body = _local_service().completion_body(_forced_request(choice))

    schema = body["response_format"]["json_schema"]["schema"]
    consts = [b["properties"].get("tool", {}).get("const") for b in schema["anyOf"]]
    assert consts == branches
    system = body["messages"][0]["content"]
    assert ('"answer"' in system) is (choice is None)


@pytest.mark.slow
async def test_the_local_model_calls_the_named_tool_when_forced() -> None:
    response = await _local_service().send_request(_forced_request({"name": "get_time"}))

    assert [call.name for call in response.tool_calls or []] == ["get_time"]
    assert response.usage is not None and response.usage.output_tokens > 0


def test_the_sql_planner_steps_aside_for_a_forced_choice(tmp_path: Any) -> None:
    from hookline import AgentConfig, ScriptedLlmService, ToolRegistry
    from hookline.middleware.sql_planner import SqlPlannerMiddleware
    from hookline.sql import SqliteRunner, ensure_sample_database
    from hookline.tools.builtin import RunSqlTool

    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    llm = ScriptedLlmService([tool_call_reply("get_weather", {"city": "Rome"}, call_id="p1")])
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        user_resolver=StaticUserResolver(),
        config=AgentConfig(stream=True),
        middleware=[SqlPlannerMiddleware(runner)],
    )
    server = BackgroundServer(create_app(agent)).start()
    try:
        client: Any = openai.OpenAI(base_url=f"{server.url}/v1", api_key="-", max_retries=0)
        question = [{"role": "user", "content": "How many customers live in Italy?"}]
        reply = client.chat.completions.create(
            model="m", messages=question, tools=[WEATHER], tool_choice="required"
        )
    finally:
        server.stop()

    calls = reply.choices[0].message.tool_calls or []
    assert [c.function.name for c in calls] == ["get_weather"]  # not the planner's run_sql
    assert [t.name for t in llm.requests[0].tools or ()] == ["get_weather"]


def test_a_forced_choice_ends_with_its_turn(serve: Any) -> None:
    client, agent, _ = serve([text_reply("Ignored the choice."), text_reply("Free again.")])
    ask = {"model": "m", "messages": QUESTION, "tools": [WEATHER], "user": "ada"}

    with pytest.raises(openai.InternalServerError):
        client.chat.completions.create(**ask, tool_choice="required")
    again = client.chat.completions.create(**ask)  # the same conversation, no choice

    assert again.choices[0].message.content == "Free again."
    assert _offered(agent, 0) == (["get_weather"], "required")
    assert _offered(agent, 1) == (["lookup", "refund", "get_weather"], None)
