"""``tools.json`` parsing never crashes: any content -- broken JSON, wrong types,
unknown keys, paths that escape the folder -- loads a workflow or raises one
``WorkflowConfigError`` that names the file (never another exception).

Needs ``hookline.workflows`` (skipped, with the reason, until it is merged).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hookline import ScriptedLlmService, text_reply

workflows = pytest.importorskip(
    "hookline.workflows", reason="hookline.workflows (the tools.json loader) is not merged yet"
)

WORKFLOW = {"agents": [{"name": "planner"}, {"name": "writer"}]}
HELPERS = "def ok(context_variables=None):\n    return {'status': 'ok'}\n"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
files = st.sampled_from(
    ["helpers.py", "tools/helpers.py", "../outside.py", "/etc/passwd", "missing.py", "a\x00b.py"]
) | st.text(max_size=20)
functions = st.sampled_from(["ok", "missing", "not a name", ""]) | st.text(max_size=10)
triggers = st.sampled_from(["before_chat", "after_chat", "before_agent", "after_agent", "never"])
agents = st.sampled_from([None, "planner", "writer", "nobody"]) | json_values


@st.composite
def lifecycle_entries(draw: st.DrawFn) -> dict[str, Any]:
    """Mostly well-formed entries with a few wrong values, sometimes an unknown key."""
    entry: dict[str, Any] = {
        "trigger": draw(triggers | json_values),
        "agent": draw(agents),
        "file": draw(files),
        "function": draw(functions),
    }
    for key in draw(st.lists(st.sampled_from(sorted(entry)), max_size=2, unique=True)):
        entry.pop(key)
    extras = st.sampled_from(["timeout_s", "retries", "description", "when", "unknown"])
    for key in draw(st.lists(extras, max_size=2)):
        entry[key] = draw(json_values)
    return entry


tool_entries = st.fixed_dictionaries(
    {"file": files, "function": functions}, optional={"name": json_values, "extra": json_values}
)
documents = st.fixed_dictionaries(
    {},
    optional={
        "lifecycle_tools": st.lists(lifecycle_entries(), max_size=3) | json_values,
        "tools": st.lists(tool_entries, max_size=2) | json_values,
        "other": json_values,
    },
)
contents = documents.map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=60)


def _load(tools_json: str) -> Any:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "flow"
        (root / "tools").mkdir(parents=True)
        (root / "workflow.json").write_text(json.dumps(WORKFLOW))
        (root / "tools" / "helpers.py").write_text(HELPERS)
        (Path(folder) / "outside.py").write_text(HELPERS)
        (root / "tools.json").write_text(tools_json)
        return workflows.Workflow.from_directory(
            root, llm_factory=lambda model: ScriptedLlmService([text_reply("ok")])
        )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(contents)
def test_any_tools_json_loads_or_raises_a_config_error(content: str) -> None:
    outcome = _outcome(content)
    assert outcome == "loaded" or outcome.startswith("tools.json: "), outcome


def _outcome(content: str) -> str:
    """ "loaded", or the message of the ``WorkflowConfigError`` (anything else propagates)."""
    try:
        _load(content)
    except workflows.WorkflowConfigError as error:
        return str(error)
    return "loaded"


def test_a_valid_tools_json_loads_its_lifecycle_tool() -> None:
    entry = {"trigger": "before_chat", "agent": None, "file": "helpers.py", "function": "ok"}
    workflow = _load(json.dumps({"lifecycle_tools": [entry]}))
    assert workflow is not None
