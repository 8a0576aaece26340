"""hookline spans in the OpenTelemetry GenAI semantic conventions (pure mapping, no OTel).

=========================  ==========================  =================================
hookline span              OpenTelemetry span          GenAI attributes
=========================  ==========================  =================================
``agent.send_message``     ``invoke_agent {agent}``    operation.name, agent.name,
                                                       conversation.id
``llm.request``/``.stream``  ``chat {model}`` (CLIENT)   provider.name, request.model,
                                                       response.model, usage.*_tokens,
                                                       response.finish_reasons
``agent.tool.execute``     ``execute_tool {tool}``     tool.name, tool.call.id, tool.type
anything else              its own name                its own attributes
=========================  ==========================  =================================

The GenAI attributes come from the span's ``attributes`` and ``details``;
of the hookline ``attributes`` (the reference's), those a GenAI attribute
replaces are dropped and the others kept under their hookline names.
Message content (``gen_ai.input.messages``, ``gen_ai.output.messages``,
``gen_ai.system_instructions``, ``gen_ai.tool.call.arguments``/``result``)
and error messages appear only with ``capture_content=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from hookline.extensions.observability import Span
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.observability.genai_content import (
    input_messages,
    output_messages,
    system_instructions,
    to_json,
)

__all__ = ["AttributeValue", "GenAiSpan", "genai_span"]

AttributeValue: TypeAlias = str | bool | int | float | Sequence[str]
"""What an OpenTelemetry attribute may hold (the subset hookline uses)."""

_CONTENT = frozenset({"llm_request", "llm_response", "tool_arguments", "tool_result"})


@dataclass(frozen=True, kw_only=True, slots=True)
class GenAiSpan:
    """How one hookline span looks in OpenTelemetry.

    Example::

        view = genai_span(Span(name="agent.tool.execute", attributes={"tool": "add"}))
        assert view.name == "execute_tool add"
    """

    name: str
    operation: str | None = None
    """``invoke_agent``, ``chat``, ``execute_tool``, or None for hookline's own spans."""
    attributes: dict[str, AttributeValue]
    error_type: str | None = None
    error_message: str | None = None
    """Set only with ``capture_content`` (an error text may quote user data)."""

    @property
    def is_client(self) -> bool:
        """A call to a model server: span kind CLIENT."""
        return self.operation == "chat"


def genai_span(span: Span, *, capture_content: bool = False) -> GenAiSpan:
    """The OpenTelemetry name, attributes and error of ``span``."""
    mapper = _MAPPERS.get(span.name, _plain)
    facts = {**span.attributes, **span.details} if span.details else span.attributes
    return mapper(span.name, _Facts(facts, span.attributes), capture_content)


@dataclass(frozen=True, slots=True)
class _Facts:
    everything: Mapping[str, Any]
    """``attributes`` and ``details`` together: what the mapping reads."""
    attributes: Mapping[str, Any]
    """The reference attributes: what is carried over."""

    def get(self, key: str) -> Any:
        return self.everything.get(key)

    def __contains__(self, key: str) -> bool:
        return key in self.everything

    def __getitem__(self, key: str) -> Any:
        return self.everything[key]


def _plain(name: str, attributes: _Facts, capture: bool) -> GenAiSpan:
    error_type = attributes.get("error_type") or attributes.get("error")
    message = attributes.get("error_message") if capture else None
    dropped = () if capture else ("error_message",)
    return GenAiSpan(
        name=name,
        attributes=_carry(attributes, dropped),
        error_type=str(error_type) if error_type else None,
        error_message=str(message) if message else None,
    )


def _invoke_agent(name: str, attributes: _Facts, capture: bool) -> GenAiSpan:
    agent = attributes.get("agent_name")
    genai = _present(
        {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": agent,
            "gen_ai.conversation.id": attributes.get("conversation_id"),
        }
    )
    error = attributes.get("error")
    return GenAiSpan(
        name=f"invoke_agent {agent}" if agent else "invoke_agent",
        operation="invoke_agent",
        attributes={**genai, **_carry(attributes, ("agent_name", "conversation_id"))},
        error_type=str(error) if error else None,
    )


