"""The first ten minutes (issue 34): a bad HOOKLINE_MODEL stops at start with the fix,
``hookline models``, ``--context``, plain output outside a terminal, ``--json``, and
``hookline serve`` without the server's packages."""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from hookline.cli.app import _wiring
from hookline.cli.models import LazyLlmService
from hookline.cli.turn_json import TURN_SCHEMA
from hookline.cli.wiring import PLANNER_ENV
from hookline.llm.env import check_model
from hookline.llm.errors import ProviderConfigError
from hookline.llm.local import LocalLlmService
from tests.cli.test_chat import COUNT_SQL, ROOT, run, script

NO_KEYS = {"OPENAI_API_KEY": "", "OPENAI_BASE_URL": "", "ANTHROPIC_API_KEY": ""}


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in NO_KEYS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("HOOKLINE_CONTEXT", raising=False)


@pytest.mark.parametrize(
    ("spec", "fix"),
    [
        ("olama:llama3", "did you mean HOOKLINE_MODEL=ollama:llama3?"),
        ("gpt-4o", "a model without its provider: did you mean HOOKLINE_MODEL=openai:gpt-4o?"),
        ("claude-sonnet-4-6", "did you mean HOOKLINE_MODEL=anthropic:claude-sonnet-4-6?"),
        ("openai:gpt-4o-mini", "needs an API key: set OPENAI_API_KEY"),
        ("anthropic", "needs an API key: set ANTHROPIC_API_KEY"),
        ("local:/nowhere/model.gguf", "no such file"),
    ],
)
@pytest.mark.parametrize("message", ["/help", "How many customers are there?"])
def test_a_model_that_cannot_be_used_exits_2_with_the_fix_before_any_answer(
    tmp_path: Path, spec: str, fix: str, message: str
) -> None:
    result = run(tmp_path, ["chat", "-m", message], model=spec)

    assert result.exit_code == 2
    assert fix in " ".join(result.output.split())
    assert "Traceback" not in result.output and "400" not in result.output
    assert not (tmp_path / "data" / "hookline.db").exists()


def test_serve_checks_the_model_before_it_listens(tmp_path: Path) -> None:
    result = run(tmp_path, ["serve", "--port", "9"], model="olama:llama3")

    assert result.exit_code == 2
    assert "HOOKLINE_MODEL=ollama:llama3" in result.output


@pytest.mark.parametrize("value", ["lots", "12"])
def test_a_bad_context_size_is_refused_at_start(tmp_path: Path, value: str) -> None:
    os.environ["HOOKLINE_CONTEXT"] = value
    try:
        result = run(tmp_path, ["chat", "-m", "/help"])
        with pytest.raises(ProviderConfigError) as caught:
            check_model({"HOOKLINE_CONTEXT": value})
    finally:
        del os.environ["HOOKLINE_CONTEXT"]

    assert result.exit_code == 2
    assert "--context" in result.output and "Commands" not in result.output
    assert str(caught.value) == (
        f"HOOKLINE_CONTEXT={value!r} is not a context size: set a number of tokens from 128 "
        "up, e.g. HOOKLINE_CONTEXT=8192."
    )


