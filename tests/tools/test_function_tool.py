"""The @tool decorator and the ToolRegistry."""

from __future__ import annotations

import threading
from typing import Literal

import pytest
from pydantic import BaseModel

from hookline import (
    Tool,
    ToolCall,
    ToolContext,
    ToolRegistry,
    ToolResult,
    User,
    tool,
)

USER = User(id="u")
CONTEXT = ToolContext(user=USER, conversation_id="c", request_id="r")


@tool
async def search(query: str, limit: int = 5, mode: Literal["fast", "deep"] = "fast") -> str:
    """Search the catalogue.

    Longer explanation that is part of the description.

    Args:
        query: What to look for.
        limit: How many results,
            at most.
        mode: Search strategy.
    """
    return f"{query}:{limit}:{mode}"


def test_schema_comes_from_type_hints_and_docstring() -> None:
    schema = search.get_schema()
    assert schema.name == "search"
    assert schema.description == (
        "Search the catalogue.\n\nLonger explanation that is part of the description."
    )
    params = schema.parameters
    assert params["required"] == ["query"]
    assert params["properties"]["query"] == {
        "description": "What to look for.",
        "title": "Query",
        "type": "string",
    }
    assert params["properties"]["limit"]["default"] == 5
    assert params["properties"]["limit"]["description"] == "How many results, at most."
    assert params["properties"]["mode"]["enum"] == ["fast", "deep"]
    assert params["additionalProperties"] is False


async def test_sync_tools_run_off_the_event_loop_unless_inline() -> None:
    threads: list[str] = []

    @tool
    def blocking() -> str:
        """Runs in a worker thread."""
        threads.append(threading.current_thread().name)
        return "ok"

    @tool(inline=True, name="cheap")
    def inline() -> str:
        """Runs on the loop."""
        threads.append(threading.current_thread().name)
        return "ok"

    registry = ToolRegistry([blocking, inline])
    await registry.execute(ToolCall(id="1", name="blocking"), CONTEXT)
    await registry.execute(ToolCall(id="2", name="cheap"), CONTEXT)
    assert threads[0] != threading.current_thread().name
    assert threads[1] == threading.current_thread().name


async def test_context_parameter_is_injected_and_hidden() -> None:
    @tool
    async def whoami(context: ToolContext, loud: bool = False) -> str:
        """Says who asks."""
        return context.user.id.upper() if loud else context.user.id

    assert list(whoami.get_schema().parameters["properties"]) == ["loud"]
    result = await ToolRegistry([whoami]).execute(
        ToolCall(id="1", name="whoami", arguments={"loud": True}), CONTEXT
    )
    assert result.result_for_llm == "U"


async def test_return_values_become_results() -> None:
    class Point(BaseModel):
        x: int

    @tool
    async def as_dict() -> dict[str, int]:
        """A dict."""
        return {"a": 1}

    @tool
    async def as_model() -> Point:
        """A model."""
        return Point(x=3)

    @tool
    async def as_result() -> ToolResult:
        """A result."""
        return ToolResult(success=False, result_for_llm="nope", error="nope")

    registry = ToolRegistry([as_dict, as_model, as_result])
    outputs = [
        await registry.execute(ToolCall(id=str(i), name=name), CONTEXT)
        for i, name in enumerate(["as_dict", "as_model", "as_result"])
    ]
    assert [o.result_for_llm for o in outputs] == ['{"a": 1}', '{"x":3}', "nope"]
    assert outputs[2].success is False


async def test_schemas_are_built_once_and_cached_per_group_set() -> None:
    built: list[str] = []

    class NoArgs(BaseModel):
        pass

    class Counting(Tool[BaseModel]):
        name = "counting"
        description = "Counts schema builds."
        access_groups = ["staff"]

        def get_args_schema(self) -> type[BaseModel]:
            return NoArgs

        def get_schema(self):  # type: ignore[no-untyped-def]
            built.append("schema")
            return super().get_schema()

        async def execute(self, context: ToolContext, args: BaseModel) -> ToolResult:
            return ToolResult(result_for_llm="ok")

    registry = ToolRegistry([Counting(), search])
    staff = User(id="s", group_memberships=["staff"])
    for _ in range(100):
        assert [s.name for s in await registry.get_schemas(staff)] == ["counting", "search"]
        assert [s.name for s in await registry.get_schemas(USER)] == ["search"]
    assert built == ["schema"]
    mutated = await registry.get_schemas(USER)
    mutated.clear()
    assert len(await registry.get_schemas(USER)) == 1  # callers get a copy


def test_registry_refuses_duplicates_and_bad_names() -> None:
    registry = ToolRegistry([search])
    with pytest.raises(ValueError, match="already registered"):
        registry.register(search)

    @tool(name="bad name!")
    async def bad() -> str:
        """Bad."""
        return ""

    with pytest.raises(ValueError, match="use letters, digits"):
        registry.register(bad)


def test_star_args_cannot_be_described() -> None:
    with pytest.raises(TypeError, match="cannot be described"):

        @tool
        async def variadic(*items: str) -> str:
            """Variadic."""
            return ""
