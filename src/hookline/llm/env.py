"""from_env: the model the environment asks for (``HOOKLINE_MODEL`` and the usual keys).

``check_model`` reads and checks the choice without building or connecting anything
(the CLI calls it at start: a misspelt provider or a missing key is an error before any
answer); ``from_env`` builds what it returns.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from hookline.llm.base import LlmService
from hookline.llm.errors import ProviderConfigError, missing_sdk

__all__ = [
    "CONTEXT_ENV",
    "DEFAULT_MODELS",
    "OLLAMA_BASE_URL",
    "PROVIDERS",
    "ModelConfig",
    "check_model",
    "from_env",
]

DEFAULT_MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-sonnet-4-6"}
OLLAMA_BASE_URL = "http://localhost:11434/v1"
CONTEXT_ENV = "HOOKLINE_CONTEXT"
"""The local model's context size in tokens (default 4096)."""
PROVIDERS = "openai:<model>, anthropic:<model>, ollama:<model>, local or local:/path/model.gguf"

Environ = Mapping[str, str]
_GUESSES = (
    (re.compile(r"^(gpt|o\d|chatgpt|text-|davinci)", re.I), "openai"),
    (re.compile(r"^claude", re.I), "anthropic"),
    (re.compile(r"^(llama|qwen|mistral|mixtral|gemma|phi|deepseek|smollm)", re.I), "ollama"),
)


@dataclass(frozen=True, kw_only=True)
class ModelConfig:
    """The model ``HOOKLINE_MODEL`` names, checked: its provider, name and where it runs.

    Example::

        config = check_model({"HOOKLINE_MODEL": "ollama:llama3.2"})
        assert (config.provider, config.base_url) == ("ollama", "http://localhost:11434/v1")
    """

    provider: str
    model: str
    base_url: str | None = None
    api_key: str | None = None
    model_path: Path | None = None
    context_size: int | None = None

    @property
    def spec(self) -> str:
        """``provider:model`` as ``HOOKLINE_MODEL`` would spell it."""
        return f"{self.provider}:{self.model}"


def check_model(environ: Environ | None = None) -> ModelConfig:
    """What ``HOOKLINE_MODEL`` names (``os.environ`` by default), checked without building
    or connecting: the provider exists, the model has a provider, the key or the model
    file is there, the SDK is installed.  Raises ``ProviderConfigError`` with the fix (a
    close match for a misspelt provider).

    Example::

        try:
            check_model({"HOOKLINE_MODEL": "olama:llama3"})
        except ProviderConfigError as error:
            print(error)  # ... did you mean HOOKLINE_MODEL=ollama:llama3? ...
    """
    env = os.environ if environ is None else environ
    spec = env.get("HOOKLINE_MODEL", "").strip() or "local"
    provider, colon, model = spec.partition(":")
    check = _CHECKS.get(provider.strip().lower())
    if check is None:
        raise ProviderConfigError(_unknown(spec, provider.strip(), bool(colon), model.strip()))
    return check(model.strip(), env)


def from_env(environ: Environ | None = None) -> LlmService:
    """The ``LlmService`` that ``HOOKLINE_MODEL`` names (``os.environ`` by default).

    ``openai:<model>`` (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``),
    ``anthropic:<model>`` (``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL``),
    ``ollama:<model>`` (OpenAI-compatible at ``OLLAMA_HOST`` or
    localhost:11434, no key), ``local`` or ``local:/path/model.gguf``
    (``HOOKLINE_CONTEXT`` tokens of context, default 4096).
    Nothing set means ``local``.  Raises ``ProviderConfigError`` naming the
    variable to set or the extra to install (``check_model``).

    Example::

        llm = from_env({"HOOKLINE_MODEL": "openai:gpt-4o-mini", "OPENAI_API_KEY": "sk-..."})
    """
    config = check_model(environ)
    return _BUILDERS[config.provider](config)


def _unknown(spec: str, provider: str, colon: bool, model: str) -> str:
    """The error for a provider nobody knows, with the likeliest fix."""
    names = sorted(_CHECKS)
    close = difflib.get_close_matches(provider.lower(), names, n=1, cutoff=0.6)
    guess = next((name for pattern, name in _GUESSES if pattern.match(spec)), None)
    if colon and close:
        fix = f"did you mean HOOKLINE_MODEL={close[0]}:{model}?"
    elif not colon and guess:
        fix = f"a model without its provider: did you mean HOOKLINE_MODEL={guess}:{spec}?"
    elif not colon and close:
        model_part = "" if close[0] == "local" else ":<model>"
        fix = f"did you mean HOOKLINE_MODEL={close[0]}{model_part}?"
    elif not colon:
        fix = f"it names no provider: HOOKLINE_MODEL=openai:{spec} or ollama:{spec}?"
    else:
        fix = f"unknown provider {provider!r}."
    return f"HOOKLINE_MODEL={spec!r}: {fix} Use {PROVIDERS}."


