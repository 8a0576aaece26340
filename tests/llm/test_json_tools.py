"""The JSON reply format of models without native tool calls: schema, prompt, parser, stream."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hookline.llm import ToolSchema
from hookline.llm.json_tools import (
    ANSWER_SCHEMA,
    AnswerStream,
    ParsedReply,
    decode_partial_string,
    parse_reply,
    reply_schema,
    tool_instructions,
)

WEATHER = ToolSchema(
    name="get_weather",
    description="Get the weather.",
    parameters={
        "type": "object",
        "title": "GetWeatherArgs",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"],
    },
)


def test_schema_has_one_branch_per_tool_and_the_answer() -> None:
    schema = reply_schema([WEATHER])

    tool_branch, answer_branch = schema["anyOf"]
    assert tool_branch["properties"]["tool"] == {"const": "get_weather"}
    assert tool_branch["properties"]["arguments"] == {
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"],
    }
    assert tool_branch["required"] == ["tool", "arguments"]
    assert answer_branch == ANSWER_SCHEMA


def test_schema_without_tools_allows_only_an_answer() -> None:
    assert reply_schema([WEATHER], allow_tools=False) == ANSWER_SCHEMA
    assert reply_schema([]) == ANSWER_SCHEMA


def test_defs_move_to_the_root_and_clashes_fall_back_to_any_object() -> None:
    unit = {"enum": ["c", "f"], "type": "string"}
    first = ToolSchema(
        name="a",
        description="A.",
        parameters={
            "type": "object",
            "properties": {"u": {"$ref": "#/$defs/Unit"}},
            "$defs": {"Unit": unit},
        },
    )
    clash = ToolSchema(
        name="b",
        description="B.",
        parameters={
            "type": "object",
            "properties": {"u": {"$ref": "#/$defs/Unit"}},
            "$defs": {"Unit": {"type": "integer"}},
        },
    )

    schema = reply_schema([first, clash])

    assert schema["$defs"] == {"Unit": unit}
    assert schema["anyOf"][0]["properties"]["arguments"]["properties"] == {
        "u": {"$ref": "#/$defs/Unit"}
    }
    assert schema["anyOf"][1]["properties"]["arguments"] == {"type": "object"}


def test_instructions_list_tools_and_both_reply_shapes() -> None:
    text = tool_instructions([WEATHER])

    assert '- get_weather: Get the weather. Arguments: {"city": string, "days": integer}' in text
    assert '{"tool": "<tool name>", "arguments": {...}}' in text
    assert '{"answer": "<your answer>"}' in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '{"tool": "get_weather", "arguments": {"city": "Rome"}}',
            ParsedReply(tool="get_weather", arguments={"city": "Rome"}),
        ),
        ('{\n  "answer": "Paris."\n}', ParsedReply(answer="Paris.")),
        ('```json\n{"answer": "fenced"}\n```', ParsedReply(answer="fenced")),
        (
            'Sure! {"tool": "get_weather", "arguments": {"city": "Oslo"}} done',
            ParsedReply(tool="get_weather", arguments={"city": "Oslo"}),
        ),
        (
            '{"tool": "get_weather", "arguments": "{\\"city\\": \\"Bern\\"}"}',
            ParsedReply(tool="get_weather", arguments={"city": "Bern"}),
        ),
        (
            '{"tool": "get_weather", "arguments": {"city": "Pa',
            ParsedReply(tool="get_weather", raw_arguments='{"city": "Pa'),
        ),
        (
            '{"tool": "get_weather", "arguments": {"city": "Lima"}',
            ParsedReply(tool="get_weather", arguments={"city": "Lima"}),
        ),
        ('{"answer": "cut sho', ParsedReply(answer="cut sho")),
        ("Just plain text.", ParsedReply(answer="Just plain text.")),
        ('{"something": "else"}', ParsedReply(answer='{"something": "else"}')),
    ],
    ids=[
        "tool",
        "answer",
        "fenced",
        "in-prose",
        "string-arguments",
        "truncated-tool",
        "missing-brace",
        "truncated-answer",
        "plain-text",
        "other-object",
    ],
)
def test_parse_reply(text: str, expected: ParsedReply) -> None:
    assert parse_reply(text) == expected


def test_partial_strings_stop_before_incomplete_escapes() -> None:
    assert decode_partial_string('a\\nb"rest') == ("a\nb", True)
    assert decode_partial_string("caf\\u00e9 \\u00") == ("café ", False)
    assert decode_partial_string("smile \\ud83d\\ude00") == ("smile \U0001f600", False)
    assert decode_partial_string("smile \\ud83d") == ("smile ", False)
    assert decode_partial_string("tail\\") == ("tail", False)


def test_answer_stream_yields_only_the_answer_text() -> None:
    stream = AnswerStream()
    pieces = ["{", '\n  "ans', 'wer": "', "Hel", "lo \\", '"you\\"', '"\n}']

    emitted = [stream.feed(piece) for piece in pieces]

    assert emitted == ["", "", "", "Hel", "lo ", '"you"', ""]
    assert stream.emitted == 'Hello "you"'


def test_answer_stream_stays_silent_for_a_tool_call() -> None:
    stream = AnswerStream()
    reply = '{"tool": "get_weather", "arguments": {"answer": "x"}}'

    assert [stream.feed(char) for char in reply] == [""] * len(reply)


@given(st.text(max_size=40), st.lists(st.integers(min_value=1, max_value=7), max_size=12))
def test_streamed_answer_equals_the_parsed_answer(answer: str, cuts: list[int]) -> None:
    reply = json.dumps({"answer": answer})
    stream = AnswerStream()
    position = 0
    for cut in [*cuts, len(reply)]:
        stream.feed(reply[position : position + cut])
        position += cut
    stream.feed(reply[position:])

    assert stream.emitted == answer == parse_reply(reply).answer
