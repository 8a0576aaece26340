"""The CLI's model: ``HOOKLINE_MODEL`` read lazily, so ``/help`` never waits for a model.

``HOOKLINE_MODEL=scripted:<file.json>`` replays a script (tests, demos)::

    ["Hello!", {"tool": "run_sql", "arguments": {"sql": "SELECT 1"}}, {"text": "Done."}]

Each step is a string (a text answer), ``{"text": ...}``, ``{"tool": name,
"arguments": {...}, "id": optional}`` or ``{"error": message}``; an object
``{"steps": [...], "chunks": 3, "delay_s": 0}`` sets the streaming too.
Anything else goes to ``hookline.llm.from_env()`` (OpenAI, Anthropic, Ollama,
the local model), built on the first request.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from hookline.errors import LlmError
from hookline.llm.base import LlmService
from hookline.llm.env import check_model, from_env
from hookline.llm.errors import ProviderConfigError
from hookline.llm.models import LlmRequest, LlmResponse, LlmStreamChunk
from hookline.llm.scripted import ScriptedLlmService, ScriptStep, text_reply, tool_call_reply

__all__ = [
    "SWITCH_HINT",
    "LazyLlmService",
    "describe_models",
    "load_model",
    "model_label",
    "scripted_from_file",
]

SWITCH_HINT = (
    "HOOKLINE_MODEL=openai:gpt-4o-mini (with OPENAI_API_KEY), anthropic:<model>, "
    "ollama:<model>, local"
)


def load_model(environ: Mapping[str, str] | None = None) -> LlmService:
    """The model ``HOOKLINE_MODEL`` names; a scripted one is built now, others lazily,
    after ``check_model``: a misspelt provider, a model without one, a missing key or
    model file raise ``ProviderConfigError`` with the fix here, before any answer."""
    env = os.environ if environ is None else environ
    spec = env.get("HOOKLINE_MODEL", "").strip()
    if spec.startswith("scripted:"):
        return scripted_from_file(spec.removeprefix("scripted:"))
    check_model(env)
    return LazyLlmService(dict(env), spec or "local")


def describe_models(environ: Mapping[str, str], *, timeout_s: float = 2.0) -> tuple[int, list[str]]:
    """``hookline models``: its exit code and lines.  The code is 2 when ``HOOKLINE_MODEL``
    cannot be used as configured, 1 when the provider it chooses does not answer, else 0.

    Example::

        code, lines = describe_models(os.environ)
    """
    from hookline.cli.model_status import model_statuses

    spec = environ.get("HOOKLINE_MODEL", "").strip()
    shown = f"HOOKLINE_MODEL={spec}" if spec else "HOOKLINE_MODEL unset (local)"
    code = 0
    try:
        llm = load_model(environ)
        label = model_label(llm) if spec.startswith("scripted:") else check_model(environ).spec
        lines = [f"{shown}: uses {label}"]
    except (ProviderConfigError, ValueError) as error:
        named = "HOOKLINE_MODEL" in str(error)
        code, lines = 2, [str(error) if named else f"{shown}: {error}"]
    statuses = model_statuses(environ, timeout_s)
    lines += [status.line() for status in statuses]
    if code == 0 and any(status.chosen and not status.ready for status in statuses):
        code = 1
    return code, lines


def model_label(llm: LlmService) -> str:
    """How the banner names the model."""
    if isinstance(llm, LazyLlmService):
        return llm.spec
    return f"scripted ({llm.model})" if isinstance(llm, ScriptedLlmService) else str(llm.model)


def scripted_from_file(path: str | Path) -> ScriptedLlmService:
    """A ``ScriptedLlmService`` from a JSON script file (see the module docstring)."""
    file = Path(path).expanduser()
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(
            f"HOOKLINE_MODEL=scripted:{path}: cannot read the script ({exc})"
        ) from None
    options: dict[str, Any] = data if isinstance(data, dict) else {"steps": data}
    steps = options.get("steps")
    if not isinstance(steps, list):
        raise ValueError(f"HOOKLINE_MODEL=scripted:{path}: expected a list of steps")
    return ScriptedLlmService(
        [_step(step) for step in steps],
        chunks=int(options.get("chunks", 3)),
        delay_s=float(options.get("delay_s", 0.0)),
        model=str(options.get("model", "scripted")),
    )


def _step(step: Any) -> ScriptStep:
    if isinstance(step, str):
        return text_reply(step)
    if isinstance(step, dict) and "tool" in step:
        return tool_call_reply(
            str(step["tool"]), dict(step.get("arguments") or {}), call_id=step.get("id")
        )
    if isinstance(step, dict) and "text" in step:
        return text_reply(str(step["text"]))
    if isinstance(step, dict) and "error" in step:
        return LlmError(str(step["error"]))
    raise ValueError(f"unknown script step: {step!r}")


class LazyLlmService(LlmService):
    """Builds the real model with ``hookline.llm.from_env`` on the first request.

    A model that cannot be built (no key, no provider installed) fails the
    turn with the reason and how to fix it; commands still work.

    Example::

        llm = LazyLlmService({"HOOKLINE_MODEL": "openai:gpt-4o-mini"}, "openai:gpt-4o-mini")
    """

    def __init__(self, environ: dict[str, str], spec: str) -> None:
        self.environ = environ
        self.spec = spec
        self.model = spec
        self._service: LlmService | None = None
        self._lock = asyncio.Lock()

    async def service(self) -> LlmService:
        async with self._lock:
            if self._service is None:
                self._service = await asyncio.to_thread(self._build)
                self.model = self._service.model or self.spec
            return self._service

    def _build(self) -> LlmService:
        try:
            service: LlmService = from_env(self.environ)
        except Exception as exc:  # ProviderConfigError names the variable to set
            raise LlmError(f"{exc} (switch with {SWITCH_HINT})") from None
        return service

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        return await (await self.service()).send_request(request)

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        service = await self.service()
        async for chunk in service.stream_request(request):
            yield chunk
