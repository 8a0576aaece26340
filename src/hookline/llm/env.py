"""from_env: the model the environment asks for (``HOOKLINE_MODEL`` and the usual keys)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from hookline.llm.base import LlmService
from hookline.llm.errors import ProviderConfigError

__all__ = ["DEFAULT_MODELS", "OLLAMA_BASE_URL", "from_env"]

DEFAULT_MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-sonnet-4-6"}
OLLAMA_BASE_URL = "http://localhost:11434/v1"

Environ = Mapping[str, str]


def from_env(environ: Environ | None = None) -> LlmService:
    """The ``LlmService`` that ``HOOKLINE_MODEL`` names (``os.environ`` by default).

    ``openai:<model>`` (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``),
    ``anthropic:<model>`` (``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL``),
    ``ollama:<model>`` (OpenAI-compatible at ``OLLAMA_HOST`` or
    localhost:11434, no key), ``local`` or ``local:/path/model.gguf``.
    Nothing set means ``local``.  Raises ``ProviderConfigError`` naming the
    variable to set or the extra to install.

    Example::

        llm = from_env({"HOOKLINE_MODEL": "openai:gpt-4o-mini", "OPENAI_API_KEY": "sk-..."})
    """
    env = os.environ if environ is None else environ
    spec = env.get("HOOKLINE_MODEL", "").strip() or "local"
    provider, _, model = spec.partition(":")
    build = _BUILDERS.get(provider.strip().lower())
    if build is None:
        raise ProviderConfigError(
            f"HOOKLINE_MODEL={spec!r} names an unknown provider {provider!r}: use "
            "openai:<model>, anthropic:<model>, ollama:<model>, local or local:/path/model.gguf."
        )
    return build(model.strip(), env)


def _openai(model: str, env: Environ) -> LlmService:
    base_url = env.get("OPENAI_BASE_URL") or None
    api_key = env.get("OPENAI_API_KEY") or None
    if api_key is None and base_url is None:
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=openai:{model or DEFAULT_MODELS['openai']} needs an API key: "
            "set OPENAI_API_KEY (or OPENAI_BASE_URL for an OpenAI-compatible server "
            "that needs no key)."
        )
    from hookline.llm.openai import OpenAILlmService

    return OpenAILlmService(
        model or DEFAULT_MODELS["openai"], api_key=api_key or "not-needed", base_url=base_url
    )


def _anthropic(model: str, env: Environ) -> LlmService:
    api_key = env.get("ANTHROPIC_API_KEY") or None
    if api_key is None:
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=anthropic:{model or DEFAULT_MODELS['anthropic']} needs an API key: "
            "set ANTHROPIC_API_KEY."
        )
    from hookline.llm.anthropic import AnthropicLlmService

    return AnthropicLlmService(
        model or DEFAULT_MODELS["anthropic"],
        api_key=api_key,
        base_url=env.get("ANTHROPIC_BASE_URL") or None,
    )


def _ollama(model: str, env: Environ) -> LlmService:
    if not model:
        raise ProviderConfigError(
            "HOOKLINE_MODEL=ollama needs a model name: set HOOKLINE_MODEL=ollama:<model>, "
            "e.g. ollama:llama3.2."
        )
    from hookline.llm.openai import OpenAILlmService

    llm = OpenAILlmService(model, api_key="ollama", base_url=_ollama_url(env))
    llm.provider = "ollama"
    return llm


def _ollama_url(env: Environ) -> str:
    host = env.get("OLLAMA_HOST", "").strip().rstrip("/")
    if not host:
        return OLLAMA_BASE_URL
    if "://" not in host:
        host = "http://" + host
    return host + "/v1"


def _local(model: str, env: Environ) -> LlmService:
    from hookline.llm.local import LocalLlmService

    if model and not Path(model).expanduser().is_file():
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=local:{model}: no such file; set HOOKLINE_MODEL=local:/path/to/"
            "model.gguf, or HOOKLINE_MODEL=local for the embedded model."
        )
    return LocalLlmService(Path(model).expanduser() if model else None)


_BUILDERS: dict[str, Callable[[str, Environ], LlmService]] = {
    "openai": _openai,
    "anthropic": _anthropic,
    "ollama": _ollama,
    "local": _local,
}