@pytest.mark.parametrize(
    ("flag", "env", "size"), [(2048, None, 2048), (None, "1536", 1536), (None, None, 4096)]
)
def test_the_context_flag_and_variable_set_the_local_models_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: int | None, env: str | None, size: int
) -> None:
    monkeypatch.setenv("HOOKLINE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("HOOKLINE_MODEL", "local")
    if env is not None:
        monkeypatch.setenv("HOOKLINE_CONTEXT", env)
    wiring = _wiring(None, None, context=flag)
    lazy = wiring.agent.llm_service
    assert isinstance(lazy, LazyLlmService)

    service = asyncio.run(lazy.service())

    assert isinstance(service, LocalLlmService) and service.context_size == size
    asyncio.run(wiring.agent.conversation_store.close())


# -- hookline models -------------------------------------------------------------------


@pytest.fixture
def openai_like() -> Iterator[str]:
    """A local HTTP server that answers /v1/models with 401, as a real one without a key."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(401)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_models_lists_every_provider_and_marks_the_chosen_one(tmp_path: Path) -> None:
    os.environ["OLLAMA_HOST"] = f"127.0.0.1:{_closed_port()}"
    try:
        result = run(tmp_path, ["models", "--timeout", "1"])
    finally:
        del os.environ["OLLAMA_HOST"]

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "HOOKLINE_MODEL unset (local): uses local:SmolLM2-135M-Instruct"
    assert lines[1].startswith("* local     SmolLM2-135M-Instruct    ready: model file ")
    assert lines[1].endswith("context 4096 tokens")
    assert lines[2].startswith("  openai    gpt-4o-mini              not ready: ")
    assert "set OPENAI_API_KEY" in lines[2]
    assert "set ANTHROPIC_API_KEY" in lines[3]
    assert lines[4].startswith("  ollama    <model>                  not ready: http://127.0.0.1:")
    assert "not reachable (Connection refused)" in lines[4]


def test_models_says_a_configured_server_is_reachable(tmp_path: Path, openai_like: str) -> None:
    os.environ["OPENAI_BASE_URL"] = openai_like
    try:
        result = run(tmp_path, ["models"], model="openai:qwen2.5")
    finally:
        os.environ["OPENAI_BASE_URL"] = ""

    assert result.exit_code == 0, result.output
    chosen = [line for line in result.output.splitlines() if line.startswith("*")]
    assert chosen == [f"* openai    qwen2.5                  ready: reachable at {openai_like}"]


def test_models_exits_1_when_the_chosen_server_does_not_answer(tmp_path: Path) -> None:
    os.environ["OPENAI_BASE_URL"] = f"http://127.0.0.1:{_closed_port()}/v1"
    try:
        result = run(tmp_path, ["models", "--timeout", "1"], model="openai:qwen2.5")
    finally:
        os.environ["OPENAI_BASE_URL"] = ""

    assert result.exit_code == 1
    assert "not reachable (Connection refused)" in result.output


def test_models_exits_2_with_the_fix_for_a_misspelt_provider(tmp_path: Path) -> None:
    result = run(tmp_path, ["models", "--timeout", "1"], model="olama:llama3")

    assert result.exit_code == 2
    assert result.output.splitlines()[0].startswith(
        "HOOKLINE_MODEL='olama:llama3': did you mean HOOKLINE_MODEL=ollama:llama3?"
    )


# -- output for files and scripts ------------------------------------------------------


def _subprocess_chat(
    tmp_path: Path, args: list[str], model: str, stdin: str | None = None
) -> tuple[int, str, str]:
    """``hookline chat`` in a real process, its standard output going to a file; with
    ``HOOKLINE_PLANNER=hint`` the scripted model, not the planner, answers what the planner
    cannot read."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
        "HOOKLINE_MODEL": model,
        PLANNER_ENV: "hint",
        "COLUMNS": "80",
    }
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as file:
        completed = subprocess.run(
            [sys.executable, "-m", "hookline.cli", "chat", *args],
            env=env,
            stdout=file,
            stderr=subprocess.PIPE,
            input=stdin,
            text=True,
            timeout=60,
            check=False,
        )
    return completed.returncode, out.read_text(encoding="utf-8"), completed.stderr


def test_output_piped_to_a_file_is_unwrapped_unpadded_and_uncoloured(tmp_path: Path) -> None:
    # grounded (the CLI's agent withholds numbers no tool result holds), and long
    answer = "The categories are " + ", then ".join(["books, electronics and garden"] * 20) + "."
    long_sql = COUNT_SQL.replace("SELECT", "SELECT " + " ".join(["/* padding */"] * 20))
    model = script(tmp_path, [{"tool": "run_sql", "arguments": {"sql": long_sql}}, answer])

    code, output, errors = _subprocess_chat(tmp_path, ["-m", "Categories?"], model)

    assert code == 0, errors
    lines = output.splitlines()
    assert answer in lines  # one line, however long
    assert any(line.startswith("⚙ run_sql ") and line.endswith(" ms") for line in lines)
    assert [line for line in lines if line != line.rstrip()] == []  # no padding
    assert "\x1b[" not in output  # no colour or cursor codes
    assert "category     n" in lines and "Electronics  10" in lines  # the table, aligned


