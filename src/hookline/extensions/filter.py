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
    """Keeps the newest messages that fit ``max_tokens``, never splitting a tool
    call from its results (an assistant message and its results go together),
    and always keeps the newest user message.  ``count_tokens`` defaults to
    ``hookline.llm.approximate_tokens``.
    """

    def __init__(
        self, max_tokens: int = 8000, count_tokens: Callable[[Message], int] = approximate_tokens
    ) -> None:
        self.max_tokens = max_tokens
        self.count_tokens = count_tokens

    async def filter_messages(self, messages: list[Message]) -> list[Message]:
        units = _units(messages)
        kept: list[list[Message]] = []
        total = 0
        for unit in reversed(units):
            size = sum(self.count_tokens(m) for m in unit)
            fits = total + size <= self.max_tokens
            newest_user = unit[0].role == "user" and not _has_user(kept)
            if fits or not kept or newest_user:
                kept.append(unit)
                total += size
            elif _has_user(kept):
                break  # older messages are dropped whole, oldest first
        return [message for unit in reversed(kept) for message in unit]


def _units(messages: list[Message]) -> list[list[Message]]:
    """Messages grouped so that tool results stay with the call that asked for them."""
    units: list[list[Message]] = []
    for message in messages:
        if message.role == "tool" and units:
            units[-1].append(message)
        else:
            units.append([message])
    return units


def _has_user(units: list[list[Message]]) -> bool:
    return any(unit[0].role == "user" for unit in units)


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
