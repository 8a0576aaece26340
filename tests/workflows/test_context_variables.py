"""ContextVariables: shared by agents' tools, lifecycle tools and handlers; copied per run."""

from __future__ import annotations

from pydantic import BaseModel

from hookline import (
    ToolContext,
    ToolResult,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.tools.base import Tool
from hookline.workflows import (
    ContextVariables,
    ContextVariablesTool,
    LifecycleTool,
    Workflow,
)

from .conftest import llm_of, scripted_agent


@tool
def remember(code: str, context_variables: ContextVariables) -> str:
    """Remember a code for the other agents.

    Args:
        code: The code to remember.
    """
    context_variables.data["code"] = code
    return "remembered"


class NoArgs(BaseModel):
    pass


class ReadCode(Tool[NoArgs]):
    """A class-based tool: it reads the run's ContextVariables from the ToolContext."""

    name = "read_code"
    description = "Read the remembered code."

    def get_args_schema(self) -> type[NoArgs]:
        return NoArgs

    async def execute(self, context: ToolContext, args: NoArgs) -> ToolResult:
        variables = context.metadata["context_variables"]
        assert isinstance(variables, ContextVariables)
        return ToolResult(result_for_llm=f"code={variables.data.get('code')}")


def writer_and_reader() -> Workflow:
    writer = scripted_agent(
        "writer",
        [tool_call_reply("remember", {"code": "42"}), text_reply("Stored the code.")],
        tools=[remember],
    )
    reader = scripted_agent(
        "reader", [tool_call_reply("read_code"), text_reply("The code is 42.")], tools=[ReadCode()]
    )
    return Workflow(
        "codes", [writer, reader], context_variables={"code": None, "seen": []}, max_rounds=2
    )


async def test_a_tools_mutation_is_visible_to_the_next_agents_tool() -> None:
    workflow = writer_and_reader()
    result = await workflow.run("Pass the code on")
    assert result.context_variables.data["code"] == "42"
    reader_llm = llm_of(workflow.agent("reader"))
    tool_message = reader_llm.requests[1].messages[-1]
    assert tool_message.role == "tool"
    assert tool_message.content == "code=42"


async def test_the_model_never_sees_the_context_variables_parameter() -> None:
    workflow = writer_and_reader()
    await workflow.run("Pass the code on")
    schemas = llm_of(workflow.agent("writer")).requests[0].tools or []
    remember_schema = next(schema for schema in schemas if schema.name == "remember")
    assert list(remember_schema.parameters["properties"]) == ["code"]
    assert remember_schema.parameters["required"] == ["code"]


async def test_every_run_starts_from_a_copy_of_the_workflows_context_variables() -> None:
    workflow = writer_and_reader()
    first = await workflow.run("Pass the code on")
    assert first.context_variables.data["code"] == "42"
    assert workflow.context_variables.data == {"code": None, "seen": []}
    assert first.context_variables.data["workflow_name"] == "codes"
    assert first.context_variables.data["chat_id"] == first.state_id
    assert first.context_variables.data["user_id"] == "default"


async def test_lifecycle_tools_and_agents_share_one_instance() -> None:
    def before_reader(context_variables: ContextVariables) -> None:
        context_variables.data["seen"].append(
            f"before reader: code={context_variables.get('code')}"
        )

    async def after_chat(context_variables: ContextVariables) -> None:
        context_variables.data["seen"].append("after chat")

    workflow = writer_and_reader()
    workflow = Workflow(
        "codes",
        workflow.agents,
        context_variables={"code": None, "seen": []},
        max_rounds=2,
        lifecycle_tools=[
            LifecycleTool(trigger="before_agent", agent="reader", func=before_reader),
            LifecycleTool(trigger="after_chat", func=after_chat),
        ],
    )
    result = await workflow.run("Pass the code on")
    assert result.context_variables.data["seen"] == ["before reader: code=42", "after chat"]


async def test_adapted_tool_keeps_tool_context_injection_and_sync_execution() -> None:
    seen: list[object] = []

    @tool
    def both(x: int, context: ToolContext, context_variables: ContextVariables) -> str:
        """Uses both."""
        seen.append(context.conversation_id)
        context_variables.data["x"] = x
        return "ok"

    variables = ContextVariables()
    adapted = ContextVariablesTool(both, variables)
    assert list(adapted.get_schema().parameters["properties"]) == ["x"]
    agent = scripted_agent("solo", [tool_call_reply("both", {"x": 3}), text_reply("done")], [both])
    result = await Workflow("one", [agent], max_rounds=1).run("go")
    assert result.context_variables.data["x"] == 3
    assert seen == [f"{result.state_id}.solo"]
