"""Tool-argument parsing never crashes: ``ToolRegistry.execute`` turns any call
(arbitrary arguments, raw JSON text, tool names) into a ``ToolResult`` -- a
value, or a clear error the model can read and act on."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Literal

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from hookline import ToolCall, ToolContext, ToolRegistry, ToolResult, User, tool

USER = User(id="prop", username="prop", group_memberships=["staff"])


class Range(BaseModel):
    low: int
    high: int


@tool
async def add(a: int, b: int = 0) -> str:
    """Add two numbers."""
    return str(a + b)


@tool
def tag(name: str, labels: list[str], mode: Literal["on", "off"] = "on") -> str:
    """A sync tool with a list and a literal."""
    return f"{name}:{','.join(labels)}:{mode}"


@tool
async def between(span: Range, inclusive: bool | None = None) -> str:
    """A nested model argument."""
    return f"{span.low}..{span.high}"


@tool
async def explode(text: str) -> str:
    """A tool with a bug."""
    raise ValueError(f"cannot handle {text!r}")


@tool(access_groups=["admins"])
async def secret(key: str) -> str:
    """Only for admins."""
    return key


REGISTRY = ToolRegistry([add, tag, between, explode, secret])
CONTEXT = ToolContext(user=USER, conversation_id="c1", request_id="r1")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4)
    ),
    max_leaves=12,
)
argument_dicts = st.dictionaries(
    st.sampled_from(["a", "b", "name", "labels", "mode", "span", "inclusive", "text", "key"])
    | st.text(),
    json_values,
    max_size=5,
)
names = st.sampled_from(REGISTRY.tool_names) | st.text(max_size=20)
raw_texts = st.none() | st.text() | json_values.map(json.dumps)


def _execute(call: ToolCall) -> ToolResult:
    return asyncio.run(REGISTRY.execute(call, CONTEXT))


def _assert_clear(result: ToolResult, call: ToolCall) -> None:
    assert isinstance(result, ToolResult)
    if result.success:
        assert result.result_for_llm
        return
    assert result.error and result.result_for_llm == result.error
    assert repr(call.name) in result.error  # it says which tool, so the model can fix the call


@settings(max_examples=300, deadline=None)
@given(names, argument_dicts, raw_texts)
def test_any_call_becomes_a_result_never_an_exception(
    name: str, arguments: dict[str, Any], raw: str | None
) -> None:
    call = ToolCall(id="t1", name=name, arguments=arguments, raw_arguments=raw)
    _assert_clear(_execute(call), call)


@settings(max_examples=200, deadline=None)
@given(names, json_values, raw_texts)
def test_arguments_that_are_not_an_object_are_refused_clearly(
    name: str, arguments: Any, raw: str | None
) -> None:
    """A provider adapter that skipped validation (``model_construct``) still gets a result."""
    call = ToolCall.model_construct(id="t1", name=name, arguments=arguments, raw_arguments=raw)
    _assert_clear(_execute(call), call)


@settings(max_examples=100, deadline=None)
@given(st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6))
def test_valid_arguments_give_the_value(a: int, b: int) -> None:
    as_object = _execute(ToolCall(id="t1", name="add", arguments={"a": a, "b": b}))
    as_text = _execute(ToolCall(id="t2", name="add", raw_arguments=json.dumps({"a": a, "b": b})))
    assert as_object.result_for_llm == as_text.result_for_llm == str(a + b)
