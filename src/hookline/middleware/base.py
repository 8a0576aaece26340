"""AgentMiddleware: the six lifecycle hooks, as an adapter on the core's events and chains.

Each hook rides on one point of the turn (see ``docs/middleware.md``):

- ``before_agent``: ``MessageReceivedEvent.message`` (step 3)
- ``before_model``: ``FilterMessagesEvent.messages`` (step 10, before every model call)
- ``wrap_model_call``: the ``MODEL_CALL`` chain (step 13)
- ``after_model``: ``AfterLLMCallEvent`` (step 14), through a ``HookAction``
- ``wrap_tool_call``: the ``TOOL_CALL`` chain (step 16)
- ``after_agent``: ``MessageCompletedEvent.result`` (step 20)

and two error hooks: ``on_model_error`` (``ModelErrorEvent``) and
``on_tool_error`` (``ToolErrorEvent``).  The class attributes ``priority``,
``on_error`` and ``timeout_s`` apply to every hook the middleware registers
(the hook contract, docs/hooks.md).

Only the methods a subclass overrides are registered: a middleware that
does not override a hook adds nothing at that point.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from hookline.hooks.events import (
    MODEL_CALL,
    TOOL_CALL,
    AfterLLMCallEvent,
    FilterMessagesEvent,
    MessageCompletedEvent,
    MessageReceivedEvent,
    ModelCallNext,
    ModelErrorEvent,
    ToolCallNext,
    ToolErrorEvent,
    ToolInvocation,
)
from hookline.hooks.options import OnError
from hookline.hooks.registry import Event, HookRegistry
from hookline.llm.models import LlmRequest, LlmResponse, ToolCall
from hookline.middleware.actions import Continue, HookAction
from hookline.storage.models import Message
from hookline.tools.result import ToolResult

__all__ = ["ERROR_HOOK_NAMES", "HOOK_NAMES", "AgentMiddleware"]

_CONTINUE = Continue()
StepT = TypeVar("StepT")


class AgentMiddleware:
    """Base class of agent middleware: six async hooks with pass-through defaults.

    Override the hooks you need; register with ``Agent(middleware=[...])`` or
    ``agent.use(mw)``.  Middleware run in list order, and the first one's
    ``wrap_*`` is the outermost layer.  A middleware is a ``HookProvider``:
    to also handle other events, override ``register_hooks``, call
    ``super().register_hooks(registry)`` and add handlers with
    ``registry.on(...)``.

    ``priority`` (higher runs first, its wrappers outermost), ``on_error``
    ("raise", "log", "skip_step") and ``timeout_s`` are class attributes (or
    instance attributes set before registration) applied to all its hooks.

    Example::

        class Shout(AgentMiddleware):
            priority = 10  # before the default-priority middleware

            async def after_agent(self, result: str) -> str:
                return result.upper()

        agent = Agent(llm, middleware=[Shout()])
    """

    priority: int = 0
    on_error: OnError = "raise"
    timeout_s: float | None = None

    async def before_agent(self, input: str) -> str:
        """The user's message before anything is stored; return the text that continues.

        A handler of ``MessageReceivedEvent``, as ``LifecycleHook.before_message``:
        the same rules (agent/message_gate.py) apply to both; raise ``AgentError`` to halt.
        """
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

    async def on_model_error(self, request: LlmRequest, error: Exception) -> LlmResponse | None:
        """The model call failed: return a response to answer instead, or None."""
        return None

    async def on_tool_error(self, call: ToolCall, error: Exception) -> ToolResult | None:
        """A tool call failed (the tool or the tool chain raised): return a result to
        use instead, or None."""
        return None

    # -- registration ---------------------------------------------------------------

    def active_hooks(self) -> frozenset[str]:
        """The hooks ``register_hooks`` registers: the ones this class overrides.

        Override to narrow the set from configuration (``RetryMiddleware``
        with ``tools=False`` drops ``"wrap_tool_call"``).
        """
        cls = type(self)
        return frozenset(
            name
            for name in (*HOOK_NAMES, *ERROR_HOOK_NAMES)
            if getattr(cls, name) is not getattr(AgentMiddleware, name)
        )

    def register_hooks(self, registry: HookRegistry) -> None:
        """Register the active hooks on ``registry`` (and nothing else).

        The event hooks (``before_agent``, ``before_model``, ``after_model``,
        ``after_agent``) of middleware registered one right after another
        share one handler per event, which runs them in registration order:
        five middleware cost one event handler, not five (benchmarks/peers/run.py).  A handler
        registered in between starts a new one, so the order across all
        handlers is exactly the registration order.
        """
        active = self.active_hooks()
        if "before_agent" in active:
            _stack(registry, MessageReceivedEvent, _BeforeAgent).steps.append(self.before_agent)
        if "before_model" in active:
            _stack(registry, FilterMessagesEvent, _BeforeModel).steps.append(self.before_model)
        if "wrap_model_call" in active:
            registry.wrap(MODEL_CALL, self.wrap_model_call)
        if "after_model" in active:
            _stack(registry, AfterLLMCallEvent, _AfterModel).steps.append((self, self.after_model))
        if "wrap_tool_call" in active:
            registry.wrap(TOOL_CALL, self.wrap_tool_call)
        if "after_agent" in active:
            _stack(registry, MessageCompletedEvent, _AfterAgent).steps.append(self.after_agent)
        if "on_model_error" in active:
            registry.on(ModelErrorEvent, self._model_error)
        if "on_tool_error" in active:
            registry.on(ToolErrorEvent, self._tool_error)

    async def _model_error(self, event: Event[ModelErrorEvent]) -> None:
        data = event.data
        if data.response is None:  # an earlier handler has not answered already
            data.response = await self.on_model_error(data.request, data.error)

    async def _tool_error(self, event: Event[ToolErrorEvent]) -> None:
        data = event.data
        if data.result is None:
            data.result = await self.on_tool_error(data.call, data.error)


HOOK_NAMES = (
    "before_agent",
    "before_model",
    "wrap_model_call",
    "after_model",
    "wrap_tool_call",
    "after_agent",
)
"""The six hooks, in turn order."""

ERROR_HOOK_NAMES = ("on_model_error", "on_tool_error")
"""The two error hooks (registered, like the six, only when overridden)."""

StackT = TypeVar("StackT", bound="_Stack[Any]")


class _Stack(Generic[StepT]):
    """One event handler running one hook of adjacent middleware, in order."""

    __slots__ = ("owner", "steps")

    def __init__(self, owner: HookRegistry) -> None:
        self.owner = owner  # only this registry extends it (not its copies or views)
        self.steps: list[StepT] = []

    async def run(self, event: Event[Any]) -> None:
        """The handler (a bound method: called faster than an object's ``__call__``)."""
        raise NotImplementedError


def _stack(registry: HookRegistry, event_type: type[Any], kind: type[StackT]) -> StackT:
    """The stack of ``kind`` that runs last for ``event_type``, or a new one."""
    handlers = registry.handlers(event_type)
    last = getattr(handlers[-1], "__self__", None) if handlers else None
    if isinstance(last, kind) and last.owner is registry:
        return last
    stack = kind(registry)
    registry.on(event_type, stack.run)
    return stack


TextHook = Callable[[str], Awaitable[str]]


class _BeforeAgent(_Stack[TextHook]):
    __slots__ = ()

    async def run(self, event: Event[MessageReceivedEvent]) -> None:
        data = event.data
        for hook in self.steps:
            data.message = await hook(data.message)


class _BeforeModel(_Stack[Callable[[list[Message]], Awaitable[list[Message]]]]):
    __slots__ = ()

    async def run(self, event: Event[FilterMessagesEvent]) -> None:
        data = event.data
        for hook in self.steps:
            data.messages = await hook(data.messages)


class _AfterModel(_Stack[tuple[AgentMiddleware, Callable[[LlmResponse], Awaitable[HookAction]]]]):
    __slots__ = ()

    async def run(self, event: Event[AfterLLMCallEvent]) -> None:
        data = event.data
        for middleware, hook in self.steps:
            if data.reject_reason is not None:
                return  # rejected: final, later middleware are not asked
            action = await hook(data.response)
            if type(action) is Continue:
                continue
            try:
                apply = action.apply_to
            except AttributeError:
                raise TypeError(
                    f"{type(middleware).__name__}.after_model must return a HookAction "
                    f"(Continue, Approve, Reject, Modify or Retry), not {action!r}"
                ) from None
            apply(data)


class _AfterAgent(_Stack[TextHook]):
    __slots__ = ()

    async def run(self, event: Event[MessageCompletedEvent]) -> None:
        data = event.data
        for hook in self.steps:
            data.result = await hook(data.result)
