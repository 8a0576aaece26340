"""AnthropicLlmService: Claude models through the official ``anthropic`` SDK."""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hookline.llm.errors import ProviderConfigError, missing_sdk

try:
    import anthropic
except ImportError as error:
    raise missing_sdk("anthropic", "anthropic") from error

from hookline.llm._arguments import parse_arguments
from hookline.llm._sdk_errors import to_llm_error
from hookline.llm.base import LlmService
from hookline.llm.models import (
    REPLAY_KEY,
    TOOL_CHOICE_KEY,
    LlmMessage,
    LlmRequest,
    LlmResponse,
    LlmStreamChunk,
    ToolCall,
    ToolSchema,
    Usage,
)

__all__ = ["AnthropicLlmService", "to_anthropic_messages", "to_anthropic_tools"]

STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
    "refusal": "content_filter",
}
"""Anthropic stop reasons in hookline's (OpenAI-style) names; others pass through."""

THINKING_CACHE_SIZE = 512

Block = dict[str, Any]
ThinkingLookup = Callable[[list[ToolCall]], list[Block]]


class AnthropicLlmService(LlmService):
    """Claude through the Messages API: system prompt, tool_use / tool_result blocks,
    streaming, and thinking blocks surfaced as ``thinking``.

    ``api_key`` defaults to ``ANTHROPIC_API_KEY``.  Anthropic requires
    ``max_tokens``: a request without one gets ``max_tokens`` (1024).
    ``thinking_budget_tokens`` turns extended thinking on (then the request's
    temperature is not sent and ``max_tokens`` is raised above the budget).
    Thinking blocks of a response with tool calls are kept (by tool-call id,
    in this process) and sent back before those calls, as the API requires.
    Errors are ``LlmError`` with ``transient`` set for timeouts, connection
    errors, 429, 5xx and 529.  ``max_retries`` (2) is the SDK's own retry
    count: set it to 0 when ``RetryMiddleware`` decides instead.

    Example::

        llm = AnthropicLlmService("claude-sonnet-4-6", api_key="sk-ant-...")
        thinker = AnthropicLlmService("claude-sonnet-4-6", thinking_budget_tokens=2048)
    """

    provider = "anthropic"

    def __init__(
        self,
        model: str = "claude-sonnet-4-6",
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        client: anthropic.AsyncAnthropic | None = None,
        timeout: float = 120.0,
        max_retries: int = 2,
        max_tokens: int = 1024,
        thinking_budget_tokens: int | None = None,
        default_headers: Mapping[str, str] | None = None,
    ) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self.thinking_budget_tokens = thinking_budget_tokens
        self._owns_client = client is None
        self.client = client or _client(api_key, base_url, timeout, max_retries, default_headers)
        self._thinking: OrderedDict[str, list[Block]] = OrderedDict()

    async def close(self) -> None:
        """Close the SDK client's connections (not those of a ``client`` passed in)."""
        if self._owns_client:
            await self.client.close()

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        try:
            message = await self.client.messages.create(**self._params(request))
        except anthropic.APIError as error:
            raise to_llm_error(error, anthropic, self.provider) from error
        response, kept = _response(message)
        replay = self._keep(response.tool_calls, kept)
        if replay is not None:
            response.metadata.update(replay)
        return response

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        state = _StreamState()
        try:
            stream = await self.client.messages.create(**self._params(request), stream=True)
            try:
                async for event in stream:
                    piece = state.add(event)
                    if piece is not None:
                        yield piece
            finally:
                await stream.close()
        except anthropic.APIError as error:
            raise to_llm_error(error, anthropic, self.provider) from error
        final = state.final_chunk()
        final.metadata = self._keep(final.tool_calls, state.kept_thinking())
        yield final

    def _params(self, request: LlmRequest) -> dict[str, Any]:
        system, messages = to_anthropic_messages(
            request.messages, request.system_prompt, self._thinking_for
        )
        params: dict[str, Any] = {
            "model": request.model or self.model,
            "messages": messages,
            "max_tokens": request.max_tokens or self.max_tokens,
        }
        if system:
            params["system"] = system
        if request.tools:
            params["tools"] = to_anthropic_tools(request.tools)
        budget = self.thinking_budget_tokens
        choice = request.metadata.get(TOOL_CHOICE_KEY)
        if request.tools and choice is not None and not budget:  # thinking forbids forcing
            name = choice["name"] if isinstance(choice, dict) else None
            params["tool_choice"] = {"type": "tool", "name": name} if name else {"type": "any"}
        if budget:
            params["thinking"] = {"type": "enabled", "budget_tokens": budget}
            if params["max_tokens"] <= budget:
                params["max_tokens"] = budget + self.max_tokens
        elif request.temperature is not None:
            params["temperature"] = request.temperature
        return params

    def _thinking_for(self, calls: list[ToolCall]) -> list[Block]:
        for call in calls:
            if call.id in self._thinking:
                return self._thinking[call.id]
        return []

    def _keep(self, calls: list[ToolCall] | None, kept: list[Block]) -> dict[str, Any] | None:
        """Keep the thinking before ``calls``: in this process's cache, and as the
        response's ``REPLAY_KEY`` metadata (returned; None without calls or thinking)."""
        if not calls or not kept:
            return None
        for call in calls:
            self._thinking[call.id] = kept
        while len(self._thinking) > THINKING_CACHE_SIZE:
            self._thinking.popitem(last=False)
        return {REPLAY_KEY: {"anthropic_thinking": kept}}


