"""LlmContextEnhancer: add context to the system prompt (once per turn) and to the
model-bound messages (before every model call).

Rides on ``SystemPromptEvent`` and ``EnhanceMessagesEvent``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from hookline.extensions.lifecycle import overrides
from hookline.extensions.observability import tolerated
from hookline.hooks.events import EnhanceMessagesEvent, SystemPromptEvent
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import LlmMessage
from hookline.memory.base import AgentMemory
from hookline.tools.context import ToolContext
from hookline.users.models import User

__all__ = ["DefaultLlmContextEnhancer", "LlmContextEnhancer", "LlmContextEnhancerAdapter"]

logger = logging.getLogger("hookline.extensions")

MEMORY_HEADING = "## Relevant Context from Memory"


class LlmContextEnhancer:
    """Injects context (memory, docs, dates) into what the model sees.

    Example::

        class DateEnhancer(LlmContextEnhancer):
            async def enhance_system_prompt(self, system_prompt, user_message, user):
                return f"{system_prompt}\\n\\nToday is {date.today()}."
    """

    async def enhance_system_prompt(self, system_prompt: str, user_message: str, user: User) -> str:
        """Called once per turn, before the first model call."""
        return system_prompt

    async def enhance_user_messages(
        self, messages: list[LlmMessage], user: User
    ) -> list[LlmMessage]:
        """Called before every model call; mind not to add the same context twice."""
        return messages


class DefaultLlmContextEnhancer(LlmContextEnhancer):
    """Appends the text memories relevant to the user's message to the system prompt.

    A failing memory search is not fatal: the prompt is returned unchanged,
    the failure is logged and counted (``failures``, and ``on_failure``).
    """

    def __init__(self, agent_memory: AgentMemory | None, *, limit: int = 5) -> None:
        self.agent_memory = agent_memory
        self.limit = limit
        self.failures = 0
        self.on_failure: Callable[[BaseException], Awaitable[None]] | None = None

    async def enhance_system_prompt(self, system_prompt: str, user_message: str, user: User) -> str:
        if self.agent_memory is None or not user_message.strip():
            return system_prompt
        context = ToolContext(
            user=user,
            conversation_id="temp",
            request_id="memory-search",
            agent_memory=self.agent_memory,
        )
        try:
            found = await self.agent_memory.search_text_memories(
                user_message, context, limit=self.limit
            )
        except Exception as error:
            self.failures += 1
            logger.warning("memory search failed (%s); prompt unchanged", type(error).__name__)
            if self.on_failure is not None:
                await self.on_failure(error)
            return system_prompt
        if not found:
            return system_prompt
        bullets = "\n".join(f"- {result.memory.content}" for result in found)
        return f"{system_prompt}\n\n{MEMORY_HEADING}\n\n{bullets}"


class LlmContextEnhancerAdapter:
    """The adapter: registers only the methods the enhancer overrides, labelled
    ``agent.llm_context.<method>`` (``enhancer=<class name>``).  A failing memory
    search of the default enhancer is reported as an ``ErrorToleratedEvent``."""

    def __init__(self, enhancer: LlmContextEnhancer) -> None:
        self.enhancer = enhancer

    def register_hooks(self, registry: HookRegistry) -> None:
        label = {"enhancer": type(self.enhancer).__name__}
        if overrides(self.enhancer, LlmContextEnhancer, "enhance_system_prompt"):
            registry.on(
                SystemPromptEvent,
                self._system_prompt,
                name="agent.llm_context.enhance_system_prompt",
                attributes=label,
                **options_kwargs(self.enhancer),
            )
        if overrides(self.enhancer, LlmContextEnhancer, "enhance_user_messages"):
            registry.on(
                EnhanceMessagesEvent,
                self._messages,
                name="agent.llm_context.enhance_user_messages",
                attributes=label,
                **options_kwargs(self.enhancer),
            )
        if isinstance(self.enhancer, DefaultLlmContextEnhancer) and not self.enhancer.on_failure:
            self.enhancer.on_failure = tolerated(registry, "memory_search")

    async def _system_prompt(self, event: Event[SystemPromptEvent]) -> None:
        data = event.data
        data.system_prompt = await self.enhancer.enhance_system_prompt(
            data.system_prompt or "", data.user_message, data.user
        )

    async def _messages(self, event: Event[EnhanceMessagesEvent]) -> None:
        data = event.data
        data.messages = await self.enhancer.enhance_user_messages(data.messages, data.user)