def _sdk(package: str, extra: str) -> None:
    if importlib.util.find_spec(package) is None:  # found, not imported
        raise missing_sdk(package, extra)


def _check_openai(model: str, env: Environ) -> ModelConfig:
    model = model or DEFAULT_MODELS["openai"]
    base_url = env.get("OPENAI_BASE_URL") or None
    api_key = env.get("OPENAI_API_KEY") or None
    if api_key is None and base_url is None:
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=openai:{model} needs an API key: "
            "set OPENAI_API_KEY (or OPENAI_BASE_URL for an OpenAI-compatible server "
            "that needs no key)."
        )
    _sdk("openai", "openai")
    return ModelConfig(provider="openai", model=model, base_url=base_url, api_key=api_key)


def _check_anthropic(model: str, env: Environ) -> ModelConfig:
    model = model or DEFAULT_MODELS["anthropic"]
    api_key = env.get("ANTHROPIC_API_KEY") or None
    if api_key is None:
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=anthropic:{model} needs an API key: set ANTHROPIC_API_KEY."
        )
    _sdk("anthropic", "anthropic")
    base_url = env.get("ANTHROPIC_BASE_URL") or None
    return ModelConfig(provider="anthropic", model=model, base_url=base_url, api_key=api_key)


def _check_ollama(model: str, env: Environ) -> ModelConfig:
    if not model:
        raise ProviderConfigError(
            "HOOKLINE_MODEL=ollama needs a model name: set HOOKLINE_MODEL=ollama:<model>, "
            "e.g. ollama:llama3.2."
        )
    _sdk("openai", "openai")
    return ModelConfig(provider="ollama", model=model, base_url=_ollama_url(env))


def _ollama_url(env: Environ) -> str:
    host = env.get("OLLAMA_HOST", "").strip().rstrip("/")
    if not host:
        return OLLAMA_BASE_URL
    if "://" not in host:
        host = "http://" + host
    return host + "/v1"


def _check_local(model: str, env: Environ) -> ModelConfig:
    from hookline.llm.local import LOCAL_INSTALL, default_model_path

    if model and not Path(model).expanduser().is_file():
        raise ProviderConfigError(
            f"HOOKLINE_MODEL=local:{model}: no such file; set HOOKLINE_MODEL=local:/path/to/"
            "model.gguf, or HOOKLINE_MODEL=local for the embedded model."
        )
    path = Path(model).expanduser() if model else default_model_path()
    if importlib.util.find_spec("xllamacpp") is None:
        raise ProviderConfigError(
            f"The 'xllamacpp' package (llama.cpp) is not installed: {LOCAL_INSTALL}"
        )
    return ModelConfig(
        provider="local",
        model=model or path.name.split(".")[0],
        model_path=path,
        context_size=_context_size(env),
    )


def _context_size(env: Environ) -> int | None:
    """``HOOKLINE_CONTEXT``: tokens the local model reads at once (None: its default)."""
    raw = env.get(CONTEXT_ENV, "").strip()
    if not raw:
        return None
    size = int(raw) if raw.isdigit() else 0
    if not 128 <= size <= 1_048_576:
        raise ProviderConfigError(
            f"{CONTEXT_ENV}={raw!r} is not a context size: set a number of tokens "
            f"from 128 up, e.g. {CONTEXT_ENV}=8192."
        )
    return size


def _openai(config: ModelConfig) -> LlmService:
    from hookline.llm.openai import OpenAILlmService

    return OpenAILlmService(
        config.model, api_key=config.api_key or "not-needed", base_url=config.base_url
    )


def _anthropic(config: ModelConfig) -> LlmService:
    from hookline.llm.anthropic import AnthropicLlmService

    return AnthropicLlmService(config.model, api_key=config.api_key, base_url=config.base_url)


def _ollama(config: ModelConfig) -> LlmService:
    from hookline.llm.openai import OpenAILlmService

    llm = OpenAILlmService(config.model, api_key="ollama", base_url=config.base_url)
    llm.provider = "ollama"
    return llm


def _local(config: ModelConfig) -> LlmService:
    from hookline.llm.local import LocalLlmService

    if config.context_size is None:
        return LocalLlmService(config.model_path)
    return LocalLlmService(config.model_path, context_size=config.context_size)


_CHECKS: dict[str, Callable[[str, Environ], ModelConfig]] = {
    "openai": _check_openai,
    "anthropic": _check_anthropic,
    "ollama": _check_ollama,
    "local": _check_local,
}
_BUILDERS: dict[str, Callable[[ModelConfig], LlmService]] = {
    "openai": _openai,
    "anthropic": _anthropic,
    "ollama": _ollama,
    "local": _local,
}
