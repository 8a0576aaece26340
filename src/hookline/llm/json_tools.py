"""Tool calls for models without native tool calling: one JSON object per reply.

The model answers with exactly one JSON object, either
``{"tool": "<name>", "arguments": {...}}`` to call a tool or
``{"answer": "<text>"}`` to answer.  ``reply_schema`` is the JSON schema of
that object (for constrained decoding), ``tool_instructions`` the prompt
text that describes it, and ``parse_reply`` reads a reply leniently when no
constraint was applied.  ``AnswerStream`` extracts the answer text from a
reply that is still being generated, so answers stream.

Example::

    reply = parse_reply('{"tool": "add", "arguments": {"a": 1}}')
    assert reply.tool == "add" and reply.arguments == {"a": 1}
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from hookline.llm.models import ToolSchema

__all__ = [
    "AnswerStream",
    "ParsedReply",
    "parse_reply",
    "reply_schema",
    "tool_instructions",
]

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"type": "string"}},
    "required": ["answer"],
    "additionalProperties": False,
}
_ANSWER_OPENING = '{"answer":"'
_OPENING = re.compile(r'\s*\{\s*"answer"\s*:\s*"')
_TOOL_NAME = re.compile(r'"tool"\s*:\s*"([^"]+)"')
_ARGUMENTS = re.compile(r'"arguments"\s*:\s*')
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}


def tool_instructions(tools: list[ToolSchema], *, answer: bool = True) -> str:
    """The prompt text that lists ``tools`` and describes the reply format
    (``answer=False``: a tool must be called)."""
    lines = ["You have these tools:"]
    lines.extend(f"- {t.name}: {t.description} Arguments: {_signature(t)}" for t in tools)
    lines += ["", "Reply with one JSON object only."]
    if not answer:
        return "\n".join([*lines, 'Call a tool: {"tool": "<tool name>", "arguments": {...}}'])
    lines += [
        'If a tool can help, call it: {"tool": "<tool name>", "arguments": {...}}',
        'Otherwise answer: {"answer": "<your answer>"}',
    ]
    return "\n".join(lines)


def _signature(tool: ToolSchema) -> str:
    properties = tool.parameters.get("properties", {})
    fields = [f'"{name}": {_type_name(spec)}' for name, spec in properties.items()]
    return "{" + ", ".join(fields) + "}"


def _type_name(spec: Any) -> str:
    kind = spec.get("type", "value") if isinstance(spec, dict) else "value"
    return kind if isinstance(kind, str) else "/".join(map(str, kind))


def reply_schema(
    tools: list[ToolSchema], *, allow_tools: bool = True, answer: bool = True
) -> dict[str, Any]:
    """The JSON schema of a reply: one branch per tool, and the answer branch.

    Each tool's parameter schema constrains its ``arguments`` (``$defs`` are
    moved to the root; a tool whose ``$defs`` clash with another's gets a
    free-form object).  ``allow_tools=False`` leaves only the answer branch;
    ``answer=False`` leaves it out (a tool must be called).
    """
    if not allow_tools or not tools:
        return ANSWER_SCHEMA
    defs: dict[str, Any] = {}
    branches = [_tool_branch(tool, defs) for tool in tools]
    schema: dict[str, Any] = {"anyOf": [*branches, ANSWER_SCHEMA] if answer else branches}
    if defs:
        schema["$defs"] = defs
    return schema


def _tool_branch(tool: ToolSchema, defs: dict[str, Any]) -> dict[str, Any]:
    arguments = {k: v for k, v in tool.parameters.items() if k not in ("$defs", "title")}
    own = tool.parameters.get("$defs", {})
    if any(name in defs and defs[name] != spec for name, spec in own.items()):
        arguments = {"type": "object"}
    else:
        defs.update(own)
    return {
        "type": "object",
        "properties": {"tool": {"const": tool.name}, "arguments": arguments},
        "required": ["tool", "arguments"],
        "additionalProperties": False,
    }


@dataclass(kw_only=True)
class ParsedReply:
    """A reply read by ``parse_reply``: a tool call (``tool`` set) or an ``answer``.

    ``raw_arguments`` holds the arguments text when it was not a JSON object.
    """

    answer: str | None = None
    tool: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    raw_arguments: str | None = None


def parse_reply(text: str) -> ParsedReply:
    """Read a reply: strict JSON first, then JSON inside other text, then fragments.

    A reply that is not in the format at all is taken as the answer text.
    """
    stripped = _FENCE.sub("", text.strip())
    value = _first_object(stripped)
    if isinstance(value, dict):
        reply = _from_object(value)
        if reply is not None:
            return reply
    return _from_fragments(stripped)


def _first_object(text: str) -> Any:
    start = text.find("{")
    if start < 0:
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(text, start)
    except ValueError:
        return None
    return value


def _from_object(value: dict[str, Any]) -> ParsedReply | None:
    tool = value.get("tool")
    if isinstance(tool, str) and tool:
        arguments = value.get("arguments", {})
        if isinstance(arguments, dict):
            return ParsedReply(tool=tool, arguments=arguments)
        if isinstance(arguments, str):
            return _string_arguments(tool, arguments)
        return ParsedReply(tool=tool, raw_arguments=json.dumps(arguments))
    answer = value.get("answer")
    if isinstance(answer, str):
        return ParsedReply(answer=answer)
    return None


def _string_arguments(tool: str, arguments: str) -> ParsedReply:
    try:
        parsed = json.loads(arguments) if arguments.strip() else {}
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        return ParsedReply(tool=tool, arguments=parsed)
    return ParsedReply(tool=tool, raw_arguments=arguments)


def _from_fragments(text: str) -> ParsedReply:
    """A reply cut short (by ``max_tokens``) or wrapped in prose."""
    name = _TOOL_NAME.search(text)
    if name is not None:
        arguments = _ARGUMENTS.search(text, name.end())
        rest = text[arguments.end() :].strip() if arguments else ""
        value = _first_object(rest) if rest.startswith("{") else None
        if isinstance(value, dict):
            return ParsedReply(tool=name.group(1), arguments=value)
        return ParsedReply(tool=name.group(1), raw_arguments=rest or None)
    opening = _OPENING.match(text)
    if opening is not None:
        return ParsedReply(answer=decode_partial_string(text[opening.end() :])[0])
    return ParsedReply(answer=text)


def decode_partial_string(text: str) -> tuple[str, bool]:
    """Decode the body of a JSON string that may be incomplete: ``(text, closed)``.

    Stops before an escape sequence that is not complete yet.
    """
    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == '"':
            return "".join(out), True
        if char != "\\":
            out.append(char)
            i += 1
            continue
        decoded, width = _escape(text, i)
        if width == 0:
            break
        out.append(decoded)
        i += width
    return "".join(out), False


def _escape(text: str, i: int) -> tuple[str, int]:
    """The character of the escape at ``text[i]`` and its width (0: incomplete)."""
    if i + 1 >= len(text):
        return "", 0
    kind = text[i + 1]
    if kind != "u":
        return _ESCAPES.get(kind, kind), 2
    code = _hex(text[i + 2 : i + 6])
    if code is None:
        return "", 0
    if 0xD800 <= code < 0xDC00:  # a surrogate pair: \uD83D\uDE00
        low = _hex(text[i + 8 : i + 12]) if text[i + 6 : i + 8] == "\\u" else None
        if low is None:
            return "", 0
        return chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)), 12
    return chr(code), 6


def _hex(digits: str) -> int | None:
    if len(digits) < 4:
        return None
    try:
        return int(digits, 16)
    except ValueError:
        return None


class AnswerStream:
    """Yields the answer text of a reply while it is generated.

    ``feed(piece)`` returns the new answer text (empty while the reply is
    not known to be an answer, and always empty for a tool call).

    Example::

        stream = AnswerStream()
        assert stream.feed('{"answer": "Hel') == "Hel"
        assert stream.feed('lo"}') == "lo"
    """

    def __init__(self) -> None:
        self.text = ""
        self.emitted = ""
        self._start: int | None = None
        self._decided = False

    def feed(self, piece: str) -> str:
        self.text += piece
        if not self._decided:
            self._decide()
        if self._start is None:
            return ""
        answer, _ = decode_partial_string(self.text[self._start :])
        new = answer[len(self.emitted) :]
        self.emitted = answer
        return new

    def _decide(self) -> None:
        compact = re.sub(r"\s+", "", self.text)
        if _ANSWER_OPENING.startswith(compact):
            return  # could still become an answer
        self._decided = True
        opening = _OPENING.match(self.text)
        self._start = opening.end() if opening is not None else None
