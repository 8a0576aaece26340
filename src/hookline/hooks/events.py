"""The event catalogue: one dataclass per point of the 20-step turn, and the two chains.

Each docstring says which fields a handler may change and what the pipeline
does with them.  Fields not listed are information: changing them has no
effect.  Step numbers refer to the turn order in ``docs/concepts.md``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from hookline.hooks.registry import Chain, HookEvent
from hookline.llm.models import LlmMessage, LlmRequest, LlmResponse, ToolCall, ToolSchema, Usage
from hookline.storage.models import Conversation, Message
from hookline.users.models import RequestContext, User

if TYPE_CHECKING:
    from hookline.components.base import UiComponent
    from hookline.hooks.stream import StreamTransformer
    from hookline.tools.approval import ApprovalDecision
    from hookline.tools.base import Tool
    from hookline.tools.context import ToolContext
    from hookline.tools.result import ToolResult

__all__ = [
    "ALL_EVENT_TYPES",
    "GUARD_EVENT_TYPES",
    "MODEL_CALL",
    "OBSERVER_EVENT_TYPES",
    "TOOL_CALL",
    "TURN_EVENT_TYPES",
    "AfterLLMCallEvent",
    "AfterToolCallEvent",
    "ApprovalDecisionEvent",
    "BeforeLLMCallEvent",
    "BeforeToolCallEvent",
    "ConversationLoadedEvent",
    "ConversationSavedEvent",
    "EnhanceMessagesEvent",
    "EnrichToolContextEvent",
    "FilterMessagesEvent",
    "GuardrailTrippedEvent",
    "HandleMessageEvent",
    "InputGuardrailEvent",
    "MessageAcceptedEvent",
    "MessageCompletedEvent",
    "MessageReceivedEvent",
    "ModelCallNext",
    "ModelErrorEvent",
    "ParallelInputGuardrailEvent",
    "ResultMessageEvent",
    "SaveTurnMessagesEvent",
    "SlashCommandEvent",
    "StartIterationEvent",
    "StarterUiEvent",
    "StreamTransformEvent",
    "SystemPromptEvent",
    "TextDeltaEvent",
    "TextReasoningEvent",
    "ThinkingDeltaEvent",
    "ThinkingEvent",
    "ToolCallEndedEvent",
    "ToolCallNext",
    "ToolErrorEvent",
    "ToolInvocation",
    "ToolSchemasEvent",
    "TurnEndedEvent",
    "TurnFailedEvent",
    "TurnStartedEvent",
    "UserMessageEvent",
    "UserResolvedEvent",
]


@dataclass(kw_only=True, slots=True)
class StarterUiEvent(HookEvent):
    """Step 2: the message is empty or ``starter_ui_request`` is set.

    Set ``components`` to show a starter UI (then a status bar and chat
    input update follow and the turn ends without the model).  Left None, an
    empty message ends the turn with nothing shown.
    """

    user: User
    conversation: Conversation
    request_context: RequestContext
    components: list[UiComponent] | None = None


@dataclass(kw_only=True, slots=True)
class MessageReceivedEvent(HookEvent):
    """Step 3 (``before_message`` / ``before_agent``), before anything is stored.

    May change ``message`` (the text that continues; a ``str``, within
    ``AgentConfig.max_message_chars`` as the original).  Raise ``AgentError``
    to halt: the conversation is unchanged and the user sees the error.  The
    one implementation of the step is ``hookline.agent.message_gate.gate_message``;
    ``before_agent`` and ``before_message`` are handlers of this event.
    """

    user: User
    message: str
    request_context: RequestContext
    conversation_id: str | None = None


@dataclass(kw_only=True, slots=True)
class HandleMessageEvent(HookEvent):
    """Step 5 (``WorkflowHandler.try_handle``): answer without the model.

    Set ``handled = True`` and ``components`` (a list or an async iterator) to
    answer; the user's message is then not added to the history.
    ``conversation_mutation`` (async, takes the Conversation) runs after the
    components are streamed and before the conversation is saved.  Set
    ``handled = True`` and ``decisions`` (a reviewer's, keyed by tool call id:
    ``/approve`` and ``/reject``) to continue the paused turn with them instead.
    """

    user: User
    conversation: Conversation
    message: str
    request_context: RequestContext
    handled: bool = False
    components: list[UiComponent] | AsyncIterator[UiComponent] | None = None
    conversation_mutation: Callable[[Conversation], Awaitable[None]] | None = None
    decisions: dict[str, ApprovalDecision] | None = None


@dataclass(kw_only=True, slots=True)
class SlashCommandEvent(HandleMessageEvent):
    """Step 5, first, for a message that starts with "/" (``/help``, ``/approve``):
    the same fields and answers as ``HandleMessageEvent``, for handlers that answer
    nothing but slash commands (a ``WorkflowHandler`` with ``commands_only``, as the
    default one).  A plain message never builds it; an unanswered command goes on to
    ``HandleMessageEvent``.
    """


@dataclass(kw_only=True, slots=True)
class UserMessageEvent(HookEvent):
    """Step 5: the user's turn is about to be appended and persisted.

    ``messages`` (mutable) are what is appended: replace or augment them.
    """

    user: User
    conversation: Conversation
    messages: list[Message]


@dataclass(kw_only=True, slots=True)
class MessageAcceptedEvent(HookEvent):
    """Step 5: the user's messages are stored. Information only."""

    user: User
    conversation: Conversation
    messages: list[Message]


