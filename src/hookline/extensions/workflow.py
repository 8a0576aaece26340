"""WorkflowHandler: answer deterministically, without the model (commands, quotas,
onboarding), and provide the starter UI.

Rides on ``HandleMessageEvent`` (try_handle, step 5; ``SlashCommandEvent`` for a
handler of ``commands_only``) and ``StarterUiEvent`` (get_starter_ui, step 2).  A
raising ``try_handle`` falls through to the model (logged and counted), except for
``AgentError``, which halts the turn as it does in ``before_message``; a raising
``get_starter_ui`` falls through.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass

from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.extensions.agent_view import AgentView
from hookline.extensions.observability import tolerated
from hookline.hooks.events import HandleMessageEvent, SlashCommandEvent, StarterUiEvent
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, HookRegistry
from hookline.storage.models import Conversation
from hookline.tools.approval import ApprovalDecision
from hookline.users.models import User

__all__ = [
    "CompositeWorkflowHandler",
    "WorkflowAdapter",
    "WorkflowHandler",
    "WorkflowResult",
    "resume_with",
]

logger = logging.getLogger("hookline.extensions")


@dataclass
class WorkflowResult:
    """``should_skip_llm=True`` answers with ``components`` (a list or an async
    generator); ``conversation_mutation`` runs after they are streamed and before
    the conversation is saved.  The user's message is not added to the history.

    ``decisions`` (with ``should_skip_llm=True``) continue the paused turn with a
    reviewer's decisions instead, as ``Agent.resume`` does: what ``/approve`` and
    ``/reject`` return (see ``resume_with``).
    """

    should_skip_llm: bool
    components: list[UiComponent] | AsyncIterator[UiComponent] | None = None
    conversation_mutation: Callable[[Conversation], Awaitable[None]] | None = None
    decisions: dict[str, ApprovalDecision] | None = None


def resume_with(decisions: dict[str, ApprovalDecision]) -> WorkflowResult:
    """The result that continues the paused turn with ``decisions`` (keyed by call id)."""
    return WorkflowResult(should_skip_llm=True, decisions=decisions)


PASS_THROUGH = WorkflowResult(should_skip_llm=False)


class WorkflowHandler:
    """Decides, before the model, whether a message is answered deterministically.

    Example::

        class SlashCommandWorkflow(WorkflowHandler):
            async def try_handle(self, agent, user, conversation, message):
                if message.strip() == "/ping":
                    return WorkflowResult(should_skip_llm=True, components=[pong])
                return WorkflowResult(should_skip_llm=False)
    """

    commands_only: bool = False
    """True when ``try_handle`` answers nothing but slash commands (messages that start
    with "/"): it is then asked about those only, and a plain message costs nothing.
    Read once, when the agent registers the handler."""

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        """Answer (``should_skip_llm=True``) or pass to the model."""
        raise NotImplementedError(f"{type(self).__name__} must implement try_handle")

    async def get_starter_ui(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent] | None:
        """Components shown when a conversation starts; None for none."""
        return None


class CompositeWorkflowHandler(WorkflowHandler):
    """Several handlers in order: the first that answers wins; the first starter UI wins."""

    def __init__(self, handlers: Sequence[WorkflowHandler]) -> None:
        self.handlers = list(handlers)
        self.commands_only = all(handler.commands_only for handler in self.handlers)

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        for handler in self.handlers:
            result = await handler.try_handle(agent, user, conversation, message)
            if result.should_skip_llm:
                return result
        return PASS_THROUGH

    async def get_starter_ui(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent] | None:
        for handler in self.handlers:
            components = await handler.get_starter_ui(agent, user, conversation)
            if components:
                return components
        return None


class WorkflowAdapter:
    """The adapter: ``try_handle`` on ``HandleMessageEvent`` (``SlashCommandEvent``
    when the handler is ``commands_only``), ``get_starter_ui`` on ``StarterUiEvent``;
    failures fall through, logged and counted."""

    def __init__(self, handler: WorkflowHandler, agent: AgentView) -> None:
        self.handler = handler
        self.agent = agent
        self._report: Callable[[BaseException], Awaitable[None]] | None = None

    def register_hooks(self, registry: HookRegistry) -> None:
        self._report = tolerated(registry, "workflow")
        options = options_kwargs(self.handler)
        asked_on = SlashCommandEvent if self.handler.commands_only else HandleMessageEvent
        registry.on(asked_on, self._try_handle, **options)
        registry.on(StarterUiEvent, self._starter_ui, **options)

    async def _try_handle(self, event: Event[HandleMessageEvent]) -> None:
        data = event.data
        try:
            result = await self.handler.try_handle(
                self.agent, data.user, data.conversation, data.message
            )
        except AgentError:
            raise  # a deliberate halt (a malformed /approve), not a failure
        except Exception as error:
            await self._tolerate("try_handle", error)
            return
        if result.should_skip_llm:
            data.handled = True
            data.components = result.components
            data.conversation_mutation = result.conversation_mutation
            data.decisions = result.decisions

    async def _starter_ui(self, event: Event[StarterUiEvent]) -> None:
        data = event.data
        try:
            components = await self.handler.get_starter_ui(self.agent, data.user, data.conversation)
        except Exception as error:
            await self._tolerate("get_starter_ui", error)
            return
        if components:
            data.components = list(components)

    async def _tolerate(self, method: str, error: Exception) -> None:
        logger.error(
            "%s.%s failed; continuing without it",
            type(self.handler).__name__,
            method,
            exc_info=error,
        )
        if self._report is not None:
            await self._report(error)
