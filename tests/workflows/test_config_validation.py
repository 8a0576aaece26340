"""Declarative workflow files: every validation error names the file, the index and the field."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import pytest

from hookline import ScriptedLlmService, text_reply
from hookline.workflows import Workflow, WorkflowConfigError

from .conftest import write_workflow

AGENTS = {"name": "flow", "agents": [{"name": "writer"}, {"name": "critic"}]}
FUNCTIONS = """
def ok(context_variables):
    return "ok"

def needs_more(context_variables, other):
    return other

NOT_A_FUNCTION = 3
"""


def scripted(_: str | None) -> ScriptedLlmService:
    return ScriptedLlmService([text_reply("hi")])


def load(root: Path) -> Workflow:
    return Workflow.from_directory(root, llm_factory=scripted)


def entry(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "trigger": "before_chat",
        "agent": None,
        "file": "f.py",
        "function": "ok",
    }
    for key, value in changes.items():
        if value is ...:
            base.pop(key)
        else:
            base[key] = value
    return base


LIFECYCLE_ERRORS = [
    ("trigger missing", entry(trigger=...), "trigger", "is required"),
    ("trigger not in the enum", entry(trigger="before_tool"), "trigger", "must be one of"),
    ("trigger not a string", entry(trigger=3), "trigger", "must be a non-empty string"),
    ("agent missing", entry(agent=...), "agent", "is required"),
    ("agent set for before_chat", entry(agent="writer"), "agent", "must be null for before_chat"),
    (
        "agent set for after_chat",
        entry(trigger="after_chat", agent="writer"),
        "agent",
        "must be null for after_chat",
    ),
    (
        "agent unknown",
        entry(trigger="before_agent", agent="ghost"),
        "agent",
        "must be null or the name of an agent",
    ),
    ("agent not a string", entry(trigger="after_agent", agent=5), "agent", "must be null or"),
    ("file missing", entry(file=...), "file", "is required"),
    ("file empty", entry(file=""), "file", "must be a non-empty string"),
    ("file not python", entry(file="f.txt"), "file", "must be a Python file"),
    ("file not found", entry(file="nope.py"), "file", "not found"),
    ("function missing", entry(function=...), "function", "is required"),
    ("function not a name", entry(function="a-b"), "function", "is not a Python function name"),
    ("function not in file", entry(function="absent"), "function", "no function 'absent'"),
    ("function not callable", entry(function="NOT_A_FUNCTION"), "function", "is not a function"),
    ("function needs arguments", entry(function="needs_more"), "function", "'other'"),
    ("description not a string", entry(description=1), "description", "must be a string"),
    ("unknown field", entry(agnet=None), "agnet", "unknown field"),
    ("timeout not positive", entry(timeout_s=0), "timeout_s", "positive number"),
    ("retries negative", entry(retries=-1), "retries", "0 or more"),
    ("when malformed", entry(when={"var": "n", "gt": "x"}), "when.gt", "must be a number"),
    ("when unknown key", entry(when={"var": "n", "like": 1}), "when", "unknown key 'like'"),
]


@pytest.mark.parametrize(
    ("bad", "field", "message"),
    [case[1:] for case in LIFECYCLE_ERRORS],
    ids=[case[0] for case in LIFECYCLE_ERRORS],
)
def test_each_lifecycle_error_names_file_index_and_field(
    tmp_path: Path, bad: dict[str, Any], field: str, message: str
) -> None:
    root = write_workflow(
        tmp_path / "flow",
        workflow=AGENTS,
        tools={"lifecycle_tools": [entry(), bad]},
        files={"f.py": FUNCTIONS},
    )
    with pytest.raises(WorkflowConfigError) as caught:
        load(root)
    error = caught.value
    assert (error.file, error.array, error.index, error.field) == (
        "tools.json",
        "lifecycle_tools",
        1,
        field,
    )
    assert str(error).startswith(f"tools.json: lifecycle_tools[1].{field}: ")
    assert message in str(error)


def test_an_entry_that_is_not_an_object(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "f", workflow=AGENTS, tools={"lifecycle_tools": ["x"]})
    with pytest.raises(WorkflowConfigError, match=r"^tools.json: lifecycle_tools\[0\]: must be an"):
        load(root)


def test_lifecycle_tools_must_be_an_array(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "f", workflow=AGENTS, tools={"lifecycle_tools": {}})
    with pytest.raises(
        WorkflowConfigError, match=r"^tools.json: lifecycle_tools: must be an array"
    ):
        load(root)


def test_a_valid_minimal_entry_and_an_optional_description(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "f",
        workflow=AGENTS,
        tools={"lifecycle_tools": [entry(), entry(trigger="after_agent", agent="critic")]},
        files={"tools/f.py": FUNCTIONS},
    )
    workflow = load(root)
    assert [(t.trigger, t.agent, t.file) for t in workflow.lifecycle_tools] == [
        ("before_chat", None, "tools/f.py"),
        ("after_agent", "critic", "tools/f.py"),
    ]


OTHER_ERRORS: list[tuple[str, dict[str, Any], dict[str, Any] | None, str]] = [
    (
        "agent names an undeclared tool",
        {"name": "f", "agents": [{"name": "a", "tools": ["ok", "missing"]}]},
        {"tools": [{"file": "f.py", "function": "ok"}]},
        "workflow.json: agents[0].tools[1]: unknown tool 'missing'",
    ),
    (
        "no agents",
        {"name": "f", "agents": []},
        None,
        "workflow.json: agents: needs at least one agent",
    ),
    (
        "duplicate agent",
        {"name": "f", "agents": [{"name": "a"}, {"name": "a"}]},
        None,
        "workflow.json: agents[1].name: another agent is already named 'a'",
    ),
    (
        "bad agent name",
        {"name": "f", "agents": [{"name": "a b"}]},
        None,
        "workflow.json: agents[0].name: 'a b'",
    ),
    (
        "unknown pattern",
        {"name": "f", "pattern": "chaos", "agents": [{"name": "a"}]},
        None,
        "workflow.json: pattern.type: must be one of",
    ),
    (
        "max_rounds zero",
        {"name": "f", "max_rounds": 0, "agents": [{"name": "a"}]},
        None,
        "workflow.json: max_rounds: must be a whole number of at least 1",
    ),
    (
        "unknown workflow field",
        {"name": "f", "agentz": [], "agents": [{"name": "a"}]},
        None,
        "workflow.json: agentz: unknown field",
    ),
    (
        "tool entry without function",
        {"name": "f", "agents": [{"name": "a"}]},
        {"tools": [{"file": "f.py"}]},
        "tools.json: tools[0].function: is required",
    ),
    (
        "duplicate tool name",
        {"name": "f", "agents": [{"name": "a"}]},
        {"tools": [{"file": "f.py", "function": "ok"}, {"file": "f.py", "function": "ok"}]},
        "tools.json: tools[1].name: a tool named 'ok' is already declared",
    ),
    (
        "unknown tools.json field",
        {"name": "f", "agents": [{"name": "a"}]},
        {"lifecycle": []},
        "tools.json: lifecycle: unknown field",
    ),
    (
        "terminate_when malformed",
        {"name": "f", "terminate_when": {"all": []}, "agents": [{"name": "a"}]},
        None,
        "workflow.json: terminate_when.all: must be a non-empty array",
    ),
]


@pytest.mark.parametrize(
    ("workflow", "tools", "message"),
    [case[1:] for case in OTHER_ERRORS],
    ids=[case[0] for case in OTHER_ERRORS],
)
def test_workflow_and_tools_errors(
    tmp_path: Path, workflow: dict[str, Any], tools: dict[str, Any] | None, message: str
) -> None:
    root = write_workflow(tmp_path / "f", workflow=workflow, tools=tools, files={"f.py": FUNCTIONS})
    with pytest.raises(WorkflowConfigError) as caught:
        load(root)
    assert str(caught.value).startswith(message)


def test_invalid_json_names_the_file_and_position(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "f", workflow=AGENTS)
    (root / "tools.json").write_text('{"lifecycle_tools": [}', encoding="utf-8")
    with pytest.raises(WorkflowConfigError, match=r"^tools.json: invalid JSON at line 1, column"):
        load(root)


def test_missing_workflow_json(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(WorkflowConfigError, match=r"^workflow.json: not found"):
        load(tmp_path / "empty")


def test_an_import_error_in_a_tool_file_names_the_entry(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "f",
        workflow=AGENTS,
        tools={"lifecycle_tools": [entry(file="broken.py")]},
        files={"broken.py": "import not_a_module_anywhere\n"},
    )
    with pytest.raises(WorkflowConfigError) as caught:
        load(root)
    assert str(caught.value).startswith(
        "tools.json: lifecycle_tools[0].file: importing broken.py failed: ModuleNotFoundError"
    )


def test_a_raising_tool_file_is_a_real_module_whose_traceback_names_file_and_line(
    tmp_path: Path,
) -> None:
    source = "import math\n\nLIMIT = math.floor(2.5)\nraise RuntimeError('broken at import')\n"
    root = write_workflow(
        tmp_path / "f",
        workflow=AGENTS,
        tools={"lifecycle_tools": [entry(file="raising.py")]},
        files={"raising.py": source},
    )
    with pytest.raises(WorkflowConfigError, match="RuntimeError: broken at import") as caught:
        load(root)

    cause = caught.value.__cause__
    assert isinstance(cause, RuntimeError)
    frames = traceback.extract_tb(cause.__traceback__)
    assert (frames[-1].filename, frames[-1].lineno) == (str(root / "raising.py"), 4)
    assert frames[-1].line == "raise RuntimeError('broken at import')"
    innermost = cause.__traceback__
    while innermost is not None and innermost.tb_next is not None:
        innermost = innermost.tb_next
    assert innermost is not None
    spec = innermost.tb_frame.f_globals["__spec__"]  # the module the file ran in
    assert spec.origin == str(root / "raising.py")
    assert spec.name.startswith("_hookline_workflow_") and spec.name.endswith("_raising")


def test_a_function_of_a_tool_file_raises_with_its_file_and_line(tmp_path: Path) -> None:
    source = "def ok(context_variables):\n    return 1 / 0\n"
    root = write_workflow(
        tmp_path / "f",
        workflow=AGENTS,
        tools={"lifecycle_tools": [entry(file="zero.py", function="ok")]},
        files={"zero.py": source},
    )
    func = load(root).lifecycle_tools[0].func

    with pytest.raises(ZeroDivisionError) as caught:
        func({})

    last = traceback.extract_tb(caught.value.__traceback__)[-1]
    assert (last.filename, last.lineno, last.line) == (str(root / "zero.py"), 2, "return 1 / 0")
    assert func.__module__.startswith("_hookline_workflow_")


def test_a_failing_model_factory_names_the_agents_model(tmp_path: Path) -> None:
    root = write_workflow(
        tmp_path / "f", workflow={"name": "f", "agents": [{"name": "a", "model": "nope:x"}]}
    )

    def factory(model: str | None) -> ScriptedLlmService:
        raise ValueError(f"unknown provider in {model}")

    with pytest.raises(WorkflowConfigError) as caught:
        Workflow.from_directory(root, llm_factory=factory)
    assert str(caught.value) == (
        "workflow.json: agents[0].model: cannot build 'nope:x': ValueError: unknown provider in "
        "nope:x"
    )