@dataclass(kw_only=True, slots=True)
class EnrichToolContextEvent(HookEvent):
    """Step 6 (``ToolContextEnricher``): add to ``context.metadata`` or replace ``context``.

    The resulting context is handed to every tool call of the turn.
    """

    context: ToolContext


@dataclass(kw_only=True, slots=True)
class ToolSchemasEvent(HookEvent):
    """Step 7: the schemas offered to the model this turn; ``schemas`` is mutable.

    Narrowing hides tools from the model; adding a schema does not grant
    access (calls are checked against access groups when they execute).
    """

    user: User
    schemas: list[ToolSchema]


@dataclass(kw_only=True, slots=True)
class SystemPromptEvent(HookEvent):
    """Step 9 (``enhance_system_prompt``), once per turn; ``system_prompt`` is mutable."""

    user: User
    user_message: str
    system_prompt: str | None


@dataclass(kw_only=True, slots=True)
class StartIterationEvent(HookEvent):
    """Step 10: a tool-loop iteration starts (``iteration`` counts from 1).

    Append to ``additional_messages`` to inject messages before the model
    call; they join the turn (mark them ``metadata={"transient": True}`` and
    drop them in ``SaveTurnMessagesEvent`` to keep them out of storage).
    """

    iteration: int
    conversation: Conversation
    additional_messages: list[Message] = field(default_factory=list)


@dataclass(kw_only=True, slots=True)
class FilterMessagesEvent(HookEvent):
    """Step 10 (``ConversationFilter``, ``before_model``): ``messages`` is mutable.

    Runs before every model call.  Whatever the handlers leave, the
    pipeline repairs tool pairs afterwards: a result whose call was dropped
    is removed and a call whose result was dropped gets an "omitted" result.
    """

    iteration: int
    messages: list[Message]


@dataclass(kw_only=True, slots=True)
class EnhanceMessagesEvent(HookEvent):
    """Step 11 (``enhance_user_messages``): the model-bound ``messages`` are mutable."""

    iteration: int
    user: User
    messages: list[LlmMessage]


@dataclass(kw_only=True, slots=True)
class BeforeLLMCallEvent(HookEvent):
    """Step 12 (``before_llm_request``): ``request`` may be changed or replaced."""

    iteration: int
    request: LlmRequest


@dataclass(kw_only=True, slots=True)
class TextDeltaEvent(HookEvent):
    """Step 13, streaming: a piece of answer text. Registering a handler turns streaming on."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    iteration: int
    text: str


@dataclass(kw_only=True, slots=True)
class ThinkingDeltaEvent(HookEvent):
    """Step 13, streaming: a piece of the model's thinking. A handler turns streaming on."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    iteration: int
    text: str


