"""Agent: the object users build; it holds the parts and runs turns."""

from __future__ import annotations

import copy as _copy
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from hookline.agent.collect import collect
from hookline.agent.config import AgentConfig, Isolation
from hookline.agent.locks import ConversationLocks
from hookline.agent.model_step import deltas_observed
from hookline.agent.result import RunResult
from hookline.agent.system_prompt import DefaultSystemPromptBuilder, SystemPromptBuilder
from hookline.agent.turn import Turn
from hookline.components.base import UiComponent
from hookline.errors import ConversationNotFoundError
from hookline.extensions.default_workflow import DefaultWorkflowHandler
from hookline.extensions.enhancer import LlmContextEnhancer
from hookline.extensions.enricher import ToolContextEnricher
from hookline.extensions.filter import ConversationFilter
from hookline.extensions.install import ExtensionPoints, install_extension_points
from hookline.extensions.lifecycle import LifecycleHook
from hookline.extensions.llm_middleware import LlmMiddleware
from hookline.extensions.observability import ObservabilityProvider
from hookline.extensions.recovery import ErrorRecoveryStrategy
from hookline.extensions.workflow import WorkflowHandler
from hookline.hooks.events import ToolInvocation
from hookline.hooks.registry import HookContext, HookProvider, HookRegistry
from hookline.llm.base import LlmService
from hookline.memory.base import AgentMemory
from hookline.storage.base import ConversationStore
from hookline.storage.ledger import LedgerEntry, LedgerState
from hookline.storage.memory import MemoryConversationStore
from hookline.tools.approval import ApprovalDecision
from hookline.tools.registry import ToolRegistry
from hookline.tools.result import ToolResult
from hookline.users.models import RequestContext, User
from hookline.users.resolvers import StaticUserResolver, UserResolver

if TYPE_CHECKING:
    from hookline.agent.crash_recovery import RecoveryResult
    from hookline.agent.subagent import SubAgentTool

__all__ = ["Agent", "Isolation"]

_T = TypeVar("_T")


class _Default:
    """The "not given" marker of ``workflow_handler`` (None means: no handler)."""


DEFAULT = _Default()


