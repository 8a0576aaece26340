"""Turning a stream of chunks into UI deltas and one complete LlmResponse."""

from __future__ import annotations

from typing import Any

from hookline.components.base import UiComponent
from hookline.components.rich import RichTextComponent, StatusCardComponent
from hookline.components.simple import SimpleTextComponent
from hookline.hooks.stream import GuardrailTripped, StreamTransformer
from hookline.llm.models import LlmResponse, LlmStreamChunk, ToolCall, Usage

__all__ = [
    "StreamAccumulator",
    "StreamGuard",
    "broken_off_component",
    "stopped_note",
    "text_component",
]


def text_component(text: str, *, delta: bool = False) -> UiComponent:
    """A text component (a streamed piece when ``delta``)."""
    return UiComponent(
        rich_component=RichTextComponent(content=text, delta=delta),
        simple_component=SimpleTextComponent(text=text),
    )


def broken_off_component() -> UiComponent:
    """Ends the text of a streamed answer that broke off: what follows replaces it.

    Shown before a retried or fallback answer (a client starts a new text block
    after a status card).
    """
    return UiComponent(
        rich_component=StatusCardComponent(
            title="The answer broke off",
            status="warning",
            description="The model's stream failed; the answer below replaces the text above.",
        ),
        simple_component=SimpleTextComponent(text="\n[the answer broke off; it starts again]\n"),
    )


class StreamAccumulator:
    """Collects chunks so the streamed answer ends as one ``LlmResponse`` that keeps
    content, thinking, tool calls, finish reason and usage.
    """

    __slots__ = (
        "_content",
        "_thinking",
        "finish_reason",
        "metadata",
        "model",
        "tool_calls",
        "usage",
    )

    def __init__(self) -> None:
        self._content: list[str] = []
        self._thinking: list[str] = []
        self.tool_calls: list[ToolCall] = []
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.model: str | None = None
        self.metadata: dict[str, Any] | None = None

    def add(self, chunk: LlmStreamChunk) -> None:
        if chunk.content:
            self._content.append(chunk.content)
        if chunk.thinking:
            self._thinking.append(chunk.thinking)
        if chunk.tool_calls:
            self.tool_calls.extend(chunk.tool_calls)
        if chunk.finish_reason is not None:
            self.finish_reason = chunk.finish_reason
        if chunk.usage is not None:
            self.usage = chunk.usage  # providers send the turn's total; the last one wins
        if chunk.model is not None:
            self.model = chunk.model
        if chunk.metadata:
            self.metadata = {**(self.metadata or {}), **chunk.metadata}

    def response(self) -> LlmResponse:
        response = LlmResponse(
            content="".join(self._content) or None,
            thinking="".join(self._thinking) or None,
            tool_calls=self.tool_calls or None,
            finish_reason=self.finish_reason,
            usage=self.usage,
            model=self.model,
        )
        if self.metadata:  # rare (provider replay data): no dict to validate otherwise
            response.metadata.update(self.metadata)
        return response


class StreamGuard:
    """The ordered chain of ``StreamTransformer``s of one model answer.

    ``feed`` and ``flush`` run the text through every transformer in order
    (what one holds back, the next has not seen yet); ``shown`` is everything
    let through, which becomes the answer's stored text.  A transformer's
    ``GuardrailTripped`` goes up to the caller.
    """

    __slots__ = ("shown", "transformers")

    def __init__(self, transformers: list[StreamTransformer]) -> None:
        self.transformers = transformers
        self.shown: list[str] = []

    def feed(self, text: str) -> str:
        for transformer in self.transformers:
            text = transformer.feed(text)
            if not text:
                return ""
        self.shown.append(text)
        return text

    def flush(self) -> str:
        text = ""
        for transformer in self.transformers:
            text = (transformer.feed(text) if text else "") + transformer.flush()
        if text:
            self.shown.append(text)
        return text

    def whole(self, text: str) -> str:
        """A complete (unstreamed) answer through the chain."""
        return self.feed(text) + self.flush()

    def text(self) -> str:
        return "".join(self.shown)


def stopped_note(tripped: GuardrailTripped, shown: str = "") -> str:
    """The end a user sees when a guardrail stops an answer (after ``shown``, the text
    already let through): the guardrail's own ``note``, or "[stopped by <guardrail>]"."""
    if tripped.note is None:
        return f"\n\n[{tripped}]"
    return f"\n\n{tripped.note}" if shown.strip() else tripped.note