def test_json_gives_one_object_per_question_valid_against_its_schema(tmp_path: Path) -> None:
    model = script(
        tmp_path,
        [{"tool": "run_sql", "arguments": {"sql": COUNT_SQL}}, "There are **6** categories."],
    )

    code, output, errors = _subprocess_chat(tmp_path, ["--json", "-m", "Categories?"], model)

    assert code == 0, errors
    [line] = output.splitlines()
    record = json.loads(line)
    jsonschema.validate(record, TURN_SCHEMA)
    assert record["question"] == "Categories?"
    assert record["answer"] == "There are **6** categories."
    assert record["sql"] == COUNT_SQL
    assert record["columns"] == ["category", "n"]
    assert record["rows"][1] == ["Electronics", 10] and record["row_count"] == 6
    assert [tool["status"] for tool in record["tools"]] == ["success"]
    assert record["ok"] is True and record["error"] is None
    assert record["timings"]["total_ms"] >= record["timings"]["tools_ms"] > 0


def test_json_reads_questions_from_standard_input_and_reports_failures(tmp_path: Path) -> None:
    model = script(tmp_path, ["First.", {"error": "the model is down"}])

    code, output, _ = _subprocess_chat(tmp_path, ["--json"], model, stdin="one\n\ntwo\n")

    assert code == 1
    records = [json.loads(line) for line in output.splitlines()]
    for record in records:
        jsonschema.validate(record, TURN_SCHEMA)
    assert [r["question"] for r in records] == ["one", "two"]
    assert [r["answer"] for r in records] == ["First.", ""]
    assert [r["ok"] for r in records] == [True, False]
    assert "the model is down" in records[1]["error"]
    assert records[0]["conversation_id"] == records[1]["conversation_id"]
    assert (records[0]["sql"], records[0]["rows"], records[0]["row_count"]) == (None, [], None)


# -- hookline serve without the server extra ------------------------------------------


@pytest.mark.parametrize("absent", ["uvicorn", "fastapi"])
def test_serve_without_the_server_extra_prints_the_install_line(
    tmp_path: Path, absent: str
) -> None:
    code = (
        f"import sys; sys.modules[{absent!r}] = None\n"
        "from hookline.cli import main\n"
        "sys.argv = ['hookline', 'serve']\n"
        "main()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HOOKLINE_DATA_DIR": str(tmp_path)}

    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"hookline serve needs the server extra ({absent} missing): " in done.stderr
    assert "-m pip install " in done.stderr and "[server]'" in done.stderr


def test_a_missing_optional_module_anywhere_ends_with_its_install_line(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from hookline.cli import app, main\n"
        "@app.command('needs-duckdb')\n"
        "def needs_duckdb() -> None:\n"
        "    raise ModuleNotFoundError(\"No module named 'duckdb'\", name='duckdb')\n"
        "sys.argv = ['hookline', 'needs-duckdb']\n"
        "main()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HOOKLINE_DATA_DIR": str(tmp_path)}

    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )

    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "the 'duckdb' package is not installed: " in done.stderr
    assert "[duckdb]'" in done.stderr


# -- a message longer than the local model's context, over the server -----------------


def test_a_message_over_the_context_is_answered_with_a_note_over_the_openai_api() -> None:
    from starlette.testclient import TestClient

    from hookline import Agent, StaticUserResolver
    from hookline.server import create_app

    agent = Agent(LocalLlmService(context_size=512, max_tokens=8))
    app = create_app(agent, user_resolver=StaticUserResolver())
    message = "Please read this. " + "The quick brown fox jumps over the lazy dog. " * 250

    with TestClient(app, base_url="http://localhost") as client:
        response = client.post(
            "/v1/chat/completions",
            json={"model": "hookline", "messages": [{"role": "user", "content": message}]},
        )

    assert response.status_code == 200, response.text
    content = response.json()["choices"][0]["message"]["content"]
    assert content.startswith(
        "(Note: your message was too long for the local model's context of 512 tokens"
    )
    assert "HOOKLINE_CONTEXT=" in content and "--context" in content
