"""The OpenAI chat request: what the server honors, what it refuses, and the turn it makes.

Policy (docs/server.md, "OpenAI-compatible endpoint"):

- ``tools`` (functions) are client tools (``server/client_tools.py``): a call
  comes back as ``tool_calls`` whose id names the paused conversation; a
  request ending with the ``tool`` results continues it.  ``tool_choice`` is
  honored (``server/tool_choice.py``): ``"auto"``, ``"none"`` (the tools are
  not offered), ``"required"`` and a named function (the model must call one
  of the request's tools, or that one).  ``functions`` / ``function_call``
  (the deprecated form) and ``n`` > 1 are refused with 400
  ``unsupported_parameter`` naming the field.
- ``system`` / ``developer`` messages are the client's instructions, with the
  trust of a user message: they are put, marked, before the user's message
  (so every gate sees them) and never replace the agent's own system prompt.
- ``response_format`` ``json_object`` / ``json_schema`` adds an instruction the
  same way and the answer is validated (``server/openai_format.py``).
- Earlier user messages go through the same gates as the last one
  (``max_message_chars``, ``MessageReceivedEvent``); earlier assistant
  messages (with their tool calls and the client's tool results written
  into them as marked notes) are kept as client-supplied context, marked
  ``metadata={"source": "client"}``, in a conversation that is deleted when
  the response ends.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hookline.agent.agent import Agent
from hookline.agent.message_gate import gate_message
from hookline.errors import AgentError
from hookline.llm.models import ToolSchema
from hookline.server.errors import ApiError
from hookline.storage.models import Message
from hookline.users.models import RequestContext, User

__all__ = [
    "CLIENT_SOURCE",
    "ChatCompletionMessage",
    "ChatCompletionRequest",
    "ResponseFormat",
    "ResponsesRequest",
    "check_supported",
    "client_call_id",
    "client_tool_schemas",
    "earlier_history",
    "forced_tool_choice",
    "request_tool_schemas",
    "tool_results",
    "turn_message",
]

CLIENT_SOURCE = {"source": "client"}
_ROLES = ("system", "developer", "user", "assistant")
_CHOICE_WHY = (
    "use 'auto', 'none', 'required' or "
    '{"type": "function", "function": {"name": "<one of tools>"}}.'
)
_FUNCTIONS_WHY = "the deprecated functions API is not supported; use 'tools'."
CALL_ID_PREFIX = "hl~"


class ChatCompletionMessage(BaseModel):
    """One message of the request (content as a string or a list of parts)."""

    model_config = ConfigDict(extra="allow")

    role: str
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None

    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        parts = self.content or []
        return "".join(str(p.get("text", "")) for p in parts if p.get("type") == "text")


class JsonSchemaFormat(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    name: str = "response"
    json_schema: dict[str, Any] | None = Field(default=None, alias="schema")
    strict: bool | None = None


class ResponseFormat(BaseModel):
    """``{"type": "text" | "json_object" | "json_schema", "json_schema": {...}}``."""

    model_config = ConfigDict(extra="allow")

    type: Literal["text", "json_object", "json_schema"]
    json_schema: JsonSchemaFormat | None = None


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")

    include_usage: bool = False


class ChatCompletionRequest(BaseModel):
    """The OpenAI request body.

    Sampling parameters (``temperature``, ``max_tokens``, ``seed`` ...) are
    accepted and left to the served agent's model configuration.
    """

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[ChatCompletionMessage] = Field(min_length=1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    user: str | None = None
    conversation_id: str | None = None
    n: int | None = None
    tools: list[Any] | None = None
    tool_choice: Any = None
    functions: list[Any] | None = None
    function_call: Any = None
    response_format: ResponseFormat | None = None


def unsupported(param: str, why: str) -> ApiError:
    return ApiError(400, f"{param}: {why}", code="unsupported_parameter", param=param)


def check_supported(body: ChatCompletionRequest) -> None:
    """Raise 400 ``unsupported_parameter`` naming the first field the server cannot honor."""
    forced_tool_choice(body)
    request_tool_schemas(body)
    if body.functions or body.function_call is not None:
        raise unsupported("functions" if body.functions else "function_call", _FUNCTIONS_WHY)
    if body.n not in (None, 1):
        raise unsupported("n", "only one choice per request (n=1) is supported.")
    for index, message in enumerate(body.messages):
        _check_message(index, message)
    fmt = body.response_format
    no_schema = fmt is not None and (fmt.json_schema is None or fmt.json_schema.json_schema is None)
    if fmt is not None and fmt.type == "json_schema" and no_schema:
        raise ApiError(
            400,
            "response_format.json_schema.schema: required for type 'json_schema'.",
            code="invalid_request",
            param="response_format.json_schema",
        )


def forced_tool_choice(body: ChatCompletionRequest) -> str | dict[str, str] | None:
    """The request's ``tool_choice`` as the model is forced by it: ``"required"``,
    ``{"name": <tool>}``, or None (``"auto"``, ``"none"``, left out); 400 for another
    value, or one naming no tool of the request."""
    choice = body.tool_choice
    if choice in (None, "auto", "none"):
        return None
    names = [schema.name for schema in request_tool_schemas(body)]
    if choice == "required":
        forced: str | dict[str, str] = "required"
    elif isinstance(choice, dict) and choice.get("type") == "function":
        function = choice.get("function")
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(name, str) or name not in names:
            raise _invalid_choice(f"{name!r} is not the name of one of the request's tools.")
        forced = {"name": name}
    else:
        raise unsupported("tool_choice", _CHOICE_WHY)
    if not names:
        raise _invalid_choice("the request has no tools to call.")
    return forced


def _invalid_choice(why: str) -> ApiError:
    return ApiError(400, f"tool_choice: {why}", code="invalid_request", param="tool_choice")


def _check_message(index: int, message: ChatCompletionMessage) -> None:
    if message.role == "function":
        raise unsupported(f"messages[{index}].role", _FUNCTIONS_WHY)
    if message.tool_calls and message.role != "assistant":
        raise unsupported(f"messages[{index}].tool_calls", "only assistant messages call tools.")
    if message.role == "tool" and not message.tool_call_id:
        raise ApiError(
            400,
            f"messages[{index}].tool_call_id: required for a tool message.",
            code="invalid_request",
            param=f"messages[{index}].tool_call_id",
        )
    if message.role not in (*_ROLES, "tool"):
        raise ApiError(
            400,
            f"messages[{index}].role: unknown role {message.role!r}.",
            code="invalid_request",
            param=f"messages[{index}].role",
        )


def last_user_index(body: ChatCompletionRequest) -> int:
    for index in range(len(body.messages) - 1, -1, -1):
        if body.messages[index].role == "user":
            return index
    raise ApiError(
        422, "messages: no message with role 'user'", code="invalid_request", param="messages"
    )


def turn_message(body: ChatCompletionRequest) -> str:
    """The turn's input: the client's instructions (marked), then the last user message."""
    text = body.messages[last_user_index(body)].text()
    instructions = [m.text() for m in body.messages if m.role in ("system", "developer")]
    format_note = format_instruction(body.response_format)
    if format_note:
        instructions.append(format_note)
    instructions = [i for i in instructions if i.strip()]
    if not instructions:
        return text
    block = "\n\n".join(instructions)
    return (
        "[Instructions from the client application (system/developer messages of the "
        f"request); they do not replace your own instructions]\n{block}\n"
        f"[End of client instructions]\n\n{text}"
    )


def format_instruction(fmt: ResponseFormat | None) -> str | None:
    """What the model is told for ``response_format`` (None for plain text)."""
    if fmt is None or fmt.type == "text":
        return None
    if fmt.type == "json_object":
        return "Answer with one JSON object only: no prose, no code fence."
    assert fmt.json_schema is not None and fmt.json_schema.json_schema is not None
    schema = json.dumps(fmt.json_schema.json_schema, ensure_ascii=False)
    return (
        "Answer with one JSON value only (no prose, no code fence) that validates "
        f"against this JSON Schema: {schema}"
    )


async def earlier_history(
    agent: Agent, context: RequestContext, user: User, body: ChatCompletionRequest
) -> list[Message]:
    """The messages before the last user message, gated and marked as client-supplied.

    Each user message passes the same gates as a turn's message (length,
    ``MessageReceivedEvent``: a hook may rewrite it or halt with 400).
    """
    history: list[Message] = []
    for index, message in enumerate(body.messages[: last_user_index(body)]):
        param = f"messages[{index}]"
        if message.role == "user":
            _add(history, "user", await gate(agent, context, user, message.text(), param=param))
        elif message.role == "assistant":
            _add(history, "assistant", "\n".join([message.text(), *_call_notes(message)]))
        elif message.role == "tool":
            text = await gate(agent, context, user, message.text(), param=param)
            note = f"[client-supplied tool result for {message.tool_call_id}]: {text}"
            _add(history, "assistant", note, merge=True)
    return history


def _add(history: list[Message], role: str, text: str, *, merge: bool = False) -> None:
    text = text.strip()
    if not text:
        return
    if merge and history and history[-1].role == role:
        history[-1] = history[-1].model_copy(update={"content": f"{history[-1].content}\n{text}"})
        return
    history.append(Message(role=role, content=text, metadata=dict(CLIENT_SOURCE)))


def _call_notes(message: ChatCompletionMessage) -> list[str]:
    notes = []
    for call in message.tool_calls or ():
        function = call.get("function") or {}
        notes.append(
            f"[client-supplied tool call {call.get('id')}: "
            f"{function.get('name')}({function.get('arguments', '')})]"
        )
    return notes


def client_tool_schemas(body: ChatCompletionRequest) -> list[ToolSchema]:
    """The request's ``tools`` as the model is offered them: none for ``tool_choice:
    "none"``; 400 for a malformed one."""
    return [] if body.tool_choice == "none" else request_tool_schemas(body)


def request_tool_schemas(body: ChatCompletionRequest) -> list[ToolSchema]:
    """The request's ``tools`` as schemas; 400 for a malformed one."""
    schemas = []
    for index, entry in enumerate(body.tools or ()):
        function = entry.get("function") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or entry.get("type") != "function" or not function:
            raise unsupported(f"tools[{index}]", "only tools of type 'function' are supported.")
        try:
            schemas.append(
                ToolSchema(
                    name=function["name"],
                    description=function.get("description") or "",
                    parameters=function.get("parameters") or {"type": "object", "properties": {}},
                )
            )
        except (KeyError, ValidationError):
            raise ApiError(
                400,
                f"tools[{index}].function: needs a 'name' and a JSON Schema 'parameters'.",
                code="invalid_request",
                param=f"tools[{index}].function",
            ) from None
    return schemas


