"""ConversationFilter: transform the history before every model call.

Rides on ``FilterMessagesEvent``.  Whatever a filter returns, the pipeline
repairs tool pairs afterwards, so a filter can never leave a tool call
without its result or a result without its call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hookline.hooks.events import FilterMessagesEvent
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, Handler, HookRegistry
from hookline.llm.tokens import approximate_tokens
from hookline.llm.trimming import trim_history
from hookline.storage.models import Message

__all__ = ["ContextWindowFilter", "ConversationFilter", "ConversationFilters"]


class ConversationFilter:
    """Removes, rewrites or reorders the messages the model sees (storage is untouched).

    Example::

        class LastTenFilter(ConversationFilter):
            async def filter_messages(self, messages):
                return messages[-10:]
    """

    async def filter_messages(self, messages: list[Message]) -> list[Message]:
        return messages


class ContextWindowFilter(ConversationFilter):
    """Keeps the newest whole exchanges that fit ``max_tokens``: a user message and
    everything up to the next one go together, so a tool call is never split from its
    results; the latest exchange is always kept, system messages are never dropped.
    ``count_tokens`` defaults to ``hookline.llm.approximate_tokens``.

    The rule is ``hookline.llm.trimming``'s, the one ``ContextWindowMiddleware`` uses:
    the same history and budget keep the same messages with either.
    """

    def __init__(
        self, max_tokens: int = 8000, count_tokens: Callable[[Message], int] = approximate_tokens
    ) -> None:
        self.max_tokens = max_tokens
        self.count_tokens = count_tokens

    async def filter_messages(self, messages: list[Message]) -> list[Message]:
        return trim_history(messages, self.max_tokens, self.count_tokens)


class ConversationFilters:
    """The adapter: one labelled handler per filter; the output of one feeds the next,
    in list order (``agent.conversation.filter``, ``filter=<class name>``)."""

    def __init__(self, filters: Sequence[ConversationFilter]) -> None:
        self.filters = list(filters)

    def register_hooks(self, registry: HookRegistry) -> None:
        for conversation_filter in self.filters:
            registry.on(
                FilterMessagesEvent,
                _filter(conversation_filter),
                name="agent.conversation.filter",
                attributes={"filter": type(conversation_filter).__name__},
                **options_kwargs(conversation_filter),
            )


def _filter(conversation_filter: ConversationFilter) -> Handler[FilterMessagesEvent]:
    async def filter_messages(event: Event[FilterMessagesEvent]) -> None:
        event.data.messages = await conversation_filter.filter_messages(event.data.messages)

    return filter_messages
