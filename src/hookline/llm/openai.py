"""OpenAILlmService: OpenAI and any OpenAI-compatible server, through the official SDK."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from hookline.llm.errors import ProviderConfigError, missing_sdk

try:
    import openai
except ImportError as error:
    raise missing_sdk("openai", "openai") from error

from hookline.errors import LlmError
from hookline.llm._arguments import parse_arguments, serialize_arguments
from hookline.llm._sdk_errors import to_llm_error
from hookline.llm.base import LlmService
from hookline.llm.models import (
    TOOL_CHOICE_KEY,
    LlmMessage,
    LlmRequest,
    LlmResponse,
    LlmStreamChunk,
    ToolCall,
    ToolSchema,
    Usage,
)

__all__ = ["OpenAILlmService", "to_openai_messages", "to_openai_tools"]

FINISH_REASONS = {"function_call": "tool_calls"}
"""OpenAI finish reasons that hookline names differently; others pass through."""

OPENAI_HOST = "api.openai.com"


class OpenAILlmService(LlmService):
    """A model behind the Chat Completions API: OpenAI, Ollama, vLLM, llama.cpp, LM Studio.

    ``api_key`` defaults to ``OPENAI_API_KEY`` and ``base_url`` to
    ``OPENAI_BASE_URL`` (the SDK reads both).  A server at a custom
    ``base_url`` needs no key.  Streams assemble tool-call deltas into
    complete calls in the last chunk, which also carries the usage.  Errors
    are ``LlmError`` with ``transient`` set for timeouts, connection errors,
    429 and 5xx.  ``max_retries`` (2) is the SDK's own retry count: set it to 0
    when ``RetryMiddleware`` decides instead.  ``max_tokens_param``
    is ``"max_completion_tokens"`` for api.openai.com and ``"max_tokens"``
    for other servers unless given.

    Example::

        llm = OpenAILlmService("gpt-4o-mini", api_key="sk-...")
        ollama = OpenAILlmService("llama3.2", base_url="http://localhost:11434/v1")
    """

    provider = "openai"

    def __init__(
        self,
        model: str = "gpt-4o-mini",
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        client: openai.AsyncOpenAI | None = None,
        timeout: float = 120.0,
        max_retries: int = 2,
        default_headers: Mapping[str, str] | None = None,
        stream_usage: bool = True,
        max_tokens_param: str | None = None,
    ) -> None:
        self.model = model
        self.stream_usage = stream_usage
        self._owns_client = client is None
        self.client = client or _client(api_key, base_url, timeout, max_retries, default_headers)
        official = self.client.base_url.host == OPENAI_HOST
        self.max_tokens_param = max_tokens_param or (
            "max_completion_tokens" if official else "max_tokens"
        )

    async def close(self) -> None:
        """Close the SDK client's connections (not those of a ``client`` passed in)."""
        if self._owns_client:
            await self.client.close()

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        try:
            completion = await self.client.chat.completions.create(**self._params(request))
        except openai.APIError as error:
            raise to_llm_error(error, openai, self.provider) from error
        return _response(completion)

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        params = self._params(request)
        if self.stream_usage:
            params["stream_options"] = {"include_usage": True}
        state = _StreamState()
        try:
            stream = await self.client.chat.completions.create(**params, stream=True)
            try:
                async for chunk in stream:
                    piece = state.add(chunk)
                    if piece is not None:
                        yield piece
            finally:
                await stream.close()
        except openai.APIError as error:
            raise to_llm_error(error, openai, self.provider) from error
        yield state.final_chunk()

    def _params(self, request: LlmRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": request.model or self.model,
            "messages": to_openai_messages(request.messages, request.system_prompt),
        }
        if request.tools:
            params["tools"] = to_openai_tools(request.tools)
            choice = request.metadata.get(TOOL_CHOICE_KEY)
            if choice is not None:
                params["tool_choice"] = _tool_choice(choice)
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.max_tokens is not None:
            params[self.max_tokens_param] = request.max_tokens
        return params


def _tool_choice(choice: Any) -> Any:
    """``TOOL_CHOICE_KEY``'s value as Chat Completions' ``tool_choice``."""
    if isinstance(choice, dict):
        return {"type": "function", "function": {"name": choice["name"]}}
    return "required"


def _client(
    api_key: str | None,
    base_url: str | None,
    timeout: float,
    max_retries: int,
    default_headers: Mapping[str, str] | None,
) -> openai.AsyncOpenAI:
    custom_server = base_url or os.environ.get("OPENAI_BASE_URL")
    if api_key is None and custom_server and not os.environ.get("OPENAI_API_KEY"):
        api_key = "not-needed"  # local OpenAI-compatible servers ignore the key
    try:
        return openai.AsyncOpenAI(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
        )
    except openai.OpenAIError as error:
        raise ProviderConfigError(
            "OpenAILlmService needs an API key: pass api_key= or set OPENAI_API_KEY "
            "(or OPENAI_BASE_URL for an OpenAI-compatible server that needs none)."
        ) from error