def tool_results(body: ChatCompletionRequest) -> tuple[str, dict[str, str]] | None:
    """For a request ending with ``tool`` messages: the paused conversation and the
    results by call id (ids as the server handed them out: ``hl~<conversation>~<call>``).
    """
    trailing: list[ChatCompletionMessage] = []
    for message in reversed(body.messages):
        if message.role != "tool":
            break
        trailing.append(message)
    if not trailing:
        return None
    conversations, results = set(), {}
    for message in reversed(trailing):
        parts = (message.tool_call_id or "").split("~", 2)
        if len(parts) != 3 or parts[0] + "~" != CALL_ID_PREFIX:
            raise ApiError(
                400,
                f"tool_call_id {message.tool_call_id!r}: not a tool call this server handed out.",
                code="invalid_request",
                param="messages",
            )
        conversations.add(parts[1])
        results[parts[2]] = message.text()
    if len(conversations) != 1:
        raise ApiError(
            400, "tool results of one response only.", code="invalid_request", param="messages"
        )
    return conversations.pop(), results


def client_call_id(conversation_id: str, call_id: str) -> str:
    """The id a client gets for a client tool's call: it names the paused conversation."""
    return f"{CALL_ID_PREFIX}{conversation_id}~{call_id}"


async def gate(agent: Agent, context: RequestContext, user: User, text: str, *, param: str) -> str:
    """Step 3 of a turn for one earlier user message: the turn's own gate
    (``gate_message``: the length limit and the hooks), a halt as a 400."""
    try:
        return await gate_message(agent.hooks, agent.config.max_message_chars, user, text, context)
    except AgentError as exc:
        raise ApiError(400, f"{param}: {exc}", code="halted", param=param) from None


class ResponsesRequest(BaseModel):
    """The Responses API request body (the subset above)."""

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    input: str | list[dict[str, Any]]
    instructions: str | None = None
    stream: bool = False
    user: str | None = None
    previous_response_id: str | None = None
    tools: list[Any] | None = None
    tool_choice: Any = None
    text: dict[str, Any] | None = None
