"""The turn pipeline: one ``send_message``, steps 1-20, read top to bottom from ``Turn.run``.

Every step emits its event only when a handler is registered for it (the
``has_handlers`` checks), so an agent without hooks builds no event at all.
Step 13 is ``ModelStep`` (model_step.py), steps 15-17 are ``execute_calls``
(tool_step.py); every store write of the turn is ``TurnWriter``'s (saving.py); this module
owns the order, and only ``Turn`` changes the turn's state: the other modules call its
methods (tests/agent/test_turn_ownership.py checks that none assigns its attributes).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncGenerator, Sequence
from typing import TYPE_CHECKING

from hookline.agent.crash_recovery import needs_recovery, recover_conversation
from hookline.agent.guardrails import model_deltas
from hookline.agent.history import repair_tool_pairs
from hookline.agent.loading import find_or_create_conversation
from hookline.agent.message_gate import gate_message
from hookline.agent.model_step import ModelStep
from hookline.agent.nested import take_nested_decided
from hookline.agent.outcome import OutcomeFlags, TurnOutcome
from hookline.agent.pending import PendingCalls
from hookline.agent.saving import TurnWriter
from hookline.agent.streaming import text_component
from hookline.agent.tool_step import ToolOutcome, ToolStep, execute_calls
from hookline.agent.ui import (
    RAISED_BY_RUN,
    error_component,
    halted,
    iteration_limit,
    request_status,
    status,
    user_facing,
)
from hookline.agent.workflow_step import handle_message, short_circuit, starter_ui
from hookline.components.base import UiComponent
from hookline.errors import AgentError
from hookline.hooks.events import (
    AfterLLMCallEvent,
    BeforeLLMCallEvent,
    ConversationLoadedEvent,
    ConversationSavedEvent,
    EnhanceMessagesEvent,
    EnrichToolContextEvent,
    FilterMessagesEvent,
    HandleMessageEvent,
    MessageAcceptedEvent,
    MessageCompletedEvent,
    ResultMessageEvent,
    SaveTurnMessagesEvent,
    StartIterationEvent,
    SystemPromptEvent,
    TextReasoningEvent,
    ThinkingEvent,
    ToolSchemasEvent,
    TurnEndedEvent,
    TurnFailedEvent,
    TurnStartedEvent,
    UserMessageEvent,
    UserResolvedEvent,
)
from hookline.hooks.registry import HookRegistry, TurnScope
from hookline.llm.models import (
    REPLAY_KEY,
    LlmMessage,
    LlmRequest,
    LlmResponse,
    ToolCall,
    ToolSchema,
    Usage,
)
from hookline.storage.models import Conversation, Message, new_conversation_id
from hookline.tools.approval import ApprovalDecision, approval_card
from hookline.tools.context import ToolContext
from hookline.users.models import RequestContext, User

if TYPE_CHECKING:
    from hookline.agent.turn_agent import TurnAgent

__all__ = ["Turn"]


_REQUEST_PREFIX = os.urandom(8).hex()
_REQUEST_SEQUENCE = itertools.count(1)
"""Request ids: 32 hex digits, unique across processes (a random prefix per process and a
counter), without a system call per turn (benchmarks/instructions.py); they correlate logs and
events, they guard nothing."""


class Turn(OutcomeFlags):
    """The state of one turn, and the pipeline that advances it.

    ``run()`` is what ``Agent.send_message`` returns.  After it finishes, ``outcome``
    (a ``TurnOutcome``; ``halted``, ``failed`` and ``paused`` derive from it),
    ``final_text``, ``usage``, ``tool_calls`` and ``error`` describe how it ended
    (``collect`` reads them).  Only the turn's own methods change its attributes.
    """

    __slots__ = (
        "_settled",
        "agent",
        "approver",
        "config",
        "conversation",
        "conversation_id",
        "decisions",
        "error",
        "exception",
        "final_text",
        "history",
        "hit_tool_limit",
        "hooks",
        "input_tokens",
        "iteration",
        "message",
        "outcomes",
        "output_tokens",
        "pending",
        "request_context",
        "request_id",
        "requested_conversation_id",
        "retries",
        "schemas",
        "scope",
        "system_prompt",
        "tool_calls",
        "tools",
        "turn_messages",
        "user",
        "user_override",
        "writer",
    )

    def __init__(
        self,
        agent: TurnAgent,
        request_context: RequestContext,
        message: str,
        conversation_id: str | None = None,
        *,
        user: User | None = None,
        hooks: HookRegistry | None = None,
        decisions: dict[str, ApprovalDecision] | None = None,
        approver: User | None = None,
    ) -> None:
        self.agent = agent
        self.approver = approver  # who decides ``decisions`` (default: the user)
        self.config = agent.config
        self.request_context = request_context
        self.message = message
        self.requested_conversation_id = conversation_id
        self.conversation_id = conversation_id or new_conversation_id()
        self.request_id = f"{_REQUEST_PREFIX}{next(_REQUEST_SEQUENCE):016x}"
        self.user_override = user
        self.decisions = decisions
        base = hooks if hooks is not None else agent.hooks
        self.scope = None if base.is_empty() else TurnScope(agent)  # benchmarks/instructions.py
        self.hooks = (
            base
            if self.scope is None
            else base.turn_view(self.conversation_id, self.request_id, self.scope)
        )
        self.pending = PendingCalls()
        self.writer = TurnWriter(agent.conversation_store, self.pending)
        self.user: User | None = None
        self.conversation: Conversation | None = None
        self.tools: ToolStep | None = None
        self.system_prompt: str | None = None
        self.schemas: list[ToolSchema] = []
        self.history: list[Message] = []  # what the model sees: stored messages and this turn's
        self.turn_messages: list[Message] = []  # this turn's, to be stored in step 19
        self.tool_calls: list[ToolCall] = []
        self.outcomes: list[ToolOutcome] = []  # of the tool batch that runs now
        self.iteration = self.retries = self.input_tokens = self.output_tokens = 0
        self.final_text = ""
        self.error: str | None = None
        self.exception: Exception | None = None  # what made the turn fail
        self.outcome = None
        self.hit_tool_limit = False
        self._settled = False  # the turn's writes are done: nothing for ``_save_partial``

    @property
    def usage(self) -> Usage:
        """Tokens used by every model call of the turn so far."""
        return Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens)

    def end_short_circuited(self) -> None:
        """A step answered without the model (starter UI, workflow) and stored its changes."""
        self.outcome = TurnOutcome.SHORT_CIRCUITED
        self._settled = True

    # -- the pipeline -------------------------------------------------------------

    async def run(self) -> AsyncGenerator[UiComponent, None]:
        """Steps 1-20 in order, yielding components; never raises for a failed turn.

        A consumer that stops early (a client disconnect closes this generator)
        gets what the turn made saved here; the inner steps' generators are closed by
        the event loop right after (its async-generator finalizer).
        """
        await self._started()
        try:
            user = await self._resolve_user()  # 1
            if self._starter_ui_requested():
                starter = await starter_ui(self, user)  # 2
                if starter or not self.message.strip():
                    self.end_short_circuited()
                    for component in starter:
                        yield component
                    return
            if self.decisions is None:
                await self._message_received(user)  # 3
            async with self.agent.turn_lock(self.conversation_id):
                try:
                    conversation = await self._load_conversation(user)  # 4
                    handled = await self._handle_message(user, conversation)  # 5
                    if handled is not None:  # a workflow answered without the model
                        answer = short_circuit(self, user, conversation, handled)
                        async for component in answer:
                            yield component
                        return
                    await self._prepare_tools(user)  # 6, 7
                    await self._prepare_system_prompt(user)  # 8, 9
                    async for component in self._tool_loop(user, conversation):  # 10-18
                        yield component
                    if not self.paused:
                        self.outcome = TurnOutcome.COMPLETED
                    await self._save_turn(conversation)  # 19
                    await self.complete(user, conversation)  # 20
                finally:
                    if not self._settled:  # a failed or cancelled turn keeps what it made
                        await self._save_partial()
        except AgentError as exc:
            self.outcome = TurnOutcome.HALTED
            self.error = str(exc)
            self.exception = exc if isinstance(exc, RAISED_BY_RUN) else None
            yield halted(exc)
        except Exception as exc:
            yield await self._fail(exc)
        finally:
            await self._ended()

    async def _tool_loop(
        self, user: User, conversation: Conversation
    ) -> AsyncGenerator[UiComponent, None]:
        """Steps 10-18: model call, then tool calls, until an answer, a pause or the limit.

        A resumed turn first runs the calls a reviewer decided (15-17).
        """
        assert self.tools is not None, "the tool step is prepared in step 6"
        if self.decisions is not None:
            decided = await self._take_decided(user, conversation)
            async for component in execute_calls(
                self.tools, decided, self._record_outcome, self.decisions
            ):
                yield component
            for card in self._after_calls():
                yield card
            if self.writer.batch_to_store(self.paused, self.hooks):
                await self.writer.checkpoint(conversation, user, self.turn_messages)
        while not self.paused and self.iteration < self.config.max_tool_iterations:
            self.iteration += 1
            request = await self._build_request(user, conversation)  # 10-12
            model = ModelStep(self.hooks, self.agent.llm_service, request, iteration=self.iteration)
            async for delta in model_deltas(self, model, user):  # 13
                yield delta
            response, verdict = await self._after_model(request, model.result())  # 14
            feedback = verdict.retry_feedback if verdict is not None else None
            if feedback is not None and self.retries < self.config.max_model_retries:
                self._repeat_iteration_with(response, feedback)
                yield status("working", "Revising the answer")
                continue
            if verdict is not None and verdict.reject_reason is not None:
                yield self._reject(verdict.reject_reason)
                return
            if not request.stream and response.content:
                yield text_component(response.content)
            if not response.tool_calls:
                if await self._finish_or_continue(response):  # 18
                    continue
                return
            taken = self.pending.taken_ids(self.history, conversation)
            calls = self.tools.claim_ids(response.tool_calls, taken)  # one id, one call
            self._add_tool_calls(response, calls)
            async for component in execute_calls(self.tools, calls, self._record_outcome):  # 15-17
                yield component
            for card in self._after_calls():
                yield card
            if self.writer.batch_to_store(self.paused, self.hooks):
                await self.writer.checkpoint(conversation, user, self.turn_messages)
        if not self.paused:
            yield self._iteration_limit_reached()

    # -- steps 1-5 ----------------------------------------------------------------

    async def _started(self) -> None:
        if self.hooks.has_handlers(TurnStartedEvent):
            await self.hooks.emit(
                TurnStartedEvent(
                    request_context=self.request_context,
                    message=self.message,
                    conversation_id=self.requested_conversation_id,
                    resuming=self.decisions is not None,
                )
            )

    async def _resolve_user(self) -> User:
        user = self.user_override
        if user is None:
            user = await self.agent.user_resolver.resolve_user(self.request_context)
        self.user = user
        if self.scope is not None:
            self.scope.user = user
        if self.hooks.has_handlers(UserResolvedEvent):
            await self.hooks.emit(
                UserResolvedEvent(user=user, request_context=self.request_context)
            )
        return user

    def _starter_ui_requested(self) -> bool:
        """Step 2 runs for an empty message or a page's starter UI request (not a resume)."""
        if self.decisions is not None:
            return False
        return not self.message.strip() or bool(
            self.request_context.metadata.get("starter_ui_request")
        )

    async def _message_received(self, user: User) -> None:
        self.message = await gate_message(
            self.hooks,
            self.config.max_message_chars,
            user,
            self.message,
            self.request_context,
            self.requested_conversation_id,
        )

    async def _load_conversation(self, user: User) -> Conversation:
        conversation, is_new = await find_or_create_conversation(
            self.writer,
            user,
            self.conversation_id,
            requested=bool(self.requested_conversation_id),
            resuming=self.decisions is not None,
        )
        if not is_new and needs_recovery(conversation.messages):  # a crash cut a turn off?
            await recover_conversation(self.agent, conversation, user, self.hooks, self.request_id)
        self.conversation = conversation
        waiting = self.pending.load(conversation, user)
        self.history = repair_tool_pairs(conversation.messages, keep_open=waiting)
        if self.hooks.has_handlers(ConversationLoadedEvent):
            loaded = ConversationLoadedEvent(user=user, conversation=conversation, is_new=is_new)
            await self.hooks.emit(loaded)
        return conversation

    async def _handle_message(
        self, user: User, conversation: Conversation
    ) -> HandleMessageEvent | None:
        """Step 5: a workflow's answer (returned), a reviewer's decisions (``/approve``:
        the turn resumes with them), or else the user's message is accepted."""
        if self.decisions is not None:  # Agent.resume
            return None
        handled = await handle_message(self, user, conversation)
        if handled is not None and handled.decisions is None:
            return handled
        if handled is not None:
            self.decisions = handled.decisions
        else:
            await self._accept_user_message(user, conversation)
        return None

    async def _accept_user_message(self, user: User, conversation: Conversation) -> None:
        """Store the user's message now: a crash mid-turn never loses it."""
        if self.pending.tail_open or self.pending.calls:
            self.pending.close_undecided()  # stored with the message, before it
        messages = [Message(role="user", content=self.message)]
        if self.hooks.has_handlers(UserMessageEvent):
            event = UserMessageEvent(user=user, conversation=conversation, messages=messages)
            await self.hooks.emit(event)
            messages = event.messages
        stored = [*self.pending.closed, *messages]
        self.history.extend(stored)
        await self.writer.accept(conversation, user, stored)
        if self.hooks.has_handlers(MessageAcceptedEvent):
            await self.hooks.emit(
                MessageAcceptedEvent(user=user, conversation=conversation, messages=messages)
            )

    # -- steps 6-9 ----------------------------------------------------------------

    async def _prepare_tools(self, user: User) -> None:
        context = ToolContext(
            user=user,
            conversation_id=self.conversation_id,
            request_id=self.request_id,
            agent_memory=self.agent.agent_memory,
            observability_provider=self.agent.observability_provider,
            metadata={"question": self.message},
            hooks=self.hooks,
        )
        if self.hooks.has_handlers(EnrichToolContextEvent):  # 6
            enrich = EnrichToolContextEvent(context=context)
            await self.hooks.emit(enrich)
            context = enrich.context
        self.tools = ToolStep(
            hooks=self.hooks,
            registry=self.agent.tool_registry,
            context=context,
            terminal=self.agent.execute_tool,
            parallel=self.config.parallel_tool_calls,
            ledger=self.writer.open_ledger(self.config),
        )
        schemas = await self.agent.tool_registry.get_schemas(user)  # 7
        if self.hooks.has_handlers(ToolSchemasEvent):
            offered = ToolSchemasEvent(user=user, schemas=schemas)
            await self.hooks.emit(offered)
            schemas = offered.schemas
        self.schemas = schemas

    async def _prepare_system_prompt(self, user: User) -> None:
        prompt = await self.agent.system_prompt_builder.build_system_prompt(user, self.schemas)
        if self.hooks.has_handlers(SystemPromptEvent):
            event = SystemPromptEvent(user=user, user_message=self.message, system_prompt=prompt)
            await self.hooks.emit(event)
            prompt = event.system_prompt
        self.system_prompt = prompt

    # -- steps 10-14: the model call --------------------------------------------------

    async def _build_request(self, user: User, conversation: Conversation) -> LlmRequest:
        hooks = self.hooks
        if hooks.has_handlers(StartIterationEvent):
            started = StartIterationEvent(iteration=self.iteration, conversation=conversation)
            await hooks.emit(started)
            for message in started.additional_messages:
                self.add_message(message)
        messages: list[Message] = self.history
        if hooks.has_handlers(FilterMessagesEvent):
            filtered = FilterMessagesEvent(iteration=self.iteration, messages=list(messages))
            await hooks.emit(filtered)
            if filtered.messages != messages:  # unchanged: valid already
                messages = repair_tool_pairs(filtered.messages, reason="omitted")
        llm_messages: Sequence[LlmMessage] = messages
        if hooks.has_handlers(EnhanceMessagesEvent):
            enhanced = EnhanceMessagesEvent(
                iteration=self.iteration, user=user, messages=list(messages)
            )
            await hooks.emit(enhanced)
            llm_messages = enhanced.messages
        request = LlmRequest(
            messages=list(llm_messages),
            system_prompt=self.system_prompt,
            tools=self.schemas or None,
            model=self.config.model,
            temperature=self.config.temperature,
            max_tokens=self.config.max_tokens,
            stream=self.config.stream or self.agent.wants_streaming(hooks),
        )
        if hooks.has_handlers(BeforeLLMCallEvent):
            before = BeforeLLMCallEvent(iteration=self.iteration, request=request)
            await hooks.emit(before)
            request = before.request
        return request

    async def _after_model(
        self, request: LlmRequest, response: LlmResponse
    ) -> tuple[LlmResponse, AfterLLMCallEvent | None]:
        """Step 14: usage counted, ``AfterLLMCallEvent`` (its verdict), the reasoning events.

        Returns the response (a handler may replace it) and the event, if emitted.
        """
        if response.usage is not None:
            self.input_tokens += response.usage.input_tokens
            self.output_tokens += response.usage.output_tokens
        hooks = self.hooks
        event = None
        if hooks.has_handlers(AfterLLMCallEvent):
            event = AfterLLMCallEvent(iteration=self.iteration, request=request, response=response)
            await hooks.emit(event)
            response = event.response
        if response.content and hooks.has_handlers(TextReasoningEvent):
            await hooks.emit(TextReasoningEvent(iteration=self.iteration, text=response.content))
        if response.thinking and hooks.has_handlers(ThinkingEvent):
            await hooks.emit(ThinkingEvent(iteration=self.iteration, thinking=response.thinking))
        return response, event

    def _repeat_iteration_with(self, response: LlmResponse, feedback: str) -> None:
        """A verdict asked for a revision: the iteration runs again (one retry more) with the
        draft and the feedback, which go to the model, not to storage."""
        self.retries += 1
        self.iteration -= 1  # the loop counts it again
        marker = {"transient": True, "hookline": "retry_feedback"}
        draft = Message(role="assistant", content=response.content or "", metadata=marker)
        self.history.extend([draft, Message(role="user", content=feedback, metadata=marker)])

    def _reject(self, reason: str) -> UiComponent:
        self.add_message(
            Message(role="assistant", content=reason, metadata={"hookline": "rejected"})
        )
        self.final_text = reason
        return error_component(reason, code="rejected")

    async def _finish_or_continue(self, response: LlmResponse) -> bool:
        """Step 18: store the final answer; True when a ResultMessageEvent resumes the loop."""
        message = Message(role="assistant", content=response.content or "")
        self.add_message(message)
        self.final_text = response.content or ""
        if not self.hooks.has_handlers(ResultMessageEvent):
            return False
        event = ResultMessageEvent(iteration=self.iteration, response=response, message=message)
        await self.hooks.emit(event)
        for extra in event.continue_messages:
            self.add_message(extra)
        return bool(event.continue_messages)

    def _iteration_limit_reached(self) -> UiComponent:
        text = (
            f"Stopped after {self.config.max_tool_iterations} tool iterations without a final "
            "answer. Ask again to continue."
        )
        self.add_message(
            Message(role="assistant", content=text, metadata={"hookline": "iteration_limit"})
        )
        self.final_text = text
        self.hit_tool_limit = True
        return iteration_limit(text)

    # -- steps 15-17: the tool calls ------------------------------------------------------

    def _add_tool_calls(self, response: LlmResponse, calls: list[ToolCall]) -> None:
        """The assistant message asking for ``calls``, with the provider's replay data."""
        message = Message(role="assistant", content=response.content, tool_calls=calls)
        if response.metadata and REPLAY_KEY in response.metadata:
            message.metadata[REPLAY_KEY] = response.metadata[REPLAY_KEY]
        self.add_message(message)
        self.tool_calls.extend(calls)
        self.outcomes = []

    async def _take_decided(self, user: User, conversation: Conversation) -> list[ToolCall]:
        """The waiting calls the reviewer decided; calls that died running are closed."""
        assert self.decisions is not None
        decided, self.decisions = await take_nested_decided(self, user, conversation)
        for closing in self.pending.dead_calls(self.decisions):
            self.add_message(closing)
        self.outcomes = []
        return decided

    def _after_calls(self) -> list[UiComponent]:
        """After a batch: the messages ``AfterToolCallEvent`` handlers added, then the
        calls that wait for a reviewer pause the turn (their approval cards)."""
        for outcome in self.outcomes:
            for message in outcome.extra_messages:
                self.add_message(message)
            if outcome.status == "pending":
                self.pending.defer(outcome.call, outcome.result)
        if self.pending.calls:
            self.outcome = TurnOutcome.PAUSED
        return [approval_card(waiting) for waiting in self.pending.calls]

    def _record_outcome(self, outcome: ToolOutcome) -> None:
        """A call's outcome joins the turn (its result message, unless it waits)."""
        self.outcomes.append(outcome)
        if outcome.status != "pending":
            self.add_message(outcome.message())

    def add_message(self, message: Message) -> None:
        """A message of this turn: the model sees it next, step 19 stores it."""
        self.history.append(message)
        self.turn_messages.append(message)

    # -- steps 19-20 ----------------------------------------------------------------

    async def _save_turn(self, conversation: Conversation) -> None:
        messages = self.turn_messages  # every call has its result here, by construction
        if self.hooks.has_handlers(SaveTurnMessagesEvent):
            event = SaveTurnMessagesEvent(conversation=conversation, messages=list(messages))
            await self.hooks.emit(event)
            messages = self.pending.repaired(event.messages)
        saved: list[Message] = []
        if self.config.auto_save and self.user is not None:
            await self.writer.save(conversation, self.user, messages)
            saved = messages
        self._settled = True
        if self.hooks.has_handlers(ConversationSavedEvent):
            conversation.messages = self.history  # handlers see the whole conversation
            await self.hooks.emit(ConversationSavedEvent(conversation=conversation, messages=saved))

    async def complete(self, user: User, conversation: Conversation) -> None:
        """Step 20: ``MessageCompletedEvent``; its handlers may change the final text."""
        if not self.hooks.has_handlers(MessageCompletedEvent):
            return
        short_circuited = self.outcome is TurnOutcome.SHORT_CIRCUITED
        if not short_circuited:
            conversation.messages = self.history  # handlers see the whole conversation
        event = MessageCompletedEvent(
            user=user,
            conversation=conversation,
            result=self.final_text,
            usage=self.usage,
            short_circuited=short_circuited,
            paused=self.paused,
        )
        await self.hooks.emit(event)
        self.final_text = event.result

    # -- failure and the end --------------------------------------------------------

    async def _fail(self, error: Exception) -> UiComponent:
        self.outcome = TurnOutcome.FAILED
        message = user_facing(error, self.request_id)  # logged with an error id
        await self._save_partial()
        if self.hooks.has_handlers(TurnFailedEvent):
            event = TurnFailedEvent(
                user=self.user,
                conversation_id=self.conversation_id,
                error=error,
                user_message=message,
            )
            await self.hooks.emit(event)
            message = event.user_message
        self.error = message
        self.exception = error
        return error_component(message, code="turn_failed", status=request_status(error))

    async def _save_partial(self) -> None:
        """Persist what the turn produced, closing open tool calls ("interrupted")."""
        if self._settled:
            return
        self._settled = True
        conversation, user = self.conversation, self.user
        if conversation is None or user is None or not self.config.auto_save:
            return
        await self.writer.save_partial(conversation, user, self.turn_messages, self.request_id)

    async def _ended(self) -> None:
        if self.hooks.has_handlers(TurnEndedEvent):
            await self.hooks.emit(
                TurnEndedEvent(
                    user=self.user,
                    conversation_id=self.conversation_id,
                    iterations=self.iteration,
                    usage=self.usage,
                    hit_tool_limit=self.hit_tool_limit,
                    failed=self.failed,
                    halted=self.halted,
                    paused=self.paused,
                    error=self.exception,
                )
            )