# -- request -----------------------------------------------------------------------


def to_openai_messages(
    messages: list[LlmMessage], system_prompt: str | None = None
) -> list[dict[str, Any]]:
    """hookline messages as Chat Completions messages, the system prompt first."""
    result: list[dict[str, Any]] = []
    if system_prompt:
        result.append({"role": "system", "content": system_prompt})
    result.extend(_message(message) for message in messages)
    return result


def _message(message: LlmMessage) -> dict[str, Any]:
    if message.role == "tool":
        return {
            "role": "tool",
            "tool_call_id": message.tool_call_id or "",
            "content": message.content or "",
        }
    if message.role == "assistant" and message.tool_calls:
        return {
            "role": "assistant",
            "content": message.content or None,
            "tool_calls": [_tool_call_out(call) for call in message.tool_calls],
        }
    return {"role": message.role, "content": message.content or ""}


def _tool_call_out(call: ToolCall) -> dict[str, Any]:
    return {
        "id": call.id,
        "type": "function",
        "function": {
            "name": call.name,
            "arguments": serialize_arguments(call.arguments, call.raw_arguments),
        },
    }


def to_openai_tools(tools: list[ToolSchema]) -> list[dict[str, Any]]:
    """Tool schemas as Chat Completions function tools."""
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters,
            },
        }
        for tool in tools
    ]


# -- response ----------------------------------------------------------------------


def _response(completion: Any) -> LlmResponse:
    if not completion.choices:
        raise LlmError("openai: the response has no choices", transient=False)
    choice = completion.choices[0]
    message = choice.message
    calls = [_tool_call_in(call) for call in message.tool_calls or [] if _is_function(call)]
    return LlmResponse(
        content=message.content or None,
        tool_calls=calls or None,
        thinking=_reasoning(message),
        finish_reason=_finish_reason(choice.finish_reason, bool(calls)),
        usage=_usage(completion.usage),
        model=completion.model,
    )


def _is_function(call: Any) -> bool:
    return getattr(call, "function", None) is not None


def _tool_call_in(call: Any) -> ToolCall:
    arguments, raw = parse_arguments(call.function.arguments)
    return ToolCall(id=call.id, name=call.function.name, arguments=arguments, raw_arguments=raw)


def _reasoning(message: Any) -> str | None:
    """Reasoning text that OpenAI-compatible servers add (vLLM, DeepSeek, Ollama)."""
    for name in ("reasoning_content", "reasoning"):
        value = getattr(message, name, None)
        if isinstance(value, str) and value:
            return value
    return None


def _finish_reason(reason: str | None, has_calls: bool) -> str | None:
    if has_calls and reason in (None, "stop"):
        return "tool_calls"  # some compatible servers say "stop" after a tool call
    return FINISH_REASONS.get(reason, reason) if reason is not None else None


def _usage(usage: Any) -> Usage | None:
    if usage is None:
        return None
    return Usage(input_tokens=usage.prompt_tokens or 0, output_tokens=usage.completion_tokens or 0)


@dataclass(slots=True)
class _PartialCall:
    id: str | None = None
    name: str = ""
    parts: list[str] = field(default_factory=list)

    def finish(self, index: int) -> ToolCall:
        arguments, raw = parse_arguments("".join(self.parts))
        return ToolCall(
            id=self.id or f"call_{index}", name=self.name, arguments=arguments, raw_arguments=raw
        )


class _StreamState:
    """Collects a chat-completions stream: tool-call deltas, finish reason, usage."""

    def __init__(self) -> None:
        self.calls: dict[int, _PartialCall] = {}
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.model: str | None = None

    def add(self, chunk: Any) -> LlmStreamChunk | None:
        self.model = chunk.model or self.model
        if chunk.usage is not None:
            self.usage = _usage(chunk.usage)
        if not chunk.choices:
            return None
        choice = chunk.choices[0]
        self.finish_reason = choice.finish_reason or self.finish_reason
        delta = choice.delta
        for call in delta.tool_calls or []:
            self._add_call(call)
        thinking = _reasoning(delta)
        if not delta.content and not thinking:
            return None
        return LlmStreamChunk(content=delta.content or None, thinking=thinking)

    def _add_call(self, delta: Any) -> None:
        call = self.calls.setdefault(self._index(delta), _PartialCall())
        call.id = call.id or delta.id
        function = delta.function
        if function is not None:
            call.name = call.name or function.name or ""
            call.parts.append(function.arguments or "")

    def _index(self, delta: Any) -> int:
        if delta.index is not None:
            return int(delta.index)
        known = {call.id for call in self.calls.values()}
        if delta.id and delta.id not in known:
            return len(self.calls)  # a server without indexes: a new id is a new call
        return max(self.calls, default=0)

    def final_chunk(self) -> LlmStreamChunk:
        calls = [call.finish(index) for index, call in sorted(self.calls.items())]
        return LlmStreamChunk(
            tool_calls=calls or None,
            finish_reason=_finish_reason(self.finish_reason, bool(calls)),
            usage=self.usage,
            model=self.model,
        )
