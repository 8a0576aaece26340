"""vanna 2: ``Agent`` with a custom ``LlmService`` (the scripted model), its
in-memory conversation store, and ``n`` no-op ``LifecycleHook``s (vanna calls
``before_message``, ``before_tool``, ``after_tool`` and ``after_message``).

The default ``DefaultLlmContextEnhancer`` would search ``agent_memory`` on
every turn; a no-op enhancer is passed instead, as hookline runs without
memory here.  vanna's default workflow handler stays on (so does hookline's).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from importlib.metadata import version as installed_version
from typing import Any

from pydantic import BaseModel
from scenario import ANSWER, CALL_ID, QUESTION, TOOL_NAME, Calls, Turn
from vanna import Agent, AgentConfig, ToolRegistry  # type: ignore[import-not-found]
from vanna.core.enhancer import LlmContextEnhancer  # type: ignore[import-not-found]
from vanna.core.lifecycle import LifecycleHook  # type: ignore[import-not-found]
from vanna.core.llm import (  # type: ignore[import-not-found]
    LlmRequest,
    LlmResponse,
    LlmService,
    LlmStreamChunk,
)
from vanna.core.tool import Tool, ToolCall, ToolContext, ToolResult  # type: ignore[import-not-found]
from vanna.core.user import User  # type: ignore[import-not-found]
from vanna.core.user.request_context import RequestContext  # type: ignore[import-not-found]
from vanna.core.user.resolver import UserResolver  # type: ignore[import-not-found]
from vanna.integrations.local import MemoryConversationStore  # type: ignore[import-not-found]
from vanna.integrations.local.agent_memory import DemoAgentMemory  # type: ignore[import-not-found]

LABEL = "vanna"
IMPORT = "import vanna"
_USER = User(id="bench", username="bench")


def version() -> str:
    return installed_version("vanna")


class ScriptedLlm(LlmService):  # type: ignore[misc]
    """Asks for the constant tool, then answers once the tool result is in."""

    def _respond(self, request: Any) -> Any:
        if request.messages[-1].role == "tool":
            return LlmResponse(content=ANSWER, finish_reason="stop")
        call = ToolCall(id=CALL_ID, name=TOOL_NAME, arguments={})
        return LlmResponse(tool_calls=[call], finish_reason="tool_calls")

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        return self._respond(request)

    async def stream_request(self, request: LlmRequest) -> AsyncGenerator[LlmStreamChunk, None]:
        response = self._respond(request)
        yield LlmStreamChunk(
            content=response.content,
            tool_calls=response.tool_calls,
            finish_reason=response.finish_reason,
        )

    async def validate_tools(self, tools: list[Any]) -> list[str]:
        return []


class NoArgs(BaseModel):
    """The constant tool takes no arguments."""


class ConstantTool(Tool[NoArgs]):  # type: ignore[misc]
    @property
    def name(self) -> str:
        return TOOL_NAME

    @property
    def description(self) -> str:
        return "Returns a constant."

    def get_args_schema(self) -> type[NoArgs]:
        return NoArgs

    async def execute(self, context: ToolContext, args: NoArgs) -> ToolResult:
        return ToolResult(success=True, result_for_llm=Calls.tool_ran())


class OneUser(UserResolver):  # type: ignore[misc]
    async def resolve_user(self, request_context: RequestContext) -> User:
        return _USER


class NoOpHook(LifecycleHook):  # type: ignore[misc]
    """Overrides every lifecycle method with a no-op."""

    async def before_message(self, user: Any, message: str) -> str | None:
        return None

    async def after_message(self, result: Any) -> None:
        return None

    async def before_tool(self, tool: Any, context: Any) -> None:
        return None

    async def after_tool(self, result: Any) -> Any:
        return None


class NoEnhancer(LlmContextEnhancer):  # type: ignore[misc]
    """vanna's enhancer base class does nothing."""


def build(hooks: int) -> Turn:
    tools = ToolRegistry()
    tools.register_local_tool(ConstantTool(), access_groups=[])
    agent = Agent(
        llm_service=ScriptedLlm(),
        tool_registry=tools,
        user_resolver=OneUser(),
        agent_memory=DemoAgentMemory(),
        config=AgentConfig(),
        lifecycle_hooks=[NoOpHook() for _ in range(hooks)],
        llm_context_enhancer=NoEnhancer(),
    )
    context = RequestContext()
    turns = 0

    async def one_turn() -> str:
        nonlocal turns
        turns += 1
        if turns % 100 == 0:  # the store keeps every conversation: drop them now and then
            agent.conversation_store = MemoryConversationStore()
        text = ""
        async for component in agent.send_message(context, QUESTION):
            rich = component.rich_component
            if getattr(rich, "type", None) == "text" and getattr(rich, "content", None):
                text += rich.content
        return text

    return one_turn
