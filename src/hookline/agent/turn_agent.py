"""TurnAgent: what a turn and its steps use of the agent that runs them.

``Turn`` and the steps below it (crash recovery, ...) take a ``TurnAgent``, not
``Agent``: the agent builds turns, so a turn that imported it would close a
circle (see docs/architecture.md).  ``Agent`` has every member.
"""

from __future__ import annotations

from collections.abc import Awaitable
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from hookline.agent.config import AgentConfig
from hookline.agent.system_prompt import SystemPromptBuilder
from hookline.extensions.observability import ObservabilityProvider
from hookline.hooks.events import ToolInvocation
from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.memory.base import AgentMemory
from hookline.storage.base import ConversationStore
from hookline.tools.registry import ToolRegistry
from hookline.tools.result import ToolResult
from hookline.users.resolvers import UserResolver

__all__ = ["TurnAgent"]


class TurnAgent(Protocol):
    """The agent as its turns see it: its parts, its lock and its tool terminal.

    Example::

        async def stored(agent: TurnAgent, conversation_id: str, user: User) -> Conversation | None:
            return await agent.conversation_store.get_conversation(conversation_id, user)
    """

    @property
    def config(self) -> AgentConfig: ...

    @property
    def hooks(self) -> HookRegistry: ...

    @property
    def llm_service(self) -> LlmService: ...

    @property
    def tool_registry(self) -> ToolRegistry: ...

    @property
    def user_resolver(self) -> UserResolver: ...

    @property
    def agent_memory(self) -> AgentMemory | None: ...

    @property
    def conversation_store(self) -> ConversationStore: ...

    @property
    def system_prompt_builder(self) -> SystemPromptBuilder: ...

    @property
    def observability_provider(self) -> ObservabilityProvider | None: ...

    def copy(self, *, hooks: HookRegistry | None = None) -> TurnAgent:
        """The agent with another registry (see ``Agent.copy``)."""
        ...

    def turn_lock(self, conversation_id: str) -> AbstractAsyncContextManager[None]:
        """What one turn holds on ``conversation_id`` (see ``Agent.turn_lock``)."""
        ...

    def wants_streaming(self, hooks: HookRegistry) -> bool:
        """True when a delta handler is registered."""
        ...

    def execute_tool(self, invocation: ToolInvocation) -> Awaitable[ToolResult]:
        """The innermost layer of the tool chain."""
        ...
