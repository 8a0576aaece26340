"""AgentMiddleware: the six lifecycle hooks, as an adapter on the core's events and chains.

Each hook rides on one point of the turn (see ``docs/middleware.md``):

- ``before_agent``: ``MessageReceivedEvent.message`` (step 3)
- ``before_model``: ``FilterMessagesEvent.messages`` (step 10, before every model call)
- ``wrap_model_call``: the ``MODEL_CALL`` chain (step 13)
- ``after_model``: ``AfterLLMCallEvent`` (step 14), through a ``HookAction``
- ``wrap_tool_call``: the ``TOOL_CALL`` chain (step 16)
- ``after_agent``: ``MessageCompletedEvent.result`` (step 20)

Only the methods a subclass overrides are registered: a middleware that
does not override a hook adds nothing at that point.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from hookline.hooks.events import (
    MODEL_CALL,
    TOOL_CALL,
    AfterLLMCallEvent,
    FilterMessagesEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
    ModelCallNext,
    ToolCallNext,
    ToolInvocation,
)
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.middleware.actions import Continue, HookAction
from hookline.storage.models import Message
from hookline.tools.result import ToolResult

__all__ = ["HOOK_NAMES", "AgentMiddleware"]

_CONTINUE = Continue()


class AgentMiddleware:
    """Base class of agent middleware: six async hooks with pass-through defaults.

    Override the hooks you need; register with ``Agent(middleware=[...])`` or
    ``agent.use(mw)``.  Middleware run in list order, and the first one's
    ``wrap_*`` is the outermost layer.  A middleware is a ``HookProvider``:
    to also handle other events, override ``register_hooks``, call
    ``super().register_hooks(registry)`` and add handlers with
    ``registry.on(...)``.

    Example::

        class Shout(AgentMiddleware):
            async def after_agent(self, result: str) -> str:
                return result.upper()

        agent = Agent(llm, middleware=[Shout()])
    """

    async def before_agent(self, input: str) -> str:
        """The user's message before anything is stored; return the text that continues."""
        return input

    async def before_model(self, messages: list[Message]) -> list[Message]:
        """The history the model will see, before every model call; return what it sees.

        The stored conversation is not changed.  Tool pairs are repaired afterwards.
        """
        return messages

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        """Around the model call: call ``call_next`` zero, one or several times."""
        return await call_next(request)

    async def after_model(self, response: LlmResponse) -> HookAction:
        """Judge a response: ``Continue``, ``Approve``, ``Reject``, ``Modify`` or ``Retry``."""
        return _CONTINUE

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        """Around one tool call: call ``call_next`` zero, one or several times."""
        return await call_next(invocation)

    async def after_agent(self, result: str) -> str:
        """The final text of the turn (what ``Agent.run`` returns)."""
        return result

    # -- registration ---------------------------------------------------------------

    def active_hooks(self) -> frozenset[str]:
        """The hooks ``register_hooks`` registers: the ones this class overrides.

        Override to narrow the set from configuration (``RetryMiddleware``
        with ``tools=False`` drops ``"wrap_tool_call"``).
        """
        cls = type(self)
        return frozenset(
            name for name in HOOK_NAMES if getattr(cls, name) is not getattr(AgentMiddleware, name)
        )

    def register_hooks(self, registry: HookRegistry) -> None:
        """Register the active hooks on ``registry`` (and nothing else)."""
        active = self.active_hooks()
        if "before_agent" in active:
            registry.on(MessageReceivedEvent, _before_agent_handler(self.before_agent))
        if "before_model" in active:
            registry.on(FilterMessagesEvent, _before_model_handler(self.before_model))
        if "wrap_model_call" in active:
            registry.wrap(MODEL_CALL, self.wrap_model_call)
        if "after_model" in active:
            registry.on(AfterLLMCallEvent, _after_model_handler(self, self.after_model))
        if "wrap_tool_call" in active:
            registry.wrap(TOOL_CALL, self.wrap_tool_call)
        if "after_agent" in active:
            registry.on(MessageCompletedEvent, _after_agent_handler(self.after_agent))


HOOK_NAMES = (
    "before_agent",
    "before_model",
    "wrap_model_call",
    "after_model",
    "wrap_tool_call",
    "after_agent",
)
"""The six hooks, in turn order."""


def _before_agent_handler(
    hook: Callable[[str], Awaitable[str]],
) -> Callable[[Event[MessageReceivedEvent]], Awaitable[None]]:
    async def before_agent(event: Event[MessageReceivedEvent]) -> None:
        data = event.data
        data.message = await hook(data.message)

    return before_agent


def _before_model_handler(
    hook: Callable[[list[Message]], Awaitable[list[Message]]],
) -> Callable[[Event[FilterMessagesEvent]], Awaitable[None]]:
    async def before_model(event: Event[FilterMessagesEvent]) -> None:
        data = event.data
        data.messages = await hook(data.messages)

    return before_model


def _after_model_handler(
    middleware: AgentMiddleware, hook: Callable[[LlmResponse], Awaitable[HookAction]]
) -> Callable[[Event[AfterLLMCallEvent]], Awaitable[None]]:
    async def after_model(event: Event[AfterLLMCallEvent]) -> None:
        data = event.data
        if data.reject_reason is not None:
            return  # rejected: final, later middleware are not asked
        action = await hook(data.response)
        if type(action) is Continue:
            return
        try:
            apply = action.apply_to
        except AttributeError:
            raise TypeError(
                f"{type(middleware).__name__}.after_model must return a HookAction "
                f"(Continue, Approve, Reject, Modify or Retry), not {action!r}"
            ) from None
        apply(data)

    return after_model


def _after_agent_handler(
    hook: Callable[[str], Awaitable[str]],
) -> Callable[[Event[MessageCompletedEvent]], Awaitable[None]]:
    async def after_agent(event: Event[MessageCompletedEvent]) -> None:
        data = event.data
        data.result = await hook(data.result)

    return after_agent