_CHAT_CONSUMED = (
    "model",
    "request_model",
    "provider",
    "input_tokens",
    "output_tokens",
    "finish_reason",
)


def _chat(name: str, attributes: _Facts, capture: bool) -> GenAiSpan:
    finished = "request_model" in attributes  # the step ended normally: "model" answered
    model = attributes.get("request_model") or attributes.get("model")
    finish = attributes.get("finish_reason")
    genai = _present(
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": attributes.get("provider"),
            "gen_ai.request.model": model,
            "gen_ai.response.model": attributes.get("model") if finished else None,
            "gen_ai.usage.input_tokens": attributes.get("input_tokens"),
            "gen_ai.usage.output_tokens": attributes.get("output_tokens"),
            "gen_ai.response.finish_reasons": (str(finish),) if finish else None,
        }
    )
    if capture:
        genai.update(_chat_content(attributes))
    error = attributes.get("error")
    return GenAiSpan(
        name=f"chat {model}" if model else "chat",
        operation="chat",
        attributes={**genai, **_carry(attributes, _CHAT_CONSUMED)},
        error_type=str(error) if error else None,
    )


def _chat_content(attributes: _Facts) -> dict[str, AttributeValue]:
    content: dict[str, AttributeValue] = {}
    request, response = attributes.get("llm_request"), attributes.get("llm_response")
    if isinstance(request, LlmRequest):
        content["gen_ai.input.messages"] = input_messages(request)
        instructions = system_instructions(request)
        if instructions is not None:
            content["gen_ai.system_instructions"] = instructions
    if isinstance(response, LlmResponse):
        content["gen_ai.output.messages"] = output_messages(response)
    return content


def _execute_tool(name: str, attributes: _Facts, capture: bool) -> GenAiSpan:
    tool = attributes.get("tool")
    genai = _present(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool,
            "gen_ai.tool.call.id": attributes.get("tool_call_id"),
            "gen_ai.tool.type": "function",
        }
    )
    if capture:
        genai.update(_tool_content(attributes))
    return GenAiSpan(
        name=f"execute_tool {tool}" if tool else "execute_tool",
        operation="execute_tool",
        attributes={**genai, **_carry(attributes, ("tool", "tool_call_id", "error_type", "error"))},
        error_type=_tool_error_type(attributes),
        error_message=str(attributes["error"]) if capture and attributes.get("error") else None,
    )


def _tool_error_type(attributes: _Facts) -> str | None:
    if attributes.get("error_type"):
        return str(attributes["error_type"])
    if attributes.get("success") is False:
        return "tool_error"
    error = attributes.get("error")  # an exception type set by the tracer ("interrupted"...)
    return str(error) if error and "success" not in attributes else None


def _tool_content(attributes: _Facts) -> dict[str, AttributeValue]:
    content: dict[str, AttributeValue] = {}
    if attributes.get("tool_arguments") is not None:
        content["gen_ai.tool.call.arguments"] = to_json(attributes["tool_arguments"])
    if attributes.get("tool_result") is not None:
        content["gen_ai.tool.call.result"] = str(attributes["tool_result"])
    return content


def _present(values: Mapping[str, Any]) -> dict[str, AttributeValue]:
    return {key: value for key, value in values.items() if value is not None}


def _carry(facts: _Facts, consumed: Iterable[str]) -> dict[str, AttributeValue]:
    """The reference attributes as OTel values: no None, no content objects."""
    skip = _CONTENT.union(consumed)
    return {
        key: _value(value)
        for key, value in facts.attributes.items()
        if value is not None and key not in skip
    }


def _value(value: Any) -> AttributeValue:
    if isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return tuple(value)
    return str(value)


_Mapper = Callable[[str, _Facts, bool], GenAiSpan]
_MAPPERS: dict[str, _Mapper] = {
    "agent.send_message": _invoke_agent,
    "llm.request": _chat,
    "llm.stream": _chat,
    "agent.tool.execute": _execute_tool,
}