class Agent:
    """An LLM agent whose every turn step is an extension point.

    Parts not given get defaults: an empty ``ToolRegistry``, one static
    user, an in-memory conversation store, the default system prompt and
    ``AgentConfig()``.  The eight extension points take the reference's
    names and defaults: ``workflow_handler`` is a ``DefaultWorkflowHandler``
    unless given (``None`` disables it), ``llm_context_enhancer`` is a
    ``DefaultLlmContextEnhancer`` when ``agent_memory`` is set, everything
    else is off.  They register first, in that order (lifecycle hooks, LLM
    middlewares, workflow handler, error recovery, context enrichers,
    context enhancer, conversation filters, observability).

    ``agent.hooks`` is the agent's ``HookRegistry``:
    ``agent.hooks.on(EventType, handler)`` appends a handler and
    ``agent.hooks.wrap(MODEL_CALL, wrapper)`` a wrapper (the first wrapper
    registered is the outermost).  ``middleware`` are ``AgentMiddleware`` or any
    other ``HookProvider``s, added in order after the extension points (see ``use``).

    Example::

        agent = Agent(ScriptedLlmService([text_reply("Hi!")]))
        result = await agent.run("Hello")
        assert result.text == "Hi!"
    """

    def __init__(
        self,
        llm_service: LlmService,
        *,
        tool_registry: ToolRegistry | None = None,
        user_resolver: UserResolver | None = None,
        agent_memory: AgentMemory | None = None,
        conversation_store: ConversationStore | None = None,
        system_prompt_builder: SystemPromptBuilder | None = None,
        config: AgentConfig | None = None,
        hooks: HookRegistry | None = None,
        lifecycle_hooks: Sequence[LifecycleHook] | None = None,
        llm_middlewares: Sequence[LlmMiddleware] | None = None,
        workflow_handler: WorkflowHandler | _Default | None = DEFAULT,
        error_recovery_strategy: ErrorRecoveryStrategy | None = None,
        context_enrichers: Sequence[ToolContextEnricher] | None = None,
        llm_context_enhancer: LlmContextEnhancer | None = None,
        conversation_filters: Sequence[ConversationFilter] | None = None,
        observability_provider: ObservabilityProvider | None = None,
        middleware: Iterable[HookProvider] = (),
        name: str = "agent",
    ) -> None:
        self.name = name
        self.llm_service = llm_service
        self.tool_registry = tool_registry if tool_registry is not None else ToolRegistry()
        self.user_resolver = user_resolver or StaticUserResolver()
        self.agent_memory = agent_memory
        self.conversation_store = conversation_store or MemoryConversationStore()
        self.system_prompt_builder = system_prompt_builder or DefaultSystemPromptBuilder()
        self.config = config or AgentConfig()
        self.hooks = _named_registry(hooks if hooks is not None else HookRegistry(), self)
        self._locks = ConversationLocks(timeout=self.config.turn_lock_timeout)
        self.observability_provider = observability_provider
        self.workflow_handler = _workflow_handler(workflow_handler)
        install_extension_points(
            self,
            ExtensionPoints(
                lifecycle_hooks=list(lifecycle_hooks or ()),
                llm_middlewares=list(llm_middlewares or ()),
                workflow_handler=self.workflow_handler,
                error_recovery_strategy=error_recovery_strategy,
                context_enrichers=list(context_enrichers or ()),
                llm_context_enhancer=llm_context_enhancer,
                conversation_filters=list(conversation_filters or ()),
                observability_provider=observability_provider,
            ),
        )
        for layer in middleware:
            self.use(layer)

    def use(self, middleware: HookProvider) -> Agent:
        """Add agent middleware (or any ``HookProvider``) after what is registered.

        Chainable: ``agent.use(RetryMiddleware()).use(CriticMiddleware(...))``.
        Middleware wrap in list order: the first added is the outermost.
        """
        self.hooks.add(middleware)
        return self

    def copy(
        self,
        *,
        llm_service: LlmService | None = None,
        tool_registry: ToolRegistry | None = None,
        user_resolver: UserResolver | None = None,
        conversation_store: ConversationStore | None = None,
        system_prompt_builder: SystemPromptBuilder | None = None,
        config: AgentConfig | None = None,
        hooks: HookRegistry | None = None,
        middleware: Iterable[HookProvider] = (),
        name: str | None = None,
    ) -> Agent:
        """A new agent with this one's parts, except the ``overrides`` (the constructor's
        arguments of the same names); this agent is never changed.

        The copy shares what is not given: the model, the tools, the user resolver,
        the stores (conversations, memory), the prompt builder, the config, the
        extension points' objects, and this agent's per-conversation turn lock (its
        turns and this agent's take turns on one conversation) unless ``config``
        changes its timeout.  Its registry is ``hooks`` as given (a view, a copy made
        by the caller), else a copy of this agent's (``HookRegistry.copy``: every
        handler, wrapper and extension point, stored apart), so what is registered on
        the copy never reaches this agent.  ``middleware`` is added to the copy's
        registry after what it holds (``use``); ``name`` renames the copy's registry
        context too when ``hooks`` is not given.

        Example::

            agent = Agent(llm, tool_registry=tools, conversation_store=store)
            audited = agent.copy(middleware=[AuditMiddleware()], name="audited")
            assert audited.tool_registry is agent.tool_registry  # shared
            assert audited.hooks is not agent.hooks  # its own registry
        """
        twin = _copy.copy(self)
        twin.name = _kept(name, self.name)
        twin.llm_service = _kept(llm_service, self.llm_service)
        twin.tool_registry = _kept(tool_registry, self.tool_registry)
        twin.user_resolver = _kept(user_resolver, self.user_resolver)
        twin.conversation_store = _kept(conversation_store, self.conversation_store)
        twin.system_prompt_builder = _kept(system_prompt_builder, self.system_prompt_builder)
        twin.config = _kept(config, self.config)
        if twin.config.turn_lock_timeout != self.config.turn_lock_timeout:
            twin._locks = ConversationLocks(timeout=twin.config.turn_lock_timeout)
        given = hooks if hooks is not None else self._hooks_copy(twin.name)
        twin.hooks = _named_registry(given, twin)
        for layer in middleware:
            twin.use(layer)
        return twin

    def _hooks_copy(self, name: str) -> HookRegistry:
        """A copy of this agent's registry; its context renamed when ``name`` is new."""
        context = self.hooks.context
        if context is not None and name != self.name:
            context = replace(context, agent_path=name, agent_name=name)
        return self.hooks.copy(context)

    def send_message(
        self,
        request_context: RequestContext,
        message: str,
        conversation_id: str | None = None,
        *,
        user: User | None = None,
    ) -> AsyncIterator[UiComponent]:
        """Run one turn; an async iterator of the components it streams.

        Never raises for a failed turn: the failure arrives as an error
        component and the conversation stays valid.  ``user`` skips the user
        resolver (a server that resolved the user itself passes it).
        """
        return Turn(self, request_context, message, conversation_id, user=user).run()

    async def run(
        self,
        message: str,
        *,
        user: User | None = None,
        conversation_id: str | None = None,
        request_context: RequestContext | None = None,
        on_component: Callable[[UiComponent], object] | None = None,
    ) -> RunResult:
        """Run one turn to the end and return its result.

        ``user`` skips the user resolver.  ``on_component`` is called with each
        component as the turn streams it (they are in the result too).  Raises
        ``TurnFailedError`` when the turn failed; a turn halted by ``AgentError``
        returns with ``halted``.
        """
        turn = Turn(self, request_context or RequestContext(), message, conversation_id, user=user)
        return await collect(turn, on_component)

    async def resume(
        self,
        conversation_id: str,
        decisions: Mapping[str, ApprovalDecision],
        *,
        user: User | None = None,
        request_context: RequestContext | None = None,
        approver: User | None = None,
        on_component: Callable[[UiComponent], object] | None = None,
    ) -> RunResult:
        """Continue a paused turn with a reviewer's decisions, keyed by tool call id.

        Approved calls run exactly once (edited arguments replace the
        model's), rejected ones get a "rejected by reviewer" result, and the
        tool loop goes on.  Calls without a decision keep waiting.  ``user``
        is the conversation's owner; ``approver`` (default: ``user``) is who
        decides, checked by the approver policy (``ApprovalDecisionEvent``).
        ``on_component`` is called with each component as it streams (as in ``run``).
        Raises ``ApprovalError`` when a decision cannot apply (nothing changes)
        and ``ConversationBusy`` when another turn holds the conversation.

        Example::

            result = await agent.run("refund order 7")
            if result.paused:
                call = result.pending_tool_calls[0]
                shown = approve(digest=result.pending_digests[call.id])  # the call seen
                result = await agent.resume(result.conversation_id, {call.id: shown})
        """
        turn = self._resume_turn(conversation_id, decisions, user, request_context, approver)
        return await collect(turn, on_component)

    def resume_stream(
        self,
        request_context: RequestContext,
        conversation_id: str,
        decisions: Mapping[str, ApprovalDecision],
        *,
        user: User | None = None,
        approver: User | None = None,
    ) -> AsyncIterator[UiComponent]:
        """``resume`` as a stream of components (what a server sends)."""
        turn = self._resume_turn(conversation_id, decisions, user, request_context, approver)
        return turn.run()

    def _resume_turn(
        self,
        conversation_id: str,
        decisions: Mapping[str, ApprovalDecision],
        user: User | None,
        request_context: RequestContext | None,
        approver: User | None,
    ) -> Turn:
        context = request_context or RequestContext()
        return Turn(
            self,
            context,
            "",
            conversation_id,
            user=user,
            decisions=dict(decisions),
            approver=approver,
        )

    def turn_lock(self, conversation_id: str) -> AbstractAsyncContextManager[None]:
        """What one turn holds on ``conversation_id``: this process's lock, then the store's.

        Waits at most ``config.turn_lock_timeout`` seconds, then raises ``ConversationBusy``.
        """
        return self._locks.hold_turn(conversation_id, self.conversation_store)

    async def recover(
        self,
        conversation_id: str,
        *,
        user: User | None = None,
        request_context: RequestContext | None = None,
    ) -> RecoveryResult:
        """Finish the turn a crash cut off in ``conversation_id``, if there is one.

        Calls the effect ledger still shows ``started``: an idempotent tool runs
        again with the same ``ToolContext.idempotency_key``, any other gets an
        "interrupted" result (it may or may not have taken effect) and never runs
        again; the turn ends with a notice.  It also runs by itself before the next
        message on the conversation.  Raises ``ConversationNotFoundError`` when the
        conversation is not the user's.  See docs/exactly-once.md.

        Example::

            result = await agent.recover("c1", user=alice)
            print(result.text)
        """
        from hookline.agent.crash_recovery import recover_conversation

        user = user or await self.user_resolver.resolve_user(request_context or RequestContext())
        async with self.turn_lock(conversation_id):
            conversation = await self.conversation_store.get_conversation(conversation_id, user)
            if conversation is None:
                raise ConversationNotFoundError(f"Conversation {conversation_id!r} not found.")
            return await recover_conversation(self, conversation, user, self.hooks)

    async def ledger(
        self,
        conversation_id: str,
        *,
        user: User | None = None,
        state: LedgerState | None = None,
        request_context: RequestContext | None = None,
    ) -> list[LedgerEntry]:
        """The effect ledger of ``conversation_id``, oldest first (for audits).

        Empty when the conversation is not the user's.  ``state`` keeps one state.
        """
        user = user or await self.user_resolver.resolve_user(request_context or RequestContext())
        return await self.conversation_store.tool_calls(conversation_id, user, state=state)

    def wants_streaming(self, hooks: HookRegistry) -> bool:
        """True when a delta handler is registered (streaming turns on by itself)."""
        return deltas_observed(hooks)

    def as_tool(
        self,
        name: str,
        description: str,
        *,
        isolation: Isolation = "none",
        only: Iterable[type[Any]] | None = None,
        exclude: Iterable[type[Any]] | None = None,
        access_groups: list[str] | None = None,
    ) -> SubAgentTool:
        """This agent as a tool another agent can call (a sub-agent).

        ``isolation``: "none" — the child emits into the parent's handlers;
        "full" — the child's own registry, nothing reaches the parent;
        "selective" — the child's own registry, forwarding the event types
        in ``only`` (default: all) minus ``exclude`` to the parent.  The
        child's ``HookContext.agent_path`` is "parent.child" in every mode.
        """
        from hookline.agent.subagent import SubAgentTool

        return SubAgentTool(
            self,
            name=name,
            description=description,
            isolation=isolation,
            only=only,
            exclude=exclude,
            access_groups=access_groups,
        )

    def execute_tool(self, invocation: ToolInvocation) -> Awaitable[ToolResult]:
        """The innermost layer of the ``wrap_tool_call`` chain: the tool registry."""
        return self.tool_registry.execute(invocation.call, invocation.context)


def _kept(given: _T | None, own: _T) -> _T:
    """``given`` unless it is None (``Agent.copy``: None keeps the original's part)."""
    return own if given is None else given


def _workflow_handler(given: WorkflowHandler | _Default | None) -> WorkflowHandler | None:
    """A ``DefaultWorkflowHandler`` unless one was given (None: no handler)."""
    return DefaultWorkflowHandler() if isinstance(given, _Default) else given


def _named_registry(hooks: HookRegistry, agent: Agent) -> HookRegistry:
    """``hooks``, stamped with ``agent``'s type and name unless it has a context."""
    if hooks.context is None:
        name = agent.name
        hooks.context = HookContext(agent_type=type(agent), agent_path=name, agent_name=name)
    return hooks
