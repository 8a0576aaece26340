"""LlmFactory: how a declarative workflow turns a ``model`` string into an ``LlmService``."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import TypeAlias

from hookline.llm.base import LlmService
from hookline.workflows.errors import WorkflowConfigError

__all__ = ["LlmFactory", "caching_factory", "default_llm_factory"]

LlmFactory: TypeAlias = Callable[[str | None], LlmService]
"""``factory(model_name) -> LlmService``; ``None`` means "the default model"."""


def default_llm_factory(model: str | None) -> LlmService:
    """``hookline.llm.from_env`` with ``HOOKLINE_MODEL`` set to ``model`` (when given).

    ``model`` uses ``HOOKLINE_MODEL``'s format: ``openai:gpt-4o-mini``,
    ``anthropic:<model>``, ``ollama:<model>``, ``local``.  Raises
    ``WorkflowConfigError`` when hookline's model providers are not
    installed; pass ``llm_factory=`` to ``Workflow.from_directory`` then.
    """
    try:
        module = importlib.import_module("hookline.llm.env")
    except ImportError:
        raise WorkflowConfigError(
            "No model providers available (hookline.llm.env is not installed): pass "
            "llm_factory=... to Workflow.from_directory, e.g. one returning a "
            "ScriptedLlmService."
        ) from None
    environ = dict(os.environ)
    if model:
        environ["HOOKLINE_MODEL"] = model
    service = module.from_env(environ)
    if not isinstance(service, LlmService):
        raise WorkflowConfigError(f"hookline.llm.env.from_env returned {service!r}")
    return service


def caching_factory(factory: LlmFactory) -> LlmFactory:
    """``factory`` called once per distinct model name (agents naming one model share it)."""
    built: dict[str | None, LlmService] = {}

    def cached(model: str | None) -> LlmService:
        if model not in built:
            built[model] = factory(model)
        return built[model]

    return cached