def _client(
    api_key: str | None,
    base_url: str | None,
    timeout: float,
    max_retries: int,
    default_headers: Mapping[str, str] | None,
) -> anthropic.AsyncAnthropic:
    if api_key is None and not (
        os.environ.get("ANTHROPIC_API_KEY") or os.environ.get("ANTHROPIC_AUTH_TOKEN")
    ):
        raise ProviderConfigError(
            "AnthropicLlmService needs an API key: pass api_key= or set ANTHROPIC_API_KEY."
        )
    return anthropic.AsyncAnthropic(
        api_key=api_key,
        base_url=base_url,
        timeout=timeout,
        max_retries=max_retries,
        default_headers=default_headers,
    )


# -- request -----------------------------------------------------------------------


def _no_thinking(calls: list[ToolCall]) -> list[Block]:
    return []


def to_anthropic_messages(
    messages: list[LlmMessage],
    system_prompt: str | None = None,
    thinking_for: ThinkingLookup = _no_thinking,
) -> tuple[str | None, list[dict[str, Any]]]:
    """``(system, messages)`` for the Messages API.

    System messages join the system prompt; tool results become
    ``tool_result`` blocks in a user message; consecutive messages of one
    role merge into one message (so parallel tool results share a message).
    ``thinking_for(calls)`` gives the thinking blocks to put before an
    assistant's tool calls.
    """
    system = [system_prompt] if system_prompt else []
    merged: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            system.extend([message.content] if message.content else [])
            continue
        role, blocks = _blocks(message, thinking_for)
        if not blocks:
            continue
        if merged and merged[-1]["role"] == role:
            merged[-1]["content"].extend(blocks)
        else:
            merged.append({"role": role, "content": blocks})
    for merged_message in merged:
        if merged_message["role"] == "user":  # tool results must come first
            merged_message["content"].sort(key=lambda block: block["type"] != "tool_result")
    return "\n\n".join(system) or None, merged


