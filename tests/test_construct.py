"""hookline._construct: the fast constructors build exactly what the class builds."""

from __future__ import annotations

import dataclasses

import pytest

from hookline._construct import constructor
from hookline.components.base import UiComponent
from hookline.components.rich import RichTextComponent, ToolExecutionComponent
from hookline.hooks.events import AfterLLMCallEvent
from hookline.hooks.registry import HookContext
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.tools.result import ToolResult


def test_defaults_and_default_factories_are_the_class_own() -> None:
    make = constructor(ToolResult)
    first, second = make(result_for_llm="a"), make(result_for_llm="b")
    assert first == ToolResult(result_for_llm="a")
    assert first.metadata == {} and first.metadata is not second.metadata


def test_frozen_and_nested_dataclasses() -> None:
    context = constructor(HookContext)(agent_path="a.b", request_id="r")
    assert context == HookContext(agent_path="a.b", request_id="r")
    with pytest.raises(dataclasses.FrozenInstanceError):
        context.agent_path = "x"  # type: ignore[misc]
    text = constructor(RichTextComponent)(content="Hi", delta=True)
    component = constructor(UiComponent)(rich_component=text)
    assert component == UiComponent(rich_component=RichTextComponent(content="Hi", delta=True))


def test_missing_and_unknown_fields_fail_like_the_class() -> None:
    make = constructor(ToolExecutionComponent)
    with pytest.raises(TypeError, match="tool"):
        make(call_id="c", arguments={}, status="running")
    with pytest.raises(TypeError, match="colour"):
        make(tool="t", call_id="c", arguments={}, status="running", colour="red")


def test_events_keep_their_mutable_fields() -> None:
    request, response = LlmRequest(messages=[]), LlmResponse(content="x")
    event = constructor(AfterLLMCallEvent)(iteration=1, request=request, response=response)
    assert event.reject_reason is None and event.retry_feedback is None
    event.reject_reason = "no"
    assert event == AfterLLMCallEvent(
        iteration=1, request=request, response=response, reject_reason="no"
    )


def test_only_keyword_only_dataclasses() -> None:
    @dataclasses.dataclass
    class Positional:
        a: int

    with pytest.raises(TypeError, match="positional"):
        constructor(Positional)
    with pytest.raises(TypeError, match="not a dataclass"):
        constructor(int)


def test_every_pipeline_constructor_builds_what_the_class_builds() -> None:
    """The stored-fields path against the class, for every class the pipeline builds fast."""
    from hookline.agent import streaming, tool_step, turn
    from hookline.components.simple import SimpleTextComponent

    assert constructor(SimpleTextComponent)(text="x") == SimpleTextComponent(text="x")
    assert streaming.make_ui(rich_component=RichTextComponent(content="a")) == UiComponent(
        rich_component=RichTextComponent(content="a")
    )
    made = tool_step._make_tool_execution(tool="t", call_id="c", arguments={}, status="running")
    assert made == ToolExecutionComponent(tool="t", call_id="c", arguments={}, status="running")
    assert turn._new_filter_messages(iteration=1, messages=[]).messages == []


def test_a_dataclass_with_its_own_init_is_built_by_it() -> None:
    @dataclasses.dataclass(init=False, kw_only=True)
    class Doubling:
        value: int

        def __init__(self, *, value: int) -> None:
            self.value = value * 2

    assert constructor(Doubling)(value=2).value == 4