@dataclass(kw_only=True, slots=True)
class AfterLLMCallEvent(HookEvent):
    """Step 14 (``after_llm_response``, ``after_model``).

    ``response`` may be changed or replaced.  Set ``reject_reason`` to end the
    turn without running tools (the user sees the reason); set
    ``retry_feedback`` to call the model again with that feedback appended
    (at most ``AgentConfig.max_model_retries`` times a turn).
    """

    iteration: int
    request: LlmRequest
    response: LlmResponse
    reject_reason: str | None = None
    retry_feedback: str | None = None


@dataclass(kw_only=True, slots=True)
class TextReasoningEvent(HookEvent):
    """Step 14: the text of the model's answer (one per response with text)."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    iteration: int
    text: str


@dataclass(kw_only=True, slots=True)
class ThinkingEvent(HookEvent):
    """Step 14: the model's thinking block, when the provider returns one."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    iteration: int
    thinking: str


@dataclass(kw_only=True, slots=True)
class BeforeToolCallEvent(HookEvent):
    """Step 15 (``before_tool``): replace ``call`` to amend arguments; set
    ``blocked_reason`` to block it (the model gets a "blocked" result); set
    ``defer_reason`` to pause the turn until a reviewer decides (see
    ``Agent.resume``).  ``approved`` is True when a reviewer approved this call.
    """

    call: ToolCall
    tool: Tool[Any] | None
    context: ToolContext
    approved: bool = False
    blocked_reason: str | None = None
    defer_reason: str | None = None


@dataclass(kw_only=True, slots=True)
class ApprovalDecisionEvent(HookEvent):
    """A reviewer (``approver``) decides a waiting ``call`` of ``user``'s conversation.

    Emitted by a resumed turn for each decided call, before it is claimed, and by
    ``GET /api/v1/approvals`` for each waiting call it may list (then ``conversation``
    is a summary without messages and ``decision`` an approval of the digest shown).
    Set ``allowed`` to True or False to apply an approver policy
    (``HumanApprovalMiddleware(approvers=...)`` does); left None, the default
    applies: only the conversation's owner may decide.  ``refused_reason`` is
    what a refused reviewer reads (``ApprovalError("not_allowed")``); a refusal
    changes nothing.
    """

    user: User
    approver: User
    conversation: Conversation
    call: ToolCall
    decision: ApprovalDecision
    allowed: bool | None = None
    refused_reason: str | None = None


@dataclass(kw_only=True, slots=True)
class AfterToolCallEvent(HookEvent):
    """Step 17 (``after_tool``): ``result`` may be replaced; messages appended to
    ``additional_messages`` follow the tool results in the history.
    """

    call: ToolCall
    tool: Tool[Any] | None
    context: ToolContext
    result: ToolResult
    duration_ms: float
    additional_messages: list[Message] = field(default_factory=list)


@dataclass(kw_only=True, slots=True)
class ResultMessageEvent(HookEvent):
    """Step 18: the model answered without tool calls.

    Put messages in ``continue_messages`` to resume the tool loop with them
    instead of finishing.
    """

    iteration: int
    response: LlmResponse
    message: Message
    continue_messages: list[Message] = field(default_factory=list)


@dataclass(kw_only=True, slots=True)
class SaveTurnMessagesEvent(HookEvent):
    """Step 19: ``messages`` (mutable) are what is persisted for this turn.

    The user's own message is already stored (step 5) and is not in the list.
    Tool pairs are repaired after the handlers run.
    """

    conversation: Conversation
    messages: list[Message]


@dataclass(kw_only=True, slots=True)
class MessageCompletedEvent(HookEvent):
    """Step 20 (``after_message`` / ``after_agent``): the turn is done and saved.

    ``result`` (mutable) is the final text ``Agent.run`` returns.
    ``short_circuited`` is True when a workflow answered without the model;
    ``paused`` when tool calls wait for a reviewer.
    """

    user: User
    conversation: Conversation
    result: str
    usage: Usage
    short_circuited: bool = False
    paused: bool = False