def _blocks(message: LlmMessage, thinking_for: ThinkingLookup) -> tuple[str, list[Block]]:
    if message.role == "tool":
        result: Block = {"type": "tool_result", "tool_use_id": message.tool_call_id or ""}
        if message.content:
            result["content"] = message.content
        return "user", [result]
    blocks: list[Block] = []
    calls = (message.tool_calls or []) if message.role == "assistant" else []
    if calls:
        stored = _stored_thinking(message)
        blocks.extend(stored if stored is not None else thinking_for(calls))
    if message.content:
        blocks.append({"type": "text", "text": message.content})
    blocks.extend(
        {"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments}
        for call in calls
    )
    return message.role, blocks


def to_anthropic_tools(tools: list[ToolSchema]) -> list[dict[str, Any]]:
    """Tool schemas as Messages API tools."""
    return [
        {"name": tool.name, "description": tool.description, "input_schema": tool.parameters}
        for tool in tools
    ]


# -- response ----------------------------------------------------------------------


def _response(message: Any) -> tuple[LlmResponse, list[Block]]:
    texts: list[str] = []
    thoughts: list[str] = []
    calls: list[ToolCall] = []
    kept: list[Block] = []
    for block in message.content:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use":
            calls.append(_tool_call(block.id, block.name, block.input))
        elif block.type in ("thinking", "redacted_thinking"):
            kept.append(_thinking_block(block))
            thoughts.append(getattr(block, "thinking", "") or "")
    response = LlmResponse(
        content="".join(texts) or None,
        tool_calls=calls or None,
        thinking="".join(thoughts) or None,
        finish_reason=_stop_reason(message.stop_reason),
        usage=_usage(message.usage),
        model=message.model,
    )
    return response, kept


def _tool_call(call_id: str, name: str, arguments: Any) -> ToolCall:
    if isinstance(arguments, dict):
        return ToolCall(id=call_id, name=name, arguments=arguments)
    return ToolCall(id=call_id, name=name, raw_arguments=json.dumps(arguments))


def _stored_thinking(message: LlmMessage) -> list[Block] | None:
    """The thinking blocks a stored assistant message kept (``REPLAY_KEY``), if any.

    Messages loaded from a store carry them; a plain ``LlmMessage`` does not, and the
    service's in-process cache answers instead.
    """
    metadata = getattr(message, "metadata", None)
    replay = metadata.get(REPLAY_KEY) if isinstance(metadata, dict) else None
    blocks = replay.get("anthropic_thinking") if isinstance(replay, dict) else None
    if not isinstance(blocks, list) or not all(_is_thinking(block) for block in blocks):
        return None
    return blocks


def _is_thinking(block: object) -> bool:
    if not isinstance(block, dict):
        return False
    if block.get("type") == "thinking":
        return isinstance(block.get("thinking"), str) and isinstance(block.get("signature"), str)
    return block.get("type") == "redacted_thinking" and isinstance(block.get("data"), str)


def _thinking_block(block: Any) -> Block:
    if block.type == "redacted_thinking":
        return {"type": "redacted_thinking", "data": block.data}
    return {"type": "thinking", "thinking": block.thinking, "signature": block.signature}


def _stop_reason(reason: str | None) -> str | None:
    return STOP_REASONS.get(reason, reason) if reason is not None else None


def _usage(usage: Any) -> Usage:
    return Usage(input_tokens=_input_tokens(usage), output_tokens=usage.output_tokens or 0)


def _input_tokens(usage: Any) -> int:
    """Input tokens including the prompt-cache reads and writes Anthropic counts apart."""
    names = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    return sum(getattr(usage, name, None) or 0 for name in names)


@dataclass(slots=True)
class _StreamBlock:
    type: str
    id: str = ""
    name: str = ""
    parts: list[str] = field(default_factory=list)
    signature: str = ""
    data: str = ""


class _StreamState:
    """Collects a Messages API event stream into deltas and one final chunk."""

    def __init__(self) -> None:
        self.blocks: dict[int, _StreamBlock] = {}
        self.stop_reason: str | None = None
        self.input_tokens = 0
        self.output_tokens = 0
        self.model: str | None = None

    def add(self, event: Any) -> LlmStreamChunk | None:
        handler = getattr(self, "_on_" + event.type, None)
        return handler(event) if handler is not None else None

    def _on_message_start(self, event: Any) -> None:
        self.model = event.message.model
        self.input_tokens = _input_tokens(event.message.usage)
        self.output_tokens = event.message.usage.output_tokens or 0

    def _on_content_block_start(self, event: Any) -> LlmStreamChunk | None:
        start = event.content_block
        block = _StreamBlock(type=start.type)
        self.blocks[event.index] = block
        if start.type == "tool_use":
            block.id, block.name = start.id, start.name
            if start.input:
                block.parts.append(json.dumps(start.input))
        elif start.type == "redacted_thinking":
            block.data = start.data
        return self._text(block, getattr(start, "text", None) or getattr(start, "thinking", None))

    def _on_content_block_delta(self, event: Any) -> LlmStreamChunk | None:
        block = self.blocks.setdefault(event.index, _StreamBlock(type="text"))
        delta = event.delta
        if delta.type == "input_json_delta":
            block.parts.append(delta.partial_json)
        elif delta.type == "signature_delta":
            block.signature += delta.signature
        elif delta.type == "text_delta":
            return self._text(block, delta.text)
        elif delta.type == "thinking_delta":
            return self._text(block, delta.thinking)
        return None

    def _text(self, block: _StreamBlock, text: str | None) -> LlmStreamChunk | None:
        if not text:
            return None
        block.parts.append(text)
        if block.type == "thinking":
            return LlmStreamChunk(thinking=text)
        return LlmStreamChunk(content=text)

    def _on_message_delta(self, event: Any) -> None:
        self.stop_reason = event.delta.stop_reason or self.stop_reason
        usage = event.usage
        if usage is not None:
            self.output_tokens = usage.output_tokens or self.output_tokens
            if getattr(usage, "input_tokens", None):
                self.input_tokens = _input_tokens(usage)

    def kept_thinking(self) -> list[Block]:
        kept: list[Block] = []
        for _, block in sorted(self.blocks.items()):
            if block.type == "thinking":
                text = "".join(block.parts)
                kept.append({"type": "thinking", "thinking": text, "signature": block.signature})
            elif block.type == "redacted_thinking":
                kept.append({"type": "redacted_thinking", "data": block.data})
        return kept

    def final_chunk(self) -> LlmStreamChunk:
        calls = [
            _parsed_call(block)
            for _, block in sorted(self.blocks.items())
            if block.type == "tool_use"
        ]
        return LlmStreamChunk(
            tool_calls=calls or None,
            finish_reason=_stop_reason(self.stop_reason),
            usage=Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens),
            model=self.model,
        )


def _parsed_call(block: _StreamBlock) -> ToolCall:
    arguments, raw = parse_arguments("".join(block.parts))
    return ToolCall(id=block.id, name=block.name, arguments=arguments, raw_arguments=raw)
