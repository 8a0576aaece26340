"""Files named by a workflow resolve inside its folder only: '..', absolute paths and
symlinks that escape are refused with a clear error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hookline import ScriptedLlmService, text_reply
from hookline.workflows import Workflow, WorkflowConfigError

from .conftest import write_workflow

OUTSIDE = "def ok(context_variables):\n    context_variables.data['escaped'] = True\n"


def scripted(_: str | None) -> ScriptedLlmService:
    return ScriptedLlmService([text_reply("hi")])


def folder_with(tmp_path: Path, file: str) -> Path:
    (tmp_path / "outside.py").write_text(OUTSIDE, encoding="utf-8")
    return write_workflow(
        tmp_path / "flow",
        tools={
            "lifecycle_tools": [
                {"trigger": "before_chat", "agent": None, "file": file, "function": "ok"}
            ]
        },
        files={"tools/inside.py": OUTSIDE},
    )


def load_error(root: Path) -> WorkflowConfigError:
    with pytest.raises(WorkflowConfigError) as caught:
        Workflow.from_directory(root, llm_factory=scripted)
    assert caught.value.field == "file"
    assert caught.value.index == 0
    return caught.value


@pytest.mark.parametrize(
    "file",
    ["../outside.py", "tools/../../outside.py", "./../outside.py", "tools\\..\\..\\outside.py"],
    ids=["parent", "through-tools", "dot-parent", "backslashes"],
)
def test_dot_dot_is_refused(tmp_path: Path, file: str) -> None:
    error = load_error(folder_with(tmp_path, file))
    assert "'..' is not allowed" in str(error)
    assert str(error).startswith("tools.json: lifecycle_tools[0].file: ")


def test_an_absolute_path_is_refused_even_to_an_existing_file(tmp_path: Path) -> None:
    error = load_error(folder_with(tmp_path, str(tmp_path / "outside.py")))
    assert "absolute paths are not allowed" in str(error)


@pytest.mark.parametrize("file", ["C:\\tools\\x.py", "\\\\server\\share\\x.py", "/etc/x.py"])
def test_windows_and_posix_absolute_forms_are_refused(tmp_path: Path, file: str) -> None:
    assert "absolute paths are not allowed" in str(load_error(folder_with(tmp_path, file)))


def test_a_symlinked_file_that_escapes_is_refused(tmp_path: Path) -> None:
    root = folder_with(tmp_path, "link.py")
    os.symlink(tmp_path / "outside.py", root / "tools" / "link.py")
    error = load_error(root)
    assert "outside the workflow directory" in str(error)
    assert "symlink" in str(error)


def test_a_symlinked_tools_folder_that_escapes_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "evil.py").write_text(OUTSIDE, encoding="utf-8")
    root = write_workflow(
        tmp_path / "flow",
        tools={
            "lifecycle_tools": [
                {"trigger": "before_chat", "agent": None, "file": "evil.py", "function": "ok"}
            ]
        },
    )
    os.symlink(elsewhere, root / "tools")
    assert "outside the workflow directory" in str(load_error(root))


def test_a_symlink_that_stays_inside_is_fine(tmp_path: Path) -> None:
    root = folder_with(tmp_path, "alias.py")
    os.symlink(root / "tools" / "inside.py", root / "alias.py")
    workflow = Workflow.from_directory(root, llm_factory=scripted)
    assert workflow.lifecycle_tools[0].file == "tools/inside.py"


def test_a_symlinked_config_file_that_escapes_is_refused(tmp_path: Path) -> None:
    root = write_workflow(tmp_path / "flow")
    (tmp_path / "tools.json").write_text('{"tools": []}', encoding="utf-8")
    os.symlink(tmp_path / "tools.json", root / "tools.json")
    with pytest.raises(WorkflowConfigError, match=r"^tools.json: resolves to .*outside the"):
        Workflow.from_directory(root, llm_factory=scripted)


def test_the_root_is_searched_before_the_tools_folder(tmp_path: Path) -> None:
    root = folder_with(tmp_path, "inside.py")
    (root / "inside.py").write_text("def ok():\n    return 'root'\n", encoding="utf-8")
    workflow = Workflow.from_directory(root, llm_factory=scripted)
    assert workflow.lifecycle_tools[0].file == "inside.py"
