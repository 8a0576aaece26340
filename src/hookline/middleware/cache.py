"""ResponseCacheMiddleware: an exact-request cache that answers without calling the model."""

from __future__ import annotations

import json
from typing import Any

from hookline.hooks.events import ModelCallNext
from hookline.llm.models import LlmRequest, LlmResponse, Usage
from hookline.middleware.base import AgentMiddleware
from hookline.storage.cache import CacheStore, MemoryCacheStore

__all__ = ["ResponseCacheMiddleware", "request_key"]

_MESSAGE_FIELDS = {"role", "content", "tool_calls", "tool_call_id", "name"}
_TOOL_FIELDS = {"name", "description", "parameters"}


def request_key(request: LlmRequest, namespace: str = "") -> str:
    """A stable hash of what the model sees: messages (role, content, tool calls,
    tool call id, name), system prompt, tool schemas, model, temperature and
    max_tokens.  Not ``stream``, ``metadata`` nor message timestamps.

    Example::

        assert request_key(request) == request_key(request.model_copy(update={"stream": True}))
    """
    payload: dict[str, Any] = {
        "namespace": namespace,
        "messages": [m.model_dump(mode="json", include=_MESSAGE_FIELDS) for m in request.messages],
        "system_prompt": request.system_prompt,
        "tools": [t.model_dump(mode="json", include=_TOOL_FIELDS) for t in request.tools or ()],
        "model": request.model,
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
    }
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    import hashlib  # here: importing hookline stays fast

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ResponseCacheMiddleware(AgentMiddleware):
    """Answers a request seen before from the cache, without calling the model.

    The key is ``key_prefix + request_key(request, namespace)`` (use
    ``namespace`` to keep agents with different models apart).  ``store`` is
    any ``CacheStore``: an in-process LRU (``MemoryCacheStore``, the
    default), ``SqliteCacheStore`` (a file, kept across restarts) or
    ``RedisCacheStore`` (shared by server processes).  ``ttl`` (seconds)
    expires answers.  Responses that
    ask for tool calls are not cached unless ``cache_tool_calls`` (replaying
    a tool call replays its side effects).  A hit has
    ``response.metadata["cache"] == "hit"`` and zero usage (no tokens were
    spent); a stored miss has ``"miss"``.  ``hits`` and ``misses`` count them.

    Example::

        cache = ResponseCacheMiddleware(ttl=600)
        agent = Agent(llm, middleware=[cache])
    """

    def __init__(
        self,
        store: CacheStore | None = None,
        *,
        ttl: float | None = None,
        cache_tool_calls: bool = False,
        namespace: str = "",
        key_prefix: str = "hookline:response:",
    ) -> None:
        self.store: CacheStore = store if store is not None else MemoryCacheStore()
        self.key_prefix = key_prefix
        self.ttl = ttl
        self.cache_tool_calls = cache_tool_calls
        self.namespace = namespace
        self.hits = 0
        self.misses = 0

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        key = self.key_prefix + request_key(request, self.namespace)
        cached = await self.store.get(key)
        if cached is not None:
            self.hits += 1
            response = LlmResponse.model_validate_json(cached)
            response.metadata["cache"] = "hit"
            response.usage = Usage()
            return response
        self.misses += 1
        response = await call_next(request)
        if not self._cacheable(response):
            return response
        await self.store.set(key, response.model_dump_json(), ttl=self.ttl)
        return response.model_copy(update={"metadata": {**response.metadata, "cache": "miss"}})

    def _cacheable(self, response: LlmResponse) -> bool:
        if response.tool_calls:
            return self.cache_tool_calls
        return bool(response.content)
