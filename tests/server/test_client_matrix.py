"""Third-party clients, unmodified, against a live ``hookline serve`` subprocess on
127.0.0.1 (the model is a replayed script): openai (Python), LangChain ``ChatOpenAI``,
LiteLLM and ``@ag-ui/client`` (Node, from the npm registry, cached in .node-clients/ by
scripts/node-clients.sh).  Each covers ``/v1/models`` (or the AG-UI run), streaming, a
client tool round trip and ``response_format``.
"""

from __future__ import annotations

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
# the same conversation for every OpenAI-style client: text, streamed text, a client tool
# call and its answer, structured output
OPENAI_SCRIPT: list[Any] = [
    "Hello from hookline.",
    "Streaming works.",
    {"tool": "get_weather", "arguments": {"city": "Paris"}, "id": "w1"},
    "It is sunny in Paris.",
    CITY_JSON,
]


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

    def start(steps: list[Any]) -> str:
        script = tmp_path / f"script-{len(processes)}.json"
        script.write_text(json.dumps(steps), encoding="utf-8")
        port = _free_port()
        env = {
            **os.environ,
            "HOOKLINE_MODEL": f"scripted:{script}",
            "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
            "PYTHONPATH": str(ROOT / "src"),
        }
        env.pop("HOOKLINE_JWT_SECRET", None)
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
    user = [{"role": "user", "content": "Hi"}]

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


def test_langchain_chat_openai(serve: Any) -> None:
    langchain_openai = pytest.importorskip("langchain_openai")
    from langchain_core.messages import HumanMessage, ToolMessage

    url = serve(OPENAI_SCRIPT)
    model_id = httpx2.get(f"{url}/v1/models").json()["data"][0]["id"]
    chat = langchain_openai.ChatOpenAI(
        model=model_id, base_url=f"{url}/v1", api_key="-", max_retries=0
    )

    text = chat.invoke("Hi")
    streamed = "".join(str(chunk.content) for chunk in chat.stream("Hi"))
    question = HumanMessage("Weather in Paris?")
    asked = chat.bind_tools([WEATHER]).invoke([question])
    call = asked.tool_calls[0]
    reply = ToolMessage(content="sunny", tool_call_id=call["id"])
    answered = chat.bind_tools([WEATHER]).invoke([question, asked, reply])
    structured = chat.with_structured_output(City, method="json_schema").invoke("A city?")

    assert text.content == "Hello from hookline."
    assert streamed == "Streaming works."
    assert (call["name"], call["args"]) == ("get_weather", {"city": "Paris"})
    assert answered.content == "It is sunny in Paris."
    assert structured == City(city="Paris", population=2100000)


def test_litellm(serve: Any) -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
    litellm = pytest.importorskip("litellm")

    url = serve(OPENAI_SCRIPT)
    model_id = httpx2.get(f"{url}/v1/models").json()["data"][0]["id"]
    options: dict[str, Any] = {"model": f"openai/{model_id}", "api_base": f"{url}/v1"}
    options["api_key"] = "-"
    user = [{"role": "user", "content": "Hi"}]

    text = litellm.completion(messages=user, **options)
    chunks = litellm.completion(messages=user, stream=True, **options)
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks)
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


def test_agui_node_client(serve: Any) -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node / npm are not installed")
    modules = subprocess.run(
        ["bash", str(ROOT / "scripts" / "node-clients.sh")],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout.strip()
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