@dataclass(kw_only=True, slots=True)
class TurnFailedEvent(HookEvent):
    """The turn failed (a model error, a bug in a hook). Emitted before the
    error component; ``user_message`` (mutable) is what the user sees.
    """

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    user: User | None
    conversation_id: str | None
    error: BaseException
    user_message: str


# -- observer events: boundaries of the turn's phases, for instrumentation -------------
# Information only: no field is read back.  Emitted only when a handler is registered.


@dataclass(kw_only=True, slots=True)
class TurnStartedEvent(HookEvent):
    """A turn begins, before step 1.  ``resuming``: a reviewer's decisions continue it."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    request_context: RequestContext
    message: str
    conversation_id: str | None
    resuming: bool = False


@dataclass(kw_only=True, slots=True)
class UserResolvedEvent(HookEvent):
    """Step 1 is done: ``user`` is who the turn runs for."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    user: User
    request_context: RequestContext


@dataclass(kw_only=True, slots=True)
class ConversationLoadedEvent(HookEvent):
    """Step 4 is done: ``conversation`` was loaded, or created when ``is_new``."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    user: User
    conversation: Conversation
    is_new: bool


@dataclass(kw_only=True, slots=True)
class ToolCallEndedEvent(HookEvent):
    """Steps 15-17 are done for one call (blocked, deferred and rejected calls too).

    ``status`` is "success", "error", "blocked", "pending" (deferred for a
    reviewer) or "rejected"; ``duration_ms`` is the tool's own run time.
    """

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    call: ToolCall
    result: ToolResult
    status: str
    duration_ms: float


@dataclass(kw_only=True, slots=True)
class ConversationSavedEvent(HookEvent):
    """Step 19 is done: ``messages`` were stored (empty with ``auto_save`` off)."""

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    conversation: Conversation
    messages: list[Message]


@dataclass(kw_only=True, slots=True)
class TurnEndedEvent(HookEvent):
    """The turn is over, however it ended (always the last event of a turn).

    ``error`` is the failure's exception when ``failed``; ``iterations`` counts
    model calls of the tool loop.
    """

    guards_step: ClassVar[bool] = False  # on_error="skip_step" logs

    user: User | None
    conversation_id: str
    iterations: int
    usage: Usage
    hit_tool_limit: bool = False
    failed: bool = False
    halted: bool = False
    paused: bool = False
    error: BaseException | None = None


# -- error hooks, guardrails ----------------------------------------------------------


@dataclass(kw_only=True, slots=True)
class ModelErrorEvent(HookEvent):
    """Step 13 failed: the model chain raised ``error`` (``on_model_error``).

    Set ``response`` to answer instead (the turn goes on with it, shown like a
    model's answer); left None, the error goes on and the turn fails.
    """

    iteration: int
    request: LlmRequest
    error: Exception
    response: LlmResponse | None = None


@dataclass(kw_only=True, slots=True)
class ToolErrorEvent(HookEvent):
    """Step 16 failed: the tool raised (its failed result keeps the exception) or
    the tool chain raised ``error`` (``on_tool_error``).

    Set ``result`` to use it instead; left None, a tool's failure stays the
    failed result the model reads, and a chain's error goes on (the turn fails).
    """

    call: ToolCall
    context: ToolContext
    error: Exception
    result: ToolResult | None = None


@dataclass(kw_only=True, slots=True)
class StreamTransformEvent(HookEvent):
    """Step 13, once per model answer: append ``StreamTransformer``s to
    ``transformers``; the answer's text passes through them, in order, before
    any client (or ``TextDeltaEvent`` handler) sees it, and the stored answer
    is what they let through.  Streamed or not, every answer goes through them.
    """

    iteration: int
    request: LlmRequest
    transformers: list[StreamTransformer] = field(default_factory=list)


@dataclass(kw_only=True, slots=True)
class InputGuardrailEvent(HookEvent):
    """Before the first model call of a turn, sequential: the model is called only
    after every handler ran.  Call ``trip(guardrail, reason)`` to stop the turn:
    no model call, no tool; the user sees "stopped by <guardrail>".
    """

    user: User
    message: str
    tripped_by: str | None = None
    reason: str | None = None

    def trip(self, guardrail: str, reason: str | None = None) -> None:
        """Stop the turn (the first call wins)."""
        if self.tripped_by is None:
            self.tripped_by, self.reason = guardrail, reason


@dataclass(kw_only=True, slots=True)
class ParallelInputGuardrailEvent(InputGuardrailEvent):
    """``InputGuardrailEvent`` run in parallel with the first model call: the answer
    is held back until the handlers are done; if one trips, the model call is
    cancelled and no tool runs.
    """


@dataclass(kw_only=True, slots=True)
class GuardrailTrippedEvent(HookEvent):
    """A guardrail stopped the turn (information only).

    ``stage`` is "input" (an input guardrail) or "output" (a stream
    transformer raised ``GuardrailTripped`` mid-answer).
    """

    guards_step: ClassVar[bool] = False

    guardrail: str
    stage: Literal["input", "output"]
    reason: str | None
    iteration: int


@dataclass(kw_only=True, slots=True)
class ToolInvocation:
    """The request type of the tool chain: one call, its tool and context."""

    call: ToolCall
    tool: Tool[Any] | None
    context: ToolContext


ModelCallNext = Callable[[LlmRequest], Awaitable[LlmResponse]]
"""The ``call_next`` a ``wrap_model_call`` wrapper receives."""

ToolCallNext = Callable[[ToolInvocation], Awaitable["ToolResult"]]
"""The ``call_next`` a ``wrap_tool_call`` wrapper receives."""

MODEL_CALL: Chain[LlmRequest, LlmResponse] = Chain("model_call")
"""``wrap_model_call(request, call_next) -> LlmResponse`` chain (step 13)."""

TOOL_CALL: Chain[ToolInvocation, ToolResult] = Chain("tool_call")
"""``wrap_tool_call(invocation, call_next) -> ToolResult`` chain (step 16)."""

TURN_EVENT_TYPES: tuple[type[HookEvent], ...] = (
    StarterUiEvent,
    MessageReceivedEvent,
    SlashCommandEvent,
    HandleMessageEvent,
    ApprovalDecisionEvent,
    UserMessageEvent,
    MessageAcceptedEvent,
    EnrichToolContextEvent,
    ToolSchemasEvent,
    SystemPromptEvent,
    StartIterationEvent,
    FilterMessagesEvent,
    EnhanceMessagesEvent,
    BeforeLLMCallEvent,
    TextDeltaEvent,
    ThinkingDeltaEvent,
    AfterLLMCallEvent,
    TextReasoningEvent,
    ThinkingEvent,
    BeforeToolCallEvent,
    AfterToolCallEvent,
    ResultMessageEvent,
    SaveTurnMessagesEvent,
    MessageCompletedEvent,
    TurnFailedEvent,
)
"""The events of the 20-step turn, in turn order, and ``TurnFailedEvent``."""

OBSERVER_EVENT_TYPES: tuple[type[HookEvent], ...] = (
    TurnStartedEvent,
    UserResolvedEvent,
    ConversationLoadedEvent,
    ToolCallEndedEvent,
    ConversationSavedEvent,
    GuardrailTrippedEvent,
    TurnEndedEvent,
)
"""The phase boundaries instrumentation subscribes to (information only)."""

GUARD_EVENT_TYPES: tuple[type[HookEvent], ...] = (
    InputGuardrailEvent,
    ParallelInputGuardrailEvent,
    StreamTransformEvent,
    ModelErrorEvent,
    ToolErrorEvent,
)
"""Guardrails and error hooks: a handler changes how the turn runs (held answers, a
guarded stream), so recorders subscribe to them only when asked."""

ALL_EVENT_TYPES: tuple[type[HookEvent], ...] = (
    *TURN_EVENT_TYPES,
    *GUARD_EVENT_TYPES,
    *OBSERVER_EVENT_TYPES,
)
"""Every event the pipeline emits: the turn events and the phase boundaries."""
