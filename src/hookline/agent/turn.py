"""The turn pipeline: one ``send_message``, steps 1-20, read top to bottom in ``Turn.steps``.

Every step emits its event only when a handler is registered for it (the
``has_handlers`` checks), so an agent without hooks runs the direct path.
The model step lives in ``model_step.py`` and the tool step in
``tool_step.py``; this module owns the order.
"""

from __future__ import annotations

import itertools
import logging
import os
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from hookline._construct import constructor
from hookline.agent.approval import ApprovalDecision
from hookline.agent.history import repair_tool_pairs
from hookline.agent.model_step import (
    StreamedChainRun,
    call_model_chain,
    emit_deltas,
    unstreamed_text,
)
from hookline.agent.pending import PendingCalls, decisions_from_message, run_decided_calls
from hookline.agent.streaming import StreamAccumulator, broken_off_component, text_component
from hookline.agent.tool_step import (
    ToolOutcome,
    finish_tool_calls,
    run_tool_call,
    run_tool_calls,
    running_component,
)
from hookline.agent.workflow_step import (
    handle_message,
    short_circuit,
    starter_ui,
    status,
)
from hookline.components.base import UiComponent
from hookline.components.rich import (
    ErrorComponent,
    StatusBarUpdateComponent,
)
from hookline.components.simple import SimpleTextComponent
from hookline.errors import AgentError, ConversationNotFoundError, HooklineError
from hookline.hooks.events import (
    MODEL_CALL,
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
    MessageReceivedEvent,
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
from hookline.hooks.registry import HookRegistry
from hookline.llm.models import (
    REPLAY_KEY,
    LlmMessage,
    LlmRequest,
    LlmResponse,
    ToolCall,
    ToolSchema,
    Usage,
)
from hookline.storage.models import (
    Conversation,
    Message,
    new_conversation_id,
    validate_conversation_id,
)
from hookline.tools.context import ToolContext
from hookline.users.models import RequestContext, User

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["Turn"]

logger = logging.getLogger("hookline.agent")


# Fast constructors of the events agent middleware rides on (see ``hookline._construct``).
_new_message_received = constructor(MessageReceivedEvent)
_new_filter_messages = constructor(FilterMessagesEvent)
_new_after_llm_call = constructor(AfterLLMCallEvent)
_new_message_completed = constructor(MessageCompletedEvent)
_new_tool_context = constructor(ToolContext)

_REQUEST_PREFIX = os.urandom(8).hex()
_REQUEST_SEQUENCE = itertools.count(1)
"""Request ids: 32 hex digits, unique across processes (a random prefix per process and a
counter), without a system call per turn; they correlate logs and events, they guard nothing."""


class Turn:
    """The state of one turn, and the pipeline that advances it.

    ``run()`` is what ``Agent.send_message`` returns.  After it finishes,
    ``final_text``, ``usage``, ``tool_calls``, ``error`` and ``halted``
    describe the outcome (``Agent.run`` reads them).
    """

    response: LlmResponse
    """The model's latest response: set by step 13 (absent before the first model call)."""

    # Progress and outcome: class-level defaults, set on the instance when they change
    # (fewer stores per turn).
    user: User | None = None
    conversation: Conversation | None = None
    tool_context: ToolContext | None = None
    system_prompt: str | None = None
    iteration = 0
    retries = 0
    input_tokens = 0
    output_tokens = 0
    final_text = ""
    error: str | None = None
    halted = False
    failed = False
    paused = False
    streamed = False
    hit_tool_limit = False
    _finished = False
    _failure: BaseException | None = None
    _messages_saved: bool | None = False  # None: a write failed midway (unknown)

    def __init__(
        self,
        agent: Agent,
        request_context: RequestContext,
        message: str,
        conversation_id: str | None = None,
        *,
        user: User | None = None,
        hooks: HookRegistry | None = None,
        decisions: dict[str, ApprovalDecision] | None = None,
    ) -> None:
        self.agent = agent
        self.config = agent.config
        self.request_context = request_context
        self.message = message
        self.requested_conversation_id = conversation_id
        self.conversation_id = conversation_id or new_conversation_id()
        self.request_id = f"{_REQUEST_PREFIX}{next(_REQUEST_SEQUENCE):016x}"
        self.user_override = user
        self.decisions = decisions
        self.pending = PendingCalls()
        self._attempted: list[Message] = []
        base = hooks if hooks is not None else agent.hooks
        if base.is_empty():
            self.hooks = base  # nothing would read the turn's context
        else:
            self.hooks = base.turn_view(self.conversation_id, self.request_id)
        self.history: list[Message] = []
        self.turn_messages: list[Message] = []
        self.schemas: list[ToolSchema] = []
        self.tool_calls: list[ToolCall] = []

    @property
    def usage(self) -> Usage:
        """Tokens used by every model call of the turn so far."""
        return Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens)

    # -- the pipeline -------------------------------------------------------------

    async def run(self) -> AsyncIterator[UiComponent]:
        """Steps 1-20 in order, yielding components; never raises for a failed turn.

        Everything that must happen when the consumer stops early (a client
        disconnect closes this generator) is in this function's own
        ``except``/``finally`` blocks: inner generators are closed later.
        """
        if self.hooks.has_handlers(TurnStartedEvent):
            await self.hooks.emit(
                TurnStartedEvent(
                    request_context=self.request_context,
                    message=self.message,
                    conversation_id=self.requested_conversation_id,
                    resuming=self.decisions is not None,
                )
            )
        try:
            user = await self._resolve_user()  # 1
            resuming = self.decisions is not None
            if not resuming and (
                not self.message.strip() or self.request_context.metadata.get("starter_ui_request")
            ):
                starter = await starter_ui(self, user)  # 2
                if starter or not self.message.strip():
                    self._finished = True
                    for component in starter:
                        yield component
                    return
            if not resuming:
                await self._message_received(user)  # 3
            async with self.agent._locks.hold(self.conversation_id):
                try:
                    conversation = await self._load_conversation(user)  # 4
                    if self.decisions is None and self.message.lstrip()[:1] == "/":
                        self.decisions = decisions_from_message(self.message)
                    if self.decisions is None:
                        if self.hooks.has_handlers(HandleMessageEvent):
                            handled = await handle_message(self, user, conversation)  # 5
                            if handled is not None:
                                async for component in short_circuit(
                                    self, user, conversation, handled
                                ):
                                    yield component
                                return
                        if self.pending.tail_open or self.pending.calls:
                            self.pending.close_undecided()
                        await self._accept_user_message(user, conversation)  # 5
                    await self._prepare_tools(user)  # 6, 7
                    await self._prepare_system_prompt(user)  # 8, 9
                    if self.decisions is not None:  # 15-17 for the calls a reviewer decided
                        decided = run_decided_calls(self, user, conversation, self.decisions)
                        async for component in decided:
                            yield component
                    if not self.paused:
                        async for component in self._tool_loop(user, conversation):  # 10-18
                            yield component
                    await self._save_turn(conversation)  # 19
                    if self.hooks.has_handlers(MessageCompletedEvent):  # 20
                        if conversation.messages is not self.history:  # usually the same list
                            conversation.messages = self.history  # handlers see it all
                        await self._emit_completed(user, conversation, short_circuited=False)
                finally:
                    if not self._finished:  # a failed or cancelled turn: keep what it made
                        await self._save_partial()
        except AgentError as exc:
            self.halted = True
            self.error = str(exc)
            yield _error_component(self.error, code="halted")
        except Exception as exc:
            yield await self._fail(exc)
        finally:
            if self.hooks.has_handlers(TurnEndedEvent):
                await self._emit_ended()

    async def _emit_ended(self) -> None:
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
                error=self._failure,
            )
        )

    # -- steps 1-5 ----------------------------------------------------------------

    async def _resolve_user(self) -> User:
        user = self.user_override
        if user is None:
            user = await self.agent.user_resolver.resolve_user(self.request_context)
        self.user = user
        if self.hooks.has_handlers(UserResolvedEvent):
            await self.hooks.emit(
                UserResolvedEvent(user=user, request_context=self.request_context)
            )
        return user

    async def _message_received(self, user: User) -> None:
        if len(self.message) > self.config.max_message_chars:
            raise AgentError(
                f"Message too long: {len(self.message)} characters "
                f"(the limit is {self.config.max_message_chars})."
            )
        if self.hooks.has_handlers(MessageReceivedEvent):
            event = _new_message_received(
                user=user,
                message=self.message,
                request_context=self.request_context,
                conversation_id=self.requested_conversation_id,
            )
            await self.hooks.emit(event)
            self.message = event.message

    async def _load_conversation(self, user: User) -> Conversation:
        conversation, is_new = await self._find_or_create_conversation(user)
        self.conversation = conversation
        waiting = self.pending.load(conversation)
        self.history = repair_tool_pairs(conversation.messages, keep_open=waiting)
        if self.hooks.has_handlers(ConversationLoadedEvent):
            loaded = ConversationLoadedEvent(user=user, conversation=conversation, is_new=is_new)
            await self.hooks.emit(loaded)
        return conversation

    async def _find_or_create_conversation(self, user: User) -> tuple[Conversation, bool]:
        store = self.agent.conversation_store
        conversation = None
        if self.requested_conversation_id:  # a new id is well-formed by construction
            try:
                validate_conversation_id(self.conversation_id)
            except ValueError as exc:
                raise AgentError(str(exc)) from None
            conversation = await store.get_conversation(self.conversation_id, user)
        if conversation is None and self.decisions is not None:
            raise AgentError("Conversation not found.")
        if conversation is None:
            try:
                conversation = await store.create_conversation(
                    user, conversation_id=self.conversation_id
                )
            except ConversationNotFoundError:
                raise AgentError("Conversation not found.") from None
            return conversation, True
        return conversation, False

    async def _accept_user_message(self, user: User, conversation: Conversation) -> None:
        messages = [Message(role="user", content=self.message)]
        if self.hooks.has_handlers(UserMessageEvent):
            event = UserMessageEvent(user=user, conversation=conversation, messages=messages)
            await self.hooks.emit(event)
            messages = event.messages
        stored = [*self.pending.closed, *messages]  # waiting calls closed before the new message
        self.history.extend(stored)
        await self.agent.conversation_store.append_messages(conversation.id, user, stored)
        if self.hooks.has_handlers(MessageAcceptedEvent):
            await self.hooks.emit(
                MessageAcceptedEvent(user=user, conversation=conversation, messages=messages)
            )

    # -- steps 6-9 ----------------------------------------------------------------

    async def _prepare_tools(self, user: User) -> None:
        context = _new_tool_context(
            user=user,
            conversation_id=self.conversation_id,
            request_id=self.request_id,
            agent_memory=self.agent.agent_memory,
            observability_provider=self.agent.observability_provider,
            metadata={"question": self.message},
            hooks=self.hooks,
        )
        if self.hooks.has_handlers(EnrichToolContextEvent):
            enrich = EnrichToolContextEvent(context=context)
            await self.hooks.emit(enrich)
            context = enrich.context
        self.tool_context = context
        schemas = await self.agent.tool_registry.get_schemas(user)
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

    # -- steps 10-18: the tool loop -------------------------------------------------

    async def _tool_loop(
        self, user: User, conversation: Conversation
    ) -> AsyncIterator[UiComponent]:
        """Steps 10-18: model call, then tool calls, until an answer or the limit."""
        while self.iteration < self.config.max_tool_iterations:
            self.iteration += 1
            request = await self._build_request(user, conversation)  # 10-12
            # 13: direct, or through the wrap_model_call chain; streamed or not
            if not self.hooks.has_wrappers(MODEL_CALL):
                if request.stream:
                    accumulator = StreamAccumulator()
                    observed = self.agent.wants_streaming(self.hooks)
                    async for chunk in self.agent.llm_service.stream_request(request):
                        accumulator.add(chunk)
                        if observed:
                            await emit_deltas(self.hooks, self.iteration, chunk)
                        if chunk.content:
                            yield text_component(chunk.content, delta=True)
                    self.response = accumulator.response()
                else:
                    self.response = await self.agent.llm_service.send_request(request)
            elif request.stream:
                run = StreamedChainRun(self, request)
                try:
                    while True:
                        for component in run.step():
                            yield component
                        if run.finished:
                            break
                        await run.wait()
                except Exception:
                    for component in run.take():  # shown before the chain failed
                        yield component
                    raise
                finally:
                    if not run.finished:
                        run.close()
                if run.broken_off:  # answered unstreamed after a failed stream
                    yield broken_off_component()  # (a fallback)
                if not run.sent_text and self.response.content:  # answered unstreamed
                    yield await unstreamed_text(self, self.response.content)  # (a cache)
            else:
                self.response = await call_model_chain(self, request)
            verdict = await self._after_model(request, self.response)  # 14
            response = self.response
            if verdict is not None:
                if verdict.retry_feedback is not None and self._may_retry():
                    self._add_retry_feedback(response, verdict.retry_feedback)
                    yield status("working", "Revising the answer")
                    continue
                if verdict.reject_reason is not None:
                    yield self._reject(verdict.reject_reason)
                    return
            if not request.stream and response.content:
                yield text_component(response.content)
            calls = response.tool_calls
            if not calls:
                if await self._finish_or_continue(response):  # 18
                    continue
                return
            self.add_message(_tool_call_message(response, calls))
            self.tool_calls.extend(calls)
            if len(calls) == 1:  # 15-17 for the common single call, inline
                yield running_component(calls[0])
                outcome = await run_tool_call(self, calls[0])
                if outcome.status != "pending":  # the result joins before it is shown
                    self.add_message(outcome.message())
                for component in outcome.components():
                    yield component
                if outcome.extra_messages or outcome.status == "pending":
                    for component in finish_tool_calls(self, [outcome]):
                        yield component
            else:
                async for component in run_tool_calls(self, calls):  # 15-17
                    yield component
            if self.paused:
                return
        yield self._iteration_limit_reached()

    async def _build_request(self, user: User, conversation: Conversation) -> LlmRequest:
        hooks = self.hooks
        if hooks.has_handlers(StartIterationEvent):
            started = StartIterationEvent(iteration=self.iteration, conversation=conversation)
            await hooks.emit(started)
            for message in started.additional_messages:
                self.add_message(message)
        messages: list[Message] = self.history
        if hooks.has_handlers(FilterMessagesEvent):
            filtered = _new_filter_messages(iteration=self.iteration, messages=list(messages))
            await hooks.emit(filtered)
            if filtered.messages != messages:  # unchanged: valid already (identity fast path)
                messages = repair_tool_pairs(filtered.messages, reason="omitted")
        llm_messages: list[LlmMessage] = messages  # type: ignore[assignment] # read-only here
        if hooks.has_handlers(EnhanceMessagesEvent):
            enhanced = EnhanceMessagesEvent(
                iteration=self.iteration, user=user, messages=list(messages)
            )
            await hooks.emit(enhanced)
            llm_messages = enhanced.messages
        config = self.config
        self.streamed = config.stream or self.agent.wants_streaming(hooks)
        request = LlmRequest(
            messages=llm_messages,
            system_prompt=self.system_prompt,
            tools=self.schemas or None,
            model=config.model,
            temperature=config.temperature,
            max_tokens=config.max_tokens,
            stream=self.streamed,
        )
        if hooks.has_handlers(BeforeLLMCallEvent):
            before = BeforeLLMCallEvent(iteration=self.iteration, request=request)
            await hooks.emit(before)
            request = before.request
        return request

    async def _after_model(
        self, request: LlmRequest, response: LlmResponse
    ) -> AfterLLMCallEvent | None:
        usage = response.usage
        if usage is not None:
            self.input_tokens += usage.input_tokens
            self.output_tokens += usage.output_tokens
        hooks = self.hooks
        event = None
        if hooks.has_handlers(AfterLLMCallEvent):
            event = _new_after_llm_call(
                iteration=self.iteration, request=request, response=response
            )
            await hooks.emit(event)
            response = event.response
        if response.content and hooks.has_handlers(TextReasoningEvent):
            await hooks.emit(TextReasoningEvent(iteration=self.iteration, text=response.content))
        if response.thinking and hooks.has_handlers(ThinkingEvent):
            await hooks.emit(ThinkingEvent(iteration=self.iteration, thinking=response.thinking))
        self.response = response
        return event

    def _may_retry(self) -> bool:
        if self.retries >= self.config.max_model_retries:
            return False
        self.retries += 1
        self.iteration -= 1
        return True

    def _add_retry_feedback(self, response: LlmResponse, feedback: str) -> None:
        """The draft and the feedback go to the model, not to storage."""
        marker = {"transient": True, "hookline": "retry_feedback"}
        draft = Message(role="assistant", content=response.content or "", metadata=marker)
        self.history.extend([draft, Message(role="user", content=feedback, metadata=marker)])

    def _reject(self, reason: str) -> UiComponent:
        self.add_message(
            Message(role="assistant", content=reason, metadata={"hookline": "rejected"})
        )
        self.final_text = reason
        return _error_component(reason, code="rejected")

    async def _finish_or_continue(self, response: LlmResponse) -> bool:
        """Store the final answer; True when a ResultMessageEvent resumes the loop."""
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
        return UiComponent(
            rich_component=StatusBarUpdateComponent(
                status="warning", message="Tool iteration limit reached", detail=text
            ),
            simple_component=SimpleTextComponent(text=text),
        )

    def add_message(self, message: Message) -> None:
        self.history.append(message)
        self.turn_messages.append(message)

    def add_results(self, outcomes: list[ToolOutcome]) -> None:
        """The results of finished calls, in call order (deferred calls have none yet)."""
        for outcome in outcomes:
            if outcome.status != "pending":
                self.add_message(outcome.message())

    def add_extra_messages(self, outcomes: list[ToolOutcome]) -> None:
        """After all results: the messages ``AfterToolCallEvent`` handlers added."""
        for outcome in outcomes:
            for message in outcome.extra_messages:
                self.add_message(message)

    # -- steps 19-20 ----------------------------------------------------------------

    async def _save_turn(self, conversation: Conversation) -> None:
        messages = self.turn_messages  # every call has its result here, by construction
        if self.hooks.has_handlers(SaveTurnMessagesEvent):
            event = SaveTurnMessagesEvent(conversation=conversation, messages=list(messages))
            await self.hooks.emit(event)
            messages = self.pending.repaired(event.messages)
        if self.config.auto_save and self.user is not None:
            await self._persist(conversation, self.user, messages)
        self._finished = True
        if self.hooks.has_handlers(ConversationSavedEvent):
            if conversation.messages is not self.history:
                conversation.messages = self.history  # observers see the whole conversation
            saved = messages if self.config.auto_save else []
            await self.hooks.emit(ConversationSavedEvent(conversation=conversation, messages=saved))

    async def _persist(
        self, conversation: Conversation, user: User, messages: list[Message]
    ) -> None:
        """Store the turn's messages once, and the waiting calls, in a crash-safe order.

        New waiting calls are added to the metadata before their messages are
        stored, and finished ones removed only after: at every moment, each
        open call in storage is listed there (stale entries are ignored on load).
        """
        store = self.agent.conversation_store
        pending = self.pending
        if pending.deferred_now:
            metadata = pending.metadata(conversation, keep_stored=True)
            await store.update_metadata(conversation.id, user, metadata)
        if messages and self._messages_saved is False:
            self._attempted = messages
            try:
                await store.append_messages(conversation.id, user, messages)
            except BaseException:  # cancelled or failed midway: it may have been committed
                self._messages_saved = None
                raise
            self._messages_saved = True
        if pending.changed:
            await store.update_metadata(conversation.id, user, pending.metadata(conversation))

    async def _attempt_stored(self, conversation: Conversation, user: User) -> bool:
        """True when the interrupted append of ``_attempted`` did reach the store."""
        stored = await self.agent.conversation_store.get_conversation(conversation.id, user)
        first = self._attempted[0]
        return stored is not None and any(m == first for m in reversed(stored.messages))

    async def _emit_completed(
        self, user: User, conversation: Conversation, *, short_circuited: bool
    ) -> None:
        if self.hooks.has_handlers(MessageCompletedEvent):
            event = _new_message_completed(
                user=user,
                conversation=conversation,
                result=self.final_text,
                usage=self.usage,
                short_circuited=short_circuited,
                paused=self.paused,
            )
            await self.hooks.emit(event)
            self.final_text = event.result

    # -- failure and cancellation ----------------------------------------------------

    async def _fail(self, error: Exception) -> UiComponent:
        self.failed = True
        self._failure = error
        message = _user_facing(error)
        logger.error("turn %s failed: %s", self.request_id, type(error).__name__, exc_info=error)
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
        return _error_component(message, code="turn_failed")

    async def _save_partial(self) -> None:
        """Persist what the turn produced, closing open tool calls ("interrupted")."""
        if self._finished:
            return
        self._finished = True
        conversation, user = self.conversation, self.user
        if conversation is None or user is None or not self.config.auto_save:
            return
        if not self.turn_messages and not self._messages_saved:
            return
        try:
            if self._messages_saved is None:  # a cancelled write: look before writing again
                self._messages_saved = await self._attempt_stored(conversation, user)
            messages = [] if self._messages_saved else self.pending.repaired(self.turn_messages)
            await self._persist(conversation, user, messages)
        except Exception:
            logger.exception("could not save the partial turn %s", self.request_id)


def _tool_call_message(response: LlmResponse, calls: list[ToolCall]) -> Message:
    """The assistant message asking for ``calls``, with the provider's replay data."""
    message = Message(role="assistant", content=response.content, tool_calls=calls)
    if response.metadata and REPLAY_KEY in response.metadata:
        message.metadata[REPLAY_KEY] = response.metadata[REPLAY_KEY]
    return message


def _user_facing(error: Exception) -> str:
    if isinstance(error, HooklineError):
        return f"The answer failed: {error}"
    return f"The answer failed because of an internal error ({type(error).__name__})."


def _error_component(message: str, *, code: str) -> UiComponent:
    return UiComponent(
        rich_component=ErrorComponent(message=message, code=code),
        simple_component=SimpleTextComponent(text=message),
    )
