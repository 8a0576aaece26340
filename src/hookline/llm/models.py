"""What goes to a model and what comes back: requests, responses, stream chunks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from hookline._model import Model

__all__ = [
    "LlmMessage",
    "LlmRequest",
    "LlmResponse",
    "LlmStreamChunk",
    "Role",
    "ToolCall",
    "ToolSchema",
    "Usage",
]

Role = Literal["system", "user", "assistant", "tool"]


class ToolCall(Model):
    """A call the model asked for.

    ``raw_arguments`` keeps the model's text when it was not valid JSON, so the
    tool registry can tell the model what was wrong.
    """

    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    raw_arguments: str | None = None


class ToolSchema(Model):
    """A tool as offered to the model: name, description, JSON-schema parameters."""

    name: str
    description: str
    parameters: dict[str, Any]
    access_groups: list[str] = Field(default_factory=list)


class LlmMessage(Model):
    """One message in provider-neutral form.

    ``tool_calls`` on an assistant message; ``tool_call_id`` (and ``name``) on a
    tool result message.
    """

    role: Role
    content: str | None = None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class Usage(Model):
    """Token counts of one or more model calls."""

    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class LlmRequest(Model):
    """A model call. ``model`` None means the service's configured model."""

    messages: list[LlmMessage]
    system_prompt: str | None = None
    tools: list[ToolSchema] | None = None
    model: str | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    stream: bool = False
    metadata: dict[str, Any] = Field(default_factory=dict)


REPLAY_KEY = "provider_replay"
"""``LlmResponse.metadata[REPLAY_KEY]``: what the provider needs back with this assistant
message in later requests (Anthropic: the thinking blocks before tool calls, with their
signatures).  The turn stores it in the assistant ``Message.metadata`` under the same key,
so a conversation continued in another process (an approval after a restart) still has
it.  JSON-serialisable; other providers ignore it."""


TOOL_CHOICE_KEY = "tool_choice"
"""``LlmRequest.metadata[TOOL_CHOICE_KEY]``: the model must call a tool: ``"required"``
(one of ``tools``) or ``{"name": "<tool>"}`` (that one).  The OpenAI and Anthropic
services pass it as their ``tool_choice``; the local model's reply schema keeps only the
tool branches.  Absent: the model chooses (``"auto"``)."""


class LlmResponse(Model):
    """A model's answer: text and/or tool calls, with finish reason and usage."""

    content: str | None = None
    tool_calls: list[ToolCall] | None = None
    thinking: str | None = None
    finish_reason: str | None = None
    usage: Usage | None = None
    model: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    def is_tool_call(self) -> bool:
        """True when the model asked for at least one tool call."""
        return bool(self.tool_calls)


@dataclass(kw_only=True, slots=True)
class LlmStreamChunk:
    """One piece of a streamed answer. Tool calls arrive complete, not as deltas.

    ``metadata`` entries end up in the streamed ``LlmResponse.metadata``.  A plain
    dataclass, not a validated model: a provider's adapter makes one per token, from
    values its SDK has parsed already (``StreamAccumulator`` builds the validated
    ``LlmResponse`` once, at the end).

    Example::

        LlmStreamChunk(content="Hel")
    """

    content: str | None = None
    thinking: str | None = None
    tool_calls: list[ToolCall] | None = None
    finish_reason: str | None = None
    usage: Usage | None = None
    model: str | None = None
    metadata: dict[str, Any] | None = None
