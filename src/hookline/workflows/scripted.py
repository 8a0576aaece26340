"""Canned model responses for a workflow folder: run it offline with ScriptedLlmService.

``scripted.json`` in the workflow folder holds the responses in call
order (every agent and the speaker selector share one script)::

    {"responses": [
        "Plain text answer",
        {"tool": "lookup", "arguments": {"city": "Rome"}},
        {"text": "Answer after the tool"}
    ]}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hookline.llm.base import LlmService
from hookline.llm.models import LlmResponse
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.workflows.errors import WorkflowConfigError
from hookline.workflows.llm_factory import LlmFactory
from hookline.workflows.paths import resolve_config_file

__all__ = ["SCRIPTED_FILE", "scripted_llm_factory"]

SCRIPTED_FILE = "scripted.json"


def scripted_llm_factory(directory: str | Path) -> LlmFactory:
    """A factory returning one ``ScriptedLlmService`` (from ``scripted.json``) for every model.

    Example::

        workflow = Workflow.from_directory(path, llm_factory=scripted_llm_factory(path))
    """
    service = ScriptedLlmService(_responses(Path(directory)))

    def factory(model: str | None) -> LlmService:
        return service

    return factory


def _responses(root: Path) -> list[LlmResponse]:
    path = resolve_config_file(root, SCRIPTED_FILE)
    if path is None:
        raise WorkflowConfigError(f"not found in {root} (needed by --scripted)", file=SCRIPTED_FILE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise WorkflowConfigError(f"invalid JSON: {error}", file=SCRIPTED_FILE) from None
    entries = data.get("responses") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise WorkflowConfigError('must be an object with a "responses" array', file=SCRIPTED_FILE)
    return [_response(entry, index) for index, entry in enumerate(entries)]


def _response(entry: Any, index: int) -> LlmResponse:
    if isinstance(entry, str):
        return text_reply(entry)
    if isinstance(entry, dict) and isinstance(entry.get("text"), str):
        return text_reply(entry["text"])
    if isinstance(entry, dict) and isinstance(entry.get("tool"), str):
        arguments = entry.get("arguments", {})
        if isinstance(arguments, dict):
            return tool_call_reply(entry["tool"], arguments)
    raise WorkflowConfigError(
        'must be a string, {"text": ...} or {"tool": ..., "arguments": {...}}',
        file=SCRIPTED_FILE,
        array="responses",
        index=index,
    )
