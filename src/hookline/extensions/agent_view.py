"""AgentView: what an extension may use of the agent it serves.

Extension points (``WorkflowHandler``, ``install_extension_points``) take an
``AgentView``, not ``Agent``: the agent package sits above the extensions (see
docs/architecture.md), and what an extension reads of an agent is written here,
in one place.  ``Agent`` has every member, so an agent is passed as it is.
"""

from __future__ import annotations

from typing import Protocol

from hookline.hooks.registry import HookRegistry
from hookline.llm.base import LlmService
from hookline.memory.base import AgentMemory
from hookline.storage.base import ConversationStore
from hookline.tools.registry import ToolRegistry

__all__ = ["AgentView"]


class AgentView(Protocol):
    """The agent as an extension sees it: its name, model, tools, memory, store and hooks.

    Example::

        class ToolCount(WorkflowHandler):
            async def try_handle(self, agent: AgentView, user, conversation, message):
                schemas = await agent.tool_registry.get_schemas(user)
                ...
    """

    @property
    def name(self) -> str: ...

    @property
    def llm_service(self) -> LlmService: ...

    @property
    def tool_registry(self) -> ToolRegistry: ...

    @property
    def agent_memory(self) -> AgentMemory | None: ...

    @property
    def conversation_store(self) -> ConversationStore: ...

    @property
    def hooks(self) -> HookRegistry: ...
