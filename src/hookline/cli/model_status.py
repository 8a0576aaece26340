"""``hookline models``: every provider, whether it is configured, and whether it answers.

Each provider is checked as ``HOOKLINE_MODEL`` would choose it (``check_model``: key,
model file, SDK); a configured remote one is then asked over HTTP with a short timeout
(any HTTP answer, even 401, means reachable). Nothing is loaded, nothing is sent.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from hookline.llm.env import DEFAULT_MODELS, check_model
from hookline.llm.errors import ProviderConfigError

__all__ = ["DEFAULT_URLS", "ProviderStatus", "model_statuses", "reachable"]

DEFAULT_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}
_ORDER = ("local", "openai", "anthropic", "ollama")


@dataclass(kw_only=True)
class ProviderStatus:
    """One line of ``hookline models``.

    Example::

        for status in model_statuses({"HOOKLINE_MODEL": "local"}):
            print(status.line())
    """

    provider: str
    model: str
    chosen: bool
    ready: bool
    detail: str

    def line(self) -> str:
        mark = "*" if self.chosen else " "
        state = "ready" if self.ready else "not ready"
        return f"{mark} {self.provider:<9} {self.model:<24} {state}: {self.detail}"


def model_statuses(environ: Mapping[str, str], timeout_s: float = 2.0) -> list[ProviderStatus]:
    """Every provider's status; the one ``HOOKLINE_MODEL`` chooses is marked ``chosen``."""
    spec = environ.get("HOOKLINE_MODEL", "").strip() or "local"
    chosen, _, chosen_model = spec.partition(":")
    chosen = chosen.strip().lower()
    with ThreadPoolExecutor(max_workers=len(_ORDER)) as pool:
        futures = [
            pool.submit(_status, name, chosen_model if name == chosen else "", environ, timeout_s)
            for name in _ORDER
        ]
        statuses = [future.result() for future in futures]
    for status in statuses:
        status.chosen = status.provider == chosen
    return statuses


def _status(
    provider: str, model: str, environ: Mapping[str, str], timeout_s: float
) -> ProviderStatus:
    if provider == "ollama" and not model:
        model = "<model>"
    env = {**environ, "HOOKLINE_MODEL": f"{provider}:{model}" if model else provider}
    try:
        config = check_model(env)
    except ProviderConfigError as error:
        return ProviderStatus(
            provider=provider,
            model=model or DEFAULT_MODELS.get(provider, "-"),
            chosen=False,
            ready=False,
            detail=str(error),
        )
    if config.provider == "local":
        context = config.context_size or 4096
        detail = f"model file {config.model_path}, context {context} tokens"
        return ProviderStatus(
            provider=provider, model=config.model, chosen=False, ready=True, detail=detail
        )
    url = config.base_url or DEFAULT_URLS[config.provider]
    problem = reachable(url, timeout_s)
    detail = f"reachable at {url}" if problem is None else f"{url} not reachable ({problem})"
    return ProviderStatus(
        provider=provider, model=config.model, chosen=False, ready=problem is None, detail=detail
    )


def reachable(url: str, timeout_s: float) -> str | None:
    """None when ``url`` + ``/models`` gives any HTTP answer in time, else why not.

    Example::

        problem = reachable("http://localhost:11434/v1", 2.0)  # "connection refused"...
    """
    request = urllib.request.Request(url.rstrip("/") + "/models", method="GET")
    try:
        with urllib.request.urlopen(request, timeout=timeout_s):
            return None
    except urllib.error.HTTPError:
        return None  # it answered: 401, 404... the server is there
    except urllib.error.URLError as error:
        reason = error.reason
        return str(reason.strerror if isinstance(reason, OSError) and reason.strerror else reason)
    except (TimeoutError, OSError) as error:
        return f"no answer in {timeout_s:g} s" if isinstance(error, TimeoutError) else str(error)
