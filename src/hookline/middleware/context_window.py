"""ContextWindowMiddleware: keep the history the model sees within a token budget."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

from hookline.llm.base import LlmService
from hookline.llm.models import LlmMessage, LlmRequest
from hookline.llm.tokens import approximate_tokens
from hookline.llm.trimming import exchange_starts, kept_messages, trim_cut
from hookline.middleware.base import AgentMiddleware
from hookline.storage.models import Message

__all__ = ["DEFAULT_SUMMARY_PROMPT", "ContextWindowMiddleware"]

DEFAULT_SUMMARY_PROMPT = (
    "Summarise the earlier part of a conversation between a user and an assistant, "
    "for the assistant's own reference. Keep facts, names, numbers, decisions and open "
    "questions; drop pleasantries. Be brief."
)
SUMMARY_HEADER = "[Summary of the earlier conversation]"


class ContextWindowMiddleware(AgentMiddleware):
    """Drops the oldest exchanges so the model-bound history fits ``max_tokens``.

    An exchange is a user message and everything up to the next one (the
    assistant's tool calls, their results, its answer), so a tool call is
    never separated from its result.  The latest exchange is always kept,
    even when it alone is over budget; system messages are never dropped.
    The rule is ``hookline.llm.trimming``'s, the one ``ContextWindowFilter``
    uses: without a summarizer both keep the same messages.  ``count_tokens(message) -> int``
    defaults to ``hookline.llm.approximate_tokens``; pass your tokenizer for precision.

    With a ``summarizer`` (an LlmService), the dropped part is summarised and
    the summary goes first, as one user message; ``summary_max_tokens`` of
    the budget are kept free for it.  Summaries are cached per dropped
    prefix, and a longer prefix is summarised from the previous summary plus
    the newly dropped messages, so each message is summarised once.
    The stored conversation is never changed: this is what the model sees.
    ``dropped`` counts the messages dropped, over all calls.

    Example::

        agent = Agent(llm, middleware=[ContextWindowMiddleware(max_tokens=8000)])
    """

    def __init__(
        self,
        max_tokens: int,
        count_tokens: Callable[[LlmMessage], int] | None = None,
        summarizer: LlmService | None = None,
        *,
        summary_prompt: str = DEFAULT_SUMMARY_PROMPT,
        summary_max_tokens: int = 500,
        max_cached_summaries: int = 256,
    ) -> None:
        if max_tokens < 1:
            raise ValueError("max_tokens must be at least 1")
        self.max_tokens = max_tokens
        self.count_tokens = count_tokens or approximate_tokens
        self.summarizer = summarizer
        self.summary_prompt = summary_prompt
        self.summary_max_tokens = summary_max_tokens
        self.max_cached_summaries = max_cached_summaries
        self.dropped = 0
        self._summaries: OrderedDict[str, str] = OrderedDict()

    async def before_model(self, messages: list[Message]) -> list[Message]:
        sizes = [self.count_tokens(m) for m in messages]
        if sum(sizes) <= self.max_tokens:
            return messages
        budget = self.max_tokens
        if self.summarizer is not None:
            budget -= self.summary_max_tokens
        cut = trim_cut(messages, sizes, budget)  # the rule ContextWindowFilter uses too
        if cut == 0:
            return messages
        kept = kept_messages(messages, cut)
        self.dropped += len(messages) - len(kept)
        if self.summarizer is None:
            return kept
        summary = await self._summary(messages, cut)
        note = Message(
            role="user",
            content=f"{SUMMARY_HEADER}\n{summary}",
            metadata={"hookline": "context_summary", "transient": True},
        )
        pinned = len(kept) - (len(messages) - cut)  # system messages of the dropped part
        return [*kept[:pinned], note, *kept[pinned:]]

    async def _summary(self, messages: list[Message], cut: int) -> str:
        starts = exchange_starts(messages)
        keys = _prefix_keys(messages, [s for s in starts if 0 < s <= cut])
        key = keys[cut]
        cached = self._summaries.get(key)
        if cached is not None:
            self._summaries.move_to_end(key)
            return cached
        previous, since = "", 0
        for start in sorted(keys, reverse=True):
            if start < cut and keys[start] in self._summaries:
                previous, since = self._summaries[keys[start]], start
                break
        dropped = [m for m in messages[since:cut] if m.role != "system"]  # those are kept
        summary = await self._summarise(previous, dropped)
        self._summaries[key] = summary
        while len(self._summaries) > self.max_cached_summaries:
            self._summaries.popitem(last=False)
        return summary

    async def _summarise(self, previous: str, messages: Sequence[LlmMessage]) -> str:
        assert self.summarizer is not None
        parts = [f"Summary so far:\n{previous}\n\nMore of the conversation:"] if previous else []
        parts.extend(_transcript_line(m) for m in messages)
        request = LlmRequest(
            system_prompt=self.summary_prompt,
            messages=[LlmMessage(role="user", content="\n".join(parts))],
            max_tokens=self.summary_max_tokens,
        )
        response = await self.summarizer.send_request(request)
        return (response.content or "").strip()


def _prefix_keys(messages: Sequence[LlmMessage], ends: list[int]) -> dict[int, str]:
    """A rolling hash of ``messages[:end]`` for each ``end``."""
    import hashlib  # here: importing hookline stays fast

    digest = hashlib.sha256()
    keys: dict[int, str] = {}
    position = 0
    for end in sorted(ends):
        for message in messages[position:end]:
            digest.update(_transcript_line(message).encode("utf-8"))
            digest.update(b"\x00")
        position = end
        keys[end] = digest.copy().hexdigest()
    return keys


def _transcript_line(message: LlmMessage) -> str:
    text = message.content or ""
    if message.tool_calls:
        calls = ", ".join(f"{c.name}({c.arguments})" for c in message.tool_calls)
        text = f"{text} [calls {calls}]".strip()
    if message.role == "tool":
        return f"tool {message.name or ''} result: {text}"
    return f"{message.role}: {text}"
