"""``hookline chat``: Typer's CliRunner and a real subprocess, on a scripted model."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hookline import User
from hookline.cli import app
from hookline.cli.wiring import PLANNER_ENV
from hookline.storage.sqlite import SqliteConversationStore

ROOT = Path(__file__).resolve().parents[2]
COUNT_SQL = "SELECT category, COUNT(*) AS n FROM products GROUP BY category ORDER BY category"


def script(tmp_path: Path, steps: list[Any]) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"steps": steps}), encoding="utf-8")
    return f"scripted:{path}"


def run(
    tmp_path: Path,
    args: list[str],
    model: str | None = None,
    stdin: str | None = None,
    planner: str | None = None,
) -> Any:
    """``hookline args`` in-process; ``planner`` sets ``HOOKLINE_PLANNER`` ("hint": the
    scripted model, not the planner, answers a question the planner cannot read)."""
    env = {"HOOKLINE_DATA_DIR": str(tmp_path / "data"), "HOOKLINE_MODEL": model or ""}
    if planner is not None:
        env[PLANNER_ENV] = planner
    return CliRunner().invoke(app, args, env=env, input=stdin)


def stored_conversations(tmp_path: Path) -> list[list[str | None]]:
    async def read() -> list[list[str | None]]:
        store = SqliteConversationStore(tmp_path / "data" / "hookline.db")
        try:
            user = User(id="local")
            listed = await store.list_conversations(user)
            loaded = [await store.get_conversation(c.id, user) for c in listed]
            return [[m.content for m in c.messages] for c in loaded if c is not None]
        finally:
            await store.close()

    return asyncio.run(read())


def test_help_answers_without_a_model(tmp_path: Path) -> None:
    started = time.perf_counter()
    result = run(tmp_path, ["chat", "--message", "/help"])

    assert result.exit_code == 0, result.output
    assert "Commands" in result.output and "/help" in result.output
    assert time.perf_counter() - started < 10


def test_a_question_streams_a_tool_line_a_table_and_the_answer(tmp_path: Path) -> None:
    model = script(
        tmp_path,
        [{"tool": "run_sql", "arguments": {"sql": COUNT_SQL}}, "There are **6** categories."],
    )

    ask = ["chat", "-m", "Break the products down by category"]
    result = run(tmp_path, ask, model=model, planner="hint")  # the model writes the SQL

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    tool_line = next(line for line in lines if line.startswith("⚙ run_sql"))
    assert '"sql": "SELECT category' in tool_line
    assert "success" in result.output and " ms" in result.output
    assert any("category" in line and "n" in line for line in lines)  # the table header
    assert any("Electronics" in line and "10" in line for line in lines)
    assert "There are **6** categories." in result.output  # not a terminal: as written
    [messages] = stored_conversations(tmp_path)
    assert messages[0] == "Break the products down by category"
    assert messages[-1] == "There are **6** categories."
    assert len(messages) == 4  # question, tool call, tool result, answer


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How many customers have a loyalty tier of gold?", "I don't know what 'loyalty tier'"),
        ("¿Cuántos clientes hay en Italia?", "I only understand questions in English."),
    ],
)
def test_the_planners_abstention_is_the_answer_and_the_model_is_not_asked(
    tmp_path: Path, question: str, said: str
) -> None:
    model = script(tmp_path, ["The model was asked."])

    result = run(tmp_path, ["chat", "-m", question], model=model)

    assert result.exit_code == 0, result.output
    assert said in " ".join(result.output.split())
    assert "The model was asked." not in result.output and "no result" not in result.output
    [messages] = stored_conversations(tmp_path)
    assert messages[0] == question and said in str(messages[-1]) and len(messages) == 2


def test_a_chart_is_drawn_as_text(tmp_path: Path) -> None:
    model = script(
        tmp_path, [{"tool": "visualize_data", "arguments": {"sql": COUNT_SQL}}, "Charted."]
    )

    result = run(tmp_path, ["chat", "-m", "Chart the categories"], model=model)  # the model's job

    assert result.exit_code == 0, result.output
    assert "⚙ visualize_data" in result.output
    bars = [line for line in result.output.splitlines() if "█" in line]
    assert len(bars) == 6 and "Books" in bars[0]


def test_the_first_screen_names_the_model_and_store(tmp_path: Path) -> None:
    model = script(tmp_path, ["Hello!"])

    result = run(tmp_path, ["chat"], model=model, stdin="hi\n/exit\n")

    assert result.exit_code == 0, result.output
    output = result.output
    assert "model:    scripted" in output
    assert f"store:    {tmp_path / 'data' / 'hookline.db'}" in output.replace("\n", "")
    assert "HOOKLINE_MODEL=openai:gpt-4o-mini" in output
    assert "Hello!" in output


def test_a_conversation_can_be_continued(tmp_path: Path) -> None:
    model = script(tmp_path, ["First answer."])
    first = run(tmp_path, ["chat", "-m", "one", "-c", "cli-chat-1"], model=model, planner="hint")
    model = script(tmp_path, ["Second answer."])
    second = run(tmp_path, ["chat", "-m", "two", "-c", "cli-chat-1"], model=model, planner="hint")

    assert first.exit_code == second.exit_code == 0
    assert stored_conversations(tmp_path) == [["one", "First answer.", "two", "Second answer."]]


def test_a_model_that_cannot_be_built_stops_the_command_before_any_answer(
    tmp_path: Path,
) -> None:
    result = run(tmp_path, ["chat", "-m", "What is up?"], model="nonsense:model")

    assert result.exit_code == 2
    assert "unknown provider 'nonsense'" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "data" / "hookline.db").exists()  # nothing was asked


def test_a_bad_database_url_is_a_clear_error(tmp_path: Path) -> None:
    result = run(tmp_path, ["chat", "-m", "/help", "--db", "mysql://nope"])

    assert result.exit_code == 2
    assert "Unsupported database URL" in result.output


def test_python_m_hookline_cli_chat_help_in_a_subprocess(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "HOOKLINE_DATA_DIR": str(tmp_path / "data"),
        "HOOKLINE_MODEL": "",
    }

    completed = subprocess.run(
        [sys.executable, "-m", "hookline.cli", "chat", "--message", "/help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert completed.returncode == 0, completed.stderr
    assert "Commands" in completed.stdout
    assert "Traceback" not in completed.stderr


@pytest.mark.parametrize("args", [["--help"], ["chat", "--help"], ["logs", "--help"]])
def test_help_pages(tmp_path: Path, args: list[str]) -> None:
    result = run(tmp_path, args)

    assert result.exit_code == 0
    assert "Usage" in result.output
